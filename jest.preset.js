// Shared jest settings for every project: @swc/jest (ts-jest cannot load NestJS 12, which is ESM-only)
// and the same path aliases as tsconfig.base.json.
const path = require('node:path');
const root = __dirname;

const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const moduleNameMapper = {
  '^@afya/service-shared$': path.join(root, 'services/shared/src/index.ts'),
  '^@afya/service-shared/testing$': path.join(root, 'services/shared/src/testing/index.ts'),
  '^@afya/service-shared/schema$': path.join(root, 'services/shared/src/schema/index.ts'),
  '^@afya/service-shared/calls$': path.join(root, 'services/shared/src/schema/calls.ts'),
  '^@afya/([a-z-]+)-service/contracts$': path.join(root, 'services/$1/contracts/index.ts'),
  '^@afya/([a-z-]+)-service/contracts/catalog$': path.join(root, 'services/$1/contracts/catalog.ts'),
  '^@afya/appointment-service/contracts/booking-rules$': path.join(root, 'services/appointment/contracts/booking-rules.ts'),
  '^@afya/appointment-service/contracts/doctor-hours$': path.join(root, 'services/appointment/contracts/doctor-hours.ts'),
  '^@afya/auth-service/contracts/family$': path.join(root, 'services/auth/contracts/family.ts'),
  // Integration tests boot the real service modules in-process.
  '^@afya/([a-z-]+)-service/src/(.*)$': path.join(root, 'services/$1/src/$2'),
  '^shell/(session|api-client|ui-kit|i18n)$': path.join(root, 'shell/libs/$1/index.ts'),
  '^shell/support-kit$': path.join(root, 'shell/libs/ui-kit/support/index.ts'),
  '^shell/video-kit$': path.join(root, 'shell/libs/ui-kit/video/index.ts'),
  // A part of the shell's catalogue (webpack cuts it, shell/build/catalogue-parts.js): tests get the whole file.
  '^@afya/shell-locales/(en|sw)\\.json\\?part=\\w+$': path.join(root, 'shell/locales/$1.json'),
};

module.exports = {
  // .mjs too: oRPC ships ES modules only.
  transform: { '^.+\\.(t|j)sx?$|^.+\\.mjs$': swcTransform },
  // @opentelemetry: its OTLP exporter loads node:http with a dynamic import(), which jest runs only when transformed.
  // @ant-design/colors: @ant-design/icons' CommonJS build requires its ES build. The other @ant-design packages and antd
  // ship CommonJS: transforming them only cost time (thousands of files, again in every project on a cold cache, as CI's is).
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|file-type|@nats-io|ky|@ant-design/colors|uuid|content-disposition|@opentelemetry|@orpc|rou3|json-schema-typed|escape-string-regexp|@standard-schema)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json', 'cjs', 'mjs'],
  moduleNameMapper,
  testEnvironment: 'node',
  // Integration specs wait on NATS and PostgreSQL (eventually(), restarts): jest's 5 s default cut them short under
  // load. A component test is still expected to finish well under 5 s; this is a ceiling, not a budget.
  testTimeout: 30000,
  // A nats-server with the bus users' permissions for the run (issue 14): tests talk to the bus as the cluster does.
  globalSetup: path.join(root, 'infra/nats/test-server/global-setup.js'),
  globalTeardown: path.join(root, 'infra/nats/test-server/global-teardown.js'),
};
