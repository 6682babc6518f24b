// Browser journeys: real Chromium (Debian's) driven by puppeteer against the whole platform,
// started once for the run by global-setup.js on its own port, database and bus namespace. The API conformance
// suite (conformance/) runs against the same platform, so CI starts it once.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'journeys',
  rootDir: __dirname,
  testMatch: ['<rootDir>/journeys/**/*.e2e.ts', '<rootDir>/conformance/**/*.e2e.ts'],
  globalSetup: '<rootDir>/global-setup.js',
  globalTeardown: '<rootDir>/global-teardown.js',
  testSequencer: '<rootDir>/logs-last.sequencer.js',
  maxWorkers: 1,
  testTimeout: 60000,
};
