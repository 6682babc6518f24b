module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'gateway',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  setupFiles: ['<rootDir>/../services/shared/src/testing/test-environment.ts', '<rootDir>/test/support/test-setup.ts'],
};
