module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'service-shared',
  rootDir: __dirname,
  // Integration specs wait on NATS and PostgreSQL (eventually(), restarts): jest's 5 s default cut them short under load.
  testTimeout: 30000,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  setupFiles: ['<rootDir>/src/testing/test-environment.ts'],
};
