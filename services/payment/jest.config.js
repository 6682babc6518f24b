module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'payment-service',
  rootDir: __dirname,
  // Integration specs wait on NATS and PostgreSQL (eventually(), restarts): jest's 5 s default cut them short under load.
  testTimeout: 30000,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  setupFiles: ['<rootDir>/../shared/src/testing/test-environment.ts'],
};
