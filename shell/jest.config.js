const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'shell',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/test/setup-dom.js'],
  setupFilesAfterEnv: ['<rootDir>/test/setup-after-env.js'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.(css|less)$': '<rootDir>/test/style-mock.js',
    '^@ant-design/charts$': '<rootDir>/test/charts-mock.js',
    '^@ant-design/icons$': '<rootDir>/test/antd-icons.js',
    '^@module-federation/enhanced/runtime$': '<rootDir>/test/mf-runtime-mock.js',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/libs/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
};
