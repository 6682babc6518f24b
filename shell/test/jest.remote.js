// jest settings of a remote (mfe-patient, mfe-doctor, mfe-admin): jsdom with the shell's stubs and mocks.
const preset = require('../../jest.preset.js');

module.exports = (displayName, rootDir) => ({
  ...preset,
  displayName,
  rootDir,
  testEnvironment: 'jsdom',
  testTimeout: 30000,
  setupFiles: ['<rootDir>/../shell/test/setup-dom.js'],
  setupFilesAfterEnv: ['<rootDir>/../shell/test/setup-after-env.js'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.(css|less)$': '<rootDir>/../shell/test/style-mock.js',
    '^@ant-design/charts$': '<rootDir>/../shell/test/charts-mock.js',
    '^@ant-design/icons$': '<rootDir>/../shell/test/antd-icons.js',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
});
