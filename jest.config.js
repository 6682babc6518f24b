// One jest run over every project in the workspace. Each project keeps its own jest.config.js;
// browser journeys (infra/e2e) are a separate run because they need the platform started.
const fs = require('node:fs');
const path = require('node:path');

const folders = ['services', '.'].flatMap((parent) =>
  fs.readdirSync(path.join(__dirname, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .map((entry) => path.join(parent, entry.name)),
);

module.exports = {
  // A run over projects takes testTimeout from here only (a project's own is ignored): the preset's, for every project.
  testTimeout: require('./jest.preset.js').testTimeout,
  // Each test file loads the gateway's and the services' modules afresh, and what a file leaves reachable (process
  // listeners, library globals) keeps them: one process running the gateway's files alone grew to 2.4 GB of heap,
  // and the whole suites lane in one process (--maxWorkers=1 runs in band) slowed under its garbage collector.
  // A worker past this after a file is replaced by a fresh one; it also keeps one worker out of band.
  // A root option only: jest refuses it in a project's own configuration.
  workerIdleMemoryLimit: '1GB',
  projects: folders
    .map((folder) => path.join(__dirname, folder, 'jest.config.js'))
    .filter((file) => fs.existsSync(file)),
};
