// The rule against API path strings in the browser (eslint.config.js, afya/no-api-path-strings; issue 34, decision
// 0095), proven on code samples linted in memory as files of the monorepo with the real config: a path given to the
// raw api client is an error, a declared call is not, and the list of exceptions allows only its own file and path.
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';

const repo = path.resolve(__dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  // eslint.config.js is CommonJS: loaded here and passed in (ESLint's own import() does not run in jest's sandbox).
  const config = require(path.join(repo, 'eslint.config.js')) as Linter.Config[];
  eslint = new ESLint({ cwd: repo, overrideConfigFile: true, overrideConfig: config });
});

/** The rule's messages for `code` linted as the file at `file`. */
async function pathProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result.messages.filter((m) => m.ruleId === 'afya/no-api-path-strings').map((m) => m.message);
}

const header = "import { api, calls, getHttp, request, downloadBlob } from 'shell/api-client';\nconst id = 7;\n";

it.each([
  ['api.get', "void api.get('admin/users');", 'admin/users'],
  ['api.post with a type argument', "void api.post<{ token: string }>('auth/login', {});", 'auth/login'],
  ['api.patch with a template', 'void api.patch(`support/${id}`, {});', 'support/{}'],
  ['api.list', "void api.list('prescriptions/user');", 'prescriptions/user'],
  ['request(method, path)', "void request('delete', `medical-history/${id}`);", 'medical-history/{}'],
  ['getHttp().get', 'void getHttp().get(`video/${id}/events`);', 'video/{}/events'],
  ['downloadBlob', "void downloadBlob('user/data-export', 'x.json');", 'user/data-export'],
])('refuses a path given to %s in a remote', async (_name, line, written) => {
  expect(await pathProblems('mfe-patient/src/features/sample/api.ts', header + line)).toEqual([
    `Call '${written}' through its declaration (calls.<group>.<call>, decision 0095), not a path string; an exception goes in eslint.config.js's UNDECLARED_API_PATHS with why.`,
  ]);
});

it('refuses it in the shell too, and allows a declared call', async () => {
  expect(await pathProblems('shell/src/features/sample/sample.api.ts', `${header}void api.post('contact', {});`)).toHaveLength(1);
  expect(await pathProblems('shell/libs/ui-kit/sample/sample.api.ts', `${header}void api.get('video/1');`)).toHaveLength(1);
  expect(await pathProblems('mfe-admin/src/features/sample/api.ts', `${header}void calls.auth.listUsers({ query: { page: 1 } });`)).toEqual([]);
});

it('allows an exception only in its file and for its path', async () => {
  // video/{id}/events is an event stream, listed for shell/libs/ui-kit/video/video.api.ts.
  const stream = 'void getHttp().get(`video/${id}/events`);';
  expect(await pathProblems('shell/libs/ui-kit/video/video.api.ts', header + stream)).toEqual([]);
  expect(await pathProblems('shell/libs/ui-kit/video/video.api.ts', `${header}void api.get(\`video/\${id}\`);`)).toHaveLength(1);
  expect(await pathProblems('mfe-doctor/src/features/video/api.ts', header + stream)).toHaveLength(1);
});

it('leaves tests and the raw client itself alone, not the rest of the api-client lib', async () => {
  expect(await pathProblems('mfe-patient/src/features/sample/sample.test.tsx', `${header}void api.get('admin/users');`)).toEqual([]);
  expect(await pathProblems('shell/libs/api-client/client.ts', `${header}void api.get('admin/users');`)).toEqual([]);
  expect(await pathProblems('shell/libs/api-client/auth.api.ts', `${header}void api.post('auth/login', {});`)).toHaveLength(1);
});
