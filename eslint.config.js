'use strict';
// ESLint for the whole workspace (`npm run lint`, and a suite of `npm test`). Three kinds of checks:
//  1. Module boundaries (eslint-plugin-boundaries): which part of the monorepo may import which.
//     The table is `policies` below; an import between two parts that no policy allows is an error.
//  2. No import cycles (import-x/no-cycle; `import type` does not count).
//  3. Code rules: typescript-eslint's recommended set (syntax only, no type information, to stay fast)
//     and the rules of hooks.
// Paths in patterns are relative to this folder. Imports are resolved as TypeScript does
// (tsconfig.base.json paths), see infra/lint/resolver.js.
const path = require('node:path');
const { defineConfig, globalIgnores } = require('eslint/config');
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const boundaries = require('eslint-plugin-boundaries');
const { importX } = require('eslint-plugin-import-x');
const globals = require('globals');
const { resolver } = require('./infra/lint/resolver');
const { featureImportsPlugin } = require('./infra/lint/feature-imports');

const root = __dirname;
const sources = ['**/*.{ts,tsx,js,jsx,cjs,mjs}'];
// Tests and what only tests load: jest setup and mocks, test helpers, the browser journeys.
const testFiles = ['**/*.{spec,test}.{ts,tsx}', 'shell/test/**', 'gateway/test/**', 'infra/e2e/**'];

// The parts of the monorepo. Patterns match the whole path from the root (partialMatch: false) and the
// first matching descriptor wins, so the more specific ones come first.
const elements = [
  { type: 'shell-lib', pattern: 'shell/libs/*', capture: ['lib'] },
  { type: 'shell-feature', pattern: 'shell/src/features/*', capture: ['feature'] },
  { type: 'shell-app', pattern: 'shell/src' },
  { type: 'shell-test', pattern: 'shell/test' },
  { type: 'remote-feature', pattern: 'mfe-*/src/features/*', capture: ['remote', 'feature'] },
  { type: 'remote', pattern: 'mfe-*/src', capture: ['remote'] },
  { type: 'gateway', pattern: 'gateway/src' },
  { type: 'gateway-test', pattern: 'gateway/test' },
  { type: 'shared-testing', pattern: 'services/shared/src/testing' },
  // The contracts' schema kit (zod field builders): pure, so contracts and web apps may import it at runtime.
  { type: 'schema-kit', pattern: 'services/shared/src/schema' },
  { type: 'service-shared', pattern: 'services/shared/src' },
  { type: 'contracts', pattern: 'services/*/contracts', capture: ['service'] },
  { type: 'service', pattern: 'services/*/src', capture: ['service'] },
].map((element) => ({ ...element, partialMatch: false }));

const files = [
  { category: 'test', pattern: '**/*.{spec,test}.{ts,tsx}' },
  { category: 'page', pattern: '**/*Page.tsx' },
  // A service's root module, the one thing the gateway's integration tests may boot in-process.
  { category: 'service-module', pattern: 'services/*/src/*.module.ts' },
  // ... and its migration list (<service>.database.ts), which rollout tests run as the migration Job does.
  { category: 'service-database', pattern: 'services/*/src/*.database.ts' },
  // ... and a service's settable clock (`*-clock.ts`), which a test sets to cross a date (family care's 18th birthday).
  { category: 'service-clock', pattern: 'services/*/src/**/*-clock.ts' },
];

const sameService = { captured: { service: '{{from.element.captured.service}}' } };
const sameRemote = { captured: { remote: '{{from.element.captured.remote}}' } };
const fromTests = { file: { categories: 'test' } };

