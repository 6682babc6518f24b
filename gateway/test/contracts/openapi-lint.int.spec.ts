import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestPlatform, TestPlatform } from '../support/platform';

/**
 * Issue 34: /api/docs passes an OpenAPI linter (Redocly's recommended rules, infra/openapi/redocly.yaml) with 0
 * errors, so a client generated from it can be trusted. The gateway runs alone: the document does not need a service.
 */
describe('the OpenAPI document passes Redocly’s lint', () => {
  let platform: TestPlatform;
  let file: string;

  beforeAll(async () => {
    platform = await startTestPlatform({});
    const response = await platform.api('GET', '/docs-json');
    expect(response.status).toBe(200);
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'afya-openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(response.body));
  });
  afterAll(async () => {
    await platform?.close();
    if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('has 0 errors', () => {
    const script = path.resolve(__dirname, '../../../infra/scripts/lint-openapi.mjs');
    const result = spawnSync(process.execPath, [script, file], { encoding: 'utf8' });
    const errors = result.stdout.split('\n').filter((line) => line.startsWith('error '));
    expect({ status: result.status, errors, stderr: result.stderr.slice(-2000) }).toEqual({ status: 0, errors: [], stderr: '' });
    expect(result.stdout).toMatch(/openapi lint: 0 errors, \d+ warnings/);
  });
});
