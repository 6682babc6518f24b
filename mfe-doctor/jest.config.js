const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'mfe-doctor',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testTimeout: 30000,
  setupFiles: ['<rootDir>/../shell/test/setup-dom.js'],
  setupFilesAfterEnv: ['<rootDir>/../shell/test/setup-after-env.js'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.(css|less)$': '<rootDir>/../shell/test/style-mock.js',
    '^@ant-design/charts$': '<rootDir>/../shell/test/charts-mock.js',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
};