const policies = [
  // Remotes (mfe-*): their own code, the shell's libs and the services' contracts. Never another
  // remote, never the shell's app (shell/src): the shell loads remotes at runtime through Module
  // Federation, and they reach it only through the shared libs.
  {
    from: { element: { type: ['remote', 'remote-feature'] } },
    allow: [
      { to: { element: { type: ['remote', 'remote-feature'], ...sameRemote } } },
      { to: { element: { type: ['shell-lib', 'contracts', 'schema-kit'] } } },
    ],
  },
  // The shell's app and features: the shell's own code and the contracts; no remote's source.
  {
    from: { element: { type: ['shell-app', 'shell-feature'] } },
    allow: { to: { element: { type: ['shell-app', 'shell-feature', 'shell-lib', 'contracts', 'schema-kit'] } } },
  },
  // The shell's libs (session, api-client, ui-kit): each other and the contracts, no feature and no
  // remote: they are what the features are built from.
  {
    from: { element: { type: 'shell-lib' } },
    allow: { to: { element: { type: ['shell-lib', 'contracts', 'schema-kit'] } } },
  },
  // A feature does not import another feature's page: shared pieces move down to the ui-kit or the
  // feature's own api.ts. (Imports inside one feature are not checked; the app's routes may import pages.)
  {
    from: { element: { type: ['remote-feature', 'shell-feature'] } },
    disallow: { to: { element: { type: ['remote-feature', 'shell-feature'] }, file: { categories: 'page' } } },
    message: 'A feature must not import another feature\'s page ({{to.file.path}}): move what both need to shell/ui-kit or the feature\'s api.ts.',
  },
  // The gateway and every service: services' contracts and services/shared, never a service's src.
  {
    from: { element: { type: 'gateway' } },
    allow: { to: { element: { type: ['contracts', 'service-shared', 'schema-kit'] } } },
  },
  {
    from: { element: { type: 'service' } },
    allow: [
      { to: { element: { type: 'service', ...sameService } } },
      { to: { element: { type: ['contracts', 'service-shared', 'schema-kit'] } } },
    ],
  },
  { from: { element: { type: 'service-shared' } }, allow: { to: { element: { type: ['service-shared', 'schema-kit'] } } } },
  { from: { element: { type: 'shared-testing' } }, allow: { to: { element: { type: 'service-shared' } } } },
  // Contracts are pure: type-only imports of other contracts (their own files are not checked).
  // Runtime imports of Nest or of the services' shared code are refused by no-restricted-imports below.
  {
    from: { element: { type: 'contracts' } },
    allow: [
      { to: { element: { type: 'contracts' } }, dependency: { kind: 'type' } },
      // A contract's schemas are built with the schema kit (pure: zod only).
      { to: { element: { type: 'schema-kit' } } },
    ],
  },
  // Tests may import test helpers: shell/test (render with providers), services/shared's testing kit;
  // the gateway's integration tests boot services in-process from their root module.
  { from: fromTests, allow: { to: { element: { type: ['shell-test', 'shared-testing'] } } } },
  {
    from: { element: { type: 'shell-test' } },
    allow: { to: { element: { type: ['shell-app', 'shell-feature', 'shell-lib', 'contracts'] } } },
  },
  {
    from: { element: { type: 'gateway-test' } },
    allow: [
      { to: { element: { type: ['gateway', 'contracts', 'service-shared', 'schema-kit', 'shared-testing'] } } },
      { to: { element: { type: 'service' }, file: { categories: 'service-module' } } },
      { to: { element: { type: 'service' }, file: { categories: 'service-database' } } },
      { to: { element: { type: 'service' }, file: { categories: 'service-clock' } } },
    ],
  },
];

// No path strings for our API in the browser (issue 34, decision 0095): a call is declared once in its service's
// contracts and called as `calls.<group>.<call>(...)`. The raw client (`api.get/post/put/patch/delete/request/list`,
// `request(...)`, `getHttp().<method>(...)`, `fetchBlob`, `downloadBlob`) may be given a path only where this list
// says so, each with why it is not a declared call. A path is written as in the code, `${...}` as `{}`.
const RAW_API_CALLS = /^(api|http)\.(get|post|put|patch|delete|request|list)$|^getHttp\(\)\.\w+$|^(request|fetchBlob|downloadBlob)$/;
const UNDECLARED_API_PATHS = [
  // Files: the reply is bytes, saved by the browser.
  { file: 'shell/src/features/profile/DataRightsSection.tsx', path: 'user/data-export', why: 'a file download (JSON)' },
  { file: 'shell/src/features/profile/DataRightsSection.tsx', path: 'user/data-export/pdf', why: 'a file download (PDF)' },
  { file: 'shell/libs/ui-kit/prescriptions/usePrescriptionDownload.ts', path: 'prescriptions/{}/pdf', why: 'a file download (PDF)' },
  { file: 'mfe-admin/src/features/payments/api.ts', path: 'payments/{}/receipt', why: 'a file download (PDF)' },
  { file: 'mfe-patient/src/api/payments.ts', path: 'payments/{}/receipt', why: 'a file download (PDF)' },
  { file: 'mfe-admin/src/features/reports/download.ts', path: 'admin/reports/{}.csv', why: 'a streamed CSV download' },
  // Streams: server-sent events, read as they come.
  { file: 'shell/libs/ui-kit/support/support.api.ts', path: 'support/{}/events', why: 'an event stream (SSE)' },
  { file: 'shell/libs/ui-kit/video/video.api.ts', path: 'video/{}/events', why: 'an event stream (SSE)' },
];
/** The call's name as written: `api.get`, `getHttp().get`, `request`. */
function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type !== 'MemberExpression' || callee.computed) return null;
  const object = callee.object.type === 'CallExpression' ? `${calleeName(callee.object.callee)}()` : calleeName(callee.object);
  return object && `${object}.${callee.property.name}`;
}
const apiPathsPlugin = {
  rules: {
    'no-api-path-strings': {
      meta: { type: 'problem', schema: [{ type: 'array' }], messages: { path: "Call '{{path}}' through its declaration (calls.<group>.<call>, decision 0095), not a path string; an exception goes in eslint.config.js's UNDECLARED_API_PATHS with why." } },
      create(context) {
        const allowed = context.options[0] ?? [];
        const file = path.relative(root, context.filename).split(path.sep).join('/');
        return {
          CallExpression(node) {
            const name = calleeName(node.callee);
            if (!name || !RAW_API_CALLS.test(name)) return;
            // request(method, path, ...): the path is the second argument.
            const argument = name === 'request' ? node.arguments[1] : node.arguments[0];
            let written;
            if (argument?.type === 'Literal' && typeof argument.value === 'string') written = argument.value;
            else if (argument?.type === 'TemplateLiteral') written = argument.quasis.map((quasi) => quasi.value.cooked).join('{}');
            else return;
            if (allowed.some((entry) => entry.file === file && entry.path === written)) return;
            context.report({ node: argument, messageId: 'path', data: { path: written } });
          },
        };
      },
    },
  },
};

