'use strict';
// The appointments bench's tables (appointments.bench.js): ratios to the ceilings, CPU per request by process, and
// the statements per booking from pg_stat_statements.
const { Client } = require('pg');
const { log } = require('./appointments-data');

/** Roles that are not the platform: the whole machine, and the bench's own process. */
const NOT_PLATFORM = new Set(['machine', 'load generator']);

/**
 * CPU µs per request by process (a row each), one column per measured path, and the platform's sum (every process
 * of the platform: gateway, services, nats-server, the bench database's PostgreSQL backends; the ceiling is one).
 */
function cpuTable(rows) {
  const roles = [...new Set(rows.flatMap((row) => Object.keys(row.cpuPerRequest || {})))];
  if (!roles.length) return '';
  const ordered = [...roles.filter((role) => !NOT_PLATFORM.has(role)).sort(), ...roles.filter((role) => NOT_PLATFORM.has(role))];
  const lines = [`| CPU µs per request | ${rows.map((row) => row.label.split(' (')[0]).join(' | ')} |`, `|---|${rows.map(() => '---:').join('|')}|`];
  for (const role of ordered) lines.push(`| ${role} | ${rows.map((row) => row.cpuPerRequest?.[role] ?? '').join(' | ')} |`);
  const platform = (row) => Object.entries(row.cpuPerRequest || {}).reduce((sum, [role, us]) => (NOT_PLATFORM.has(role) ? sum : sum + us), 0);
  lines.push(`| **platform, summed** | ${rows.map((row) => `**${platform(row)}**`).join(' | ')} |`);
  return lines.join('\n');
}

/**
 * pg_stat_statements of the bench database, when the server has it loaded (shared_preload_libraries; BENCH_POSTGRES
 * can point at a cluster started so): `reset()` before a load, `top(requests)` after it: statements per request and
 * their time. Null when it cannot be read (the extension is not loaded, or not available).
 */
async function statementStats(databaseUrl) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
  } catch (error) {
    log(`pg_stat_statements unavailable (${error.message.split('\n')[0]}): no statement table`);
    await client.end();
    return null;
  }
  return {
    reset: () => client.query('SELECT pg_stat_statements_reset()'),
    async top(requests, limit = 25) {
      const { rows } = await client.query(
        `SELECT calls::int, total_exec_time + total_plan_time AS ms, rows::bigint AS rows, regexp_replace(query, '\\s+', ' ', 'g') AS query
           FROM pg_stat_statements
          WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          ORDER BY calls DESC, ms DESC`,
      );
      const calls = rows.reduce((sum, row) => sum + row.calls, 0);
      const ms = rows.reduce((sum, row) => sum + row.ms, 0);
      const lines = [
        `pg_stat_statements over the bookings and their consumers: ${(calls / requests).toFixed(1)} statements per booking, ${((ms * 1000) / requests).toFixed(0)} µs of statement time per booking (planning + execution).`,
        '',
        '| calls per booking | µs per call | statement |',
        '|---:|---:|---|',
      ];
      for (const row of rows.slice(0, limit)) {
        const query = row.query.length > 140 ? `${row.query.slice(0, 137)}...` : row.query;
        lines.push(`| ${(row.calls / requests).toFixed(2)} | ${((row.ms * 1000) / Math.max(1, row.calls)).toFixed(0)} | \`${query.replace(/\|/g, '\\|')}\` |`);
      }
      return lines.join('\n');
    },
    close: () => client.end(),
  };
}

function markdownTable(rows, ceiling, bare) {
  const lines = ['| path | req/s | p99 ms | errors | ÷ ceiling (Fastify + pg) | ÷ bare node:http |', '|---|---|---|---|---|---|'];
  for (const row of rows) {
    lines.push(`| ${row.label} | ${row.rps} | ${row.p99} | ${row.errors} | ${(row.rps / ceiling.rps).toFixed(2)} | ${(row.rps / bare.rps).toFixed(3)} |`);
  }
  return lines.join('\n');
}

module.exports = { cpuTable, statementStats, markdownTable };
