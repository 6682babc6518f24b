#!/usr/bin/env node
// Lints an OpenAPI document with Redocly's rules (@redocly/openapi-core, the library behind `redocly lint`):
//   node infra/scripts/lint-openapi.mjs <openapi.json>
// The rules are Redocly's "recommended" set with the exceptions in infra/openapi/redocly.yaml (each with its reason).
// Prints each problem (severity, rule, where, message) and ends with a line "openapi lint: N errors, N warnings";
// exits 1 when there is an error. gateway/test/contracts/openapi-lint.int.spec.ts runs it on /api/docs-json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString, loadConfig } from '@redocly/openapi-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: lint-openapi.mjs <openapi.json>\n');
  process.exit(2);
}
const configPath = path.resolve(here, '../openapi/redocly.yaml');
const config = await loadConfig({ configPath }).catch(() => createConfig({ extends: ['recommended'] }));
const problems = await lintFromString({ source: readFileSync(file, 'utf8'), absoluteRef: path.resolve(file), config });
let errors = 0;
let warnings = 0;
for (const problem of problems) {
  if (problem.severity === 'error') errors += 1;
  else warnings += 1;
  const where = problem.location?.[0]?.pointer ?? '';
  process.stdout.write(`${problem.severity} ${problem.ruleId} ${where}: ${problem.message}\n`);
}
process.stdout.write(`openapi lint: ${errors} errors, ${warnings} warnings\n`);
process.exit(errors ? 1 : 0);
