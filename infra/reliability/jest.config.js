// The reliability suites (issue 15): the OpenAPI fuzzer and the fault suite, each against a whole platform
// started from the built dist on its own port, database and bus (a private NATS and PostgreSQL for faults); and
// `npm run bench` stopped by SIGTERM mid-run leaving nothing behind (bench-shutdown, issue 28).
// Run by infra/scripts/test-all.js after the build, counted into the totals; alone:
//   npx jest -c infra/reliability/jest.config.js [fuzz|faults]
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'reliability',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.reliability.ts'],
  maxWorkers: 1,
  testTimeout: 240000,
};
