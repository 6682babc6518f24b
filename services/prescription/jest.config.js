module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'prescription-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  setupFiles: ['<rootDir>/../shared/src/testing/test-environment.ts'],
};