// Features of a remote never import each other (issue 34): a file under mfe-<app>/src/features/<A>/ imports only its
// own feature, the remote's shared code (mfe-<app>/src/shared, src/api, src/i18n.ts), the shell's libs and the contracts;
// what two features need lives in that shared code, which itself imports no feature. (The remote's routes,
// src/exposes, import the pages.) The remotes reach their sources only by relative paths (no alias points into
// mfe-*/src), so an import is judged from its written path. Exceptions, each with why: FEATURE_IMPORT_EXCEPTIONS.
const FEATURE_IMPORT_EXCEPTIONS = [
  // None: what two features share lives in src/api (the calls) or src/shared (the components).
];
module.exports = defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', '**/coverage/', '.nx/', '.local/', 'tmp/', 'screenshots/', 'infra/bench/results/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: sources,
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { boundaries, 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/external-module-folders': ['node_modules'],
      'import-x/resolver-next': [resolver],
      'import/resolver': { [path.join(root, 'infra/lint/resolver.js')]: {} },
      'boundaries/root-path': root,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
      'boundaries/legacy-templates': false,
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Unused names are errors, except the ones that say they are unused on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // The browser code, React: the rules of hooks (exhaustive-deps warns: a missing dependency is
  // sometimes deliberate, and then says why).
  {
    files: ['shell/**', 'mfe-*/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The browser's production code: no API path strings (the list of exceptions above); the raw client itself is exempt.
  {
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}'],
    ignores: [...testFiles, 'shell/libs/api-client/client.ts'],
    plugins: { afya: apiPathsPlugin },
    rules: { 'afya/no-api-path-strings': ['error', UNDECLARED_API_PATHS] },
  },
  // Node code: the gateway, the services, infra scripts, and every CommonJS config file.
  {
    files: ['gateway/**', 'services/**', 'infra/**', '**/*.{js,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      // `const crypto = require('node:crypto')` is module scope in CommonJS, not a second global.
      'no-redeclare': ['error', { builtinGlobals: false }],
    },
  },
  // The federation subsets the shell provides (shell/federation.shared.js): ES modules bundled by webpack.
  {
    files: ['shell/federation/*.js'],
    languageOptions: { sourceType: 'module' },
  },
  // Browser benchmarks run code in Chromium through puppeteer (page.evaluate and friends).
  {
    files: ['infra/bench/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Tests run in jest (the journeys drive Chromium): they parse YAML and JSON into `any`, and
  // `require()` the CommonJS scripts they test or a module jest has mocked.
  {
    files: testFiles,
    languageOptions: { globals: { ...globals.jest, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  // An event type is written once, in its producer's contracts (AppointmentEvents.created, …): producers and consumers
  // name it through that constant, so a consumer can never key on a type nobody publishes. Tests may spell the wire value.
  {
    files: ['gateway/src/**/*.ts', 'services/*/src/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^[a-z]+(\\.[a-z_-]+)+\\.v[0-9]+$/]',
          message: "An event type comes from its producer's contracts (e.g. AppointmentEvents.created), not a string literal.",
        },
        {
          // A bus payload is typed once: from its call's declaration, or a named type in the owning contract.
          selector: "TSTypeReference[typeName.name='RpcRequest'] > TSTypeParameterInstantiation > TSTypeLiteral",
          message: "A bus payload's type comes from its declaration (PayloadOf<typeof XCalls.name>) or a named type in the owning service's contracts, not a type literal.",
        },
      ],
    },
  },
  // Contracts are read by the browser too: no runtime import of Nest or of services/shared.
  {
    files: ['services/*/contracts/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@afya/service-shared',
              allowTypeImports: true,
              message: 'Contracts are pure (the browser imports them): no runtime import of Nest or services/shared.',
            },
          ],
          patterns: [
            {
              // The schema kit (zod field builders) is pure: a contract's schemas are built with it.
              group: ['@nestjs/*', '@afya/service-shared/*', '!@afya/service-shared/schema', '!@afya/service-shared/calls', '**/shared/src', '**/shared/src/**'],
              allowTypeImports: true,
              message: 'Contracts are pure (the browser imports them): no runtime import of Nest or services/shared.',
            },
          ],
        },
      ],
    },
  },
  // A remote's features never import each other (FEATURE_IMPORT_EXCEPTIONS above); tests included, as they mock modules.
  {
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    plugins: { 'afya-features': featureImportsPlugin },
    rules: { 'afya-features/no-cross-feature-imports': ['error', FEATURE_IMPORT_EXCEPTIONS] },
  },
);
