module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'service-shared',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  setupFiles: ['<rootDir>/src/testing/test-environment.ts'],
};
