// Expand/contract: a migration must never break the release that is still running while it is applied (the old
// pods keep serving during the migration Job and the rollout, and a rollback runs the old code on the new schema).
// So a migration only *expands* (new tables, nullable or defaulted columns, indexes, new constraints NOT VALID on
// new columns...). What the old code relies on is removed or tightened only by a *contract* migration, one release
// after the expand step that made the old usage unnecessary, and marked as such in its file:
//
//   // contract-of: AddNoteAuthor1900000000200   (the earlier expand migration whose release no longer needs it)
//
// This module finds the breaking statements in a migration's up() and the marker; expand-contract.spec.ts runs it
// over every migration newer than BASELINE (the ones released before the rule are history).
const fs = require('node:fs');
const path = require('node:path');

/** Migrations up to this timestamp were released before the rule existed. */
const BASELINE = 1764100000100;

/** Statements that break the previous release, with why. Matched on up()'s SQL, comments removed, spaces collapsed. */
const BREAKING = [
  { rule: 'DROP TABLE', re: /\bDROP\s+TABLE\b/i, why: 'the previous release still reads and writes it' },
  { rule: 'DROP VIEW/FUNCTION/TYPE/SCHEMA', re: /\bDROP\s+(MATERIALIZED\s+VIEW|VIEW|FUNCTION|TYPE|SCHEMA)\b/i, why: 'the previous release may use it' },
  // in ALTER TABLE, DROP is followed by COLUMN (optional keyword: then the column's name) or by what is not a column
  { rule: 'DROP COLUMN', re: /\bALTER\s+TABLE\b.*\bDROP\s+(COLUMN\b|(?!(CONSTRAINT|DEFAULT|NOT|IDENTITY|EXPRESSION)\b)"?[a-z_])/i, why: 'the previous release still selects or inserts it' },
  { rule: 'RENAME', re: /\bRENAME\b/i, why: 'the previous release uses the old name (add the new one, copy, contract later)' },
  { rule: 'ALTER COLUMN TYPE', re: /\bALTER\s+(COLUMN\s+)?"?[a-z_][a-z0-9_]*"?\s+(SET\s+DATA\s+)?TYPE\b/i, why: 'the previous release reads and writes the old type' },
  { rule: 'SET NOT NULL', re: /\bSET\s+NOT\s+NULL\b/i, why: 'the previous release inserts rows without the column' },
  {
    rule: 'ADD COLUMN NOT NULL without DEFAULT',
    re: /\bADD\s+(COLUMN\s+)?(IF\s+NOT\s+EXISTS\s+)?(?!(CONSTRAINT|PRIMARY|UNIQUE|FOREIGN|CHECK|EXCLUDE)\b)"?[a-z_][a-z0-9_]*"?\s+((?!\bDEFAULT\b)[^,])*\bNOT\s+NULL\b((?!\bDEFAULT\b)[^,])*(,|$)/i,
    why: 'the previous release inserts rows without the column (give it a DEFAULT, or add it nullable and contract later)',
  },
];

const MARKER = /^\s*\/\/\s*contract-of:\s*([A-Za-z_][A-Za-z0-9_]*\d{13})\s*$/m;

/** The SQL text of a migration's up(): its source between `up(` and `down(`, comments removed, spaces collapsed. */
function upSql(source) {
  const start = source.search(/\basync\s+up\s*\(/);
  const end = source.search(/\basync\s+down\s*\(/);
  const body = start < 0 ? source : source.slice(start, end > start ? end : undefined);
  return body
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:])\/\/[^\n]*/g, '$1 ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\s+/g, ' ');
}

/** The breaking statements of one migration's source: [{rule, why}]. */
function breakingChanges(source) {
  const sql = upSql(source);
  // the statements inside each query string, so a rule never spans two statements
  // (parenthesised parts such as numeric(10,2) or CHECK (...) emptied, so a comma inside them ends nothing)
  const statements = sql.split(/;|`\s*\)/).map((statement) => {
    let flat = statement;
    for (let previous = ''; previous !== flat; ) [previous, flat] = [flat, flat.replace(/\([^()]*\)/g, '()')];
    return flat;
  });
  return BREAKING.filter(({ re }) => statements.some((statement) => re.test(statement))).map(({ rule, why }) => ({ rule, why }));
}

/** Every migration file of every service: {service, file, name, timestamp, source}. */
function migrations(repo) {
  const files = [];
  const services = path.join(repo, 'services');
  for (const service of fs.readdirSync(services)) {
    const dir = path.join(services, service, 'src', 'migrations');
    if (fs.existsSync(dir)) for (const f of fs.readdirSync(dir)) if (f.endsWith('.ts') && !f.endsWith('.spec.ts')) files.push({ service, file: path.join(dir, f) });
  }
  const shared = path.join(services, 'shared', 'src');
  const walk = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).forEach((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.migration.ts')) files.push({ service: 'shared', file: full });
    });
  if (fs.existsSync(shared)) walk(shared);
  return files.map(({ service, file }) => {
    const source = fs.readFileSync(file, 'utf8');
    const name = (/export\s+class\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(source) ?? [])[1];
    const timestamp = Number((/(\d{13})$/.exec(name ?? '') ?? [])[1]);
    return { service, file: path.relative(repo, file), name, timestamp, source };
  });
}

/**
 * The violations among migrations newer than BASELINE: a breaking statement without a valid contract-of marker
 * (naming an existing, older migration of the same service).
 */
function violations(repo, baseline = BASELINE) {
  const all = migrations(repo);
  const problems = [];
  for (const m of all.filter((x) => !(x.timestamp <= baseline))) {
    if (!m.name || !Number.isFinite(m.timestamp)) {
      problems.push(`${m.file}: a migration class named <Name><13-digit timestamp> is required`);
      continue;
    }
    const breaking = breakingChanges(m.source);
    if (breaking.length === 0) continue;
    const marker = (MARKER.exec(m.source) ?? [])[1];
    const expand = marker && all.find((x) => x.name === marker && (x.service === m.service || x.service === 'shared'));
    if (!marker) {
      for (const b of breaking) problems.push(`${m.file}: ${b.rule}: ${b.why}. Expand now; contract in a later release with a "// contract-of: <ExpandMigration>" line`);
    } else if (!expand || expand.timestamp >= m.timestamp) {
      problems.push(`${m.file}: contract-of ${marker} must name an earlier migration of the same service`);
    }
  }
  return problems;
}

module.exports = { BASELINE, BREAKING, MARKER, upSql, breakingChanges, migrations, violations };
