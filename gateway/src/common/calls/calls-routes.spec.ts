import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserRoutes } from './calls-routes';
import { DECLARED_CALLS } from './calls.module';

/**
 * The browser's copy of the declared calls' routes (method, path, structures; no schema, so no zod in the page) is
 * derived from the declarations. `UPDATE_CALL_ROUTES=1 npx jest -c gateway/jest.config.js calls-routes` writes it.
 */
const FILE = join(__dirname, '../../../../shell/libs/api-client/calls.routes.json');

describe("the browser's route table", () => {
  it('is the declarations without their schemas', () => {
    const expected = `${JSON.stringify(browserRoutes(DECLARED_CALLS), null, 2)}\n`;
    if (process.env.UPDATE_CALL_ROUTES) writeFileSync(FILE, expected);
    expect(readFileSync(FILE, 'utf8')).toBe(expected);
  });
});
