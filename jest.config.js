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
  workerIdleMemoryLimit: require('./jest.preset.js').workerIdleMemoryLimit,
  projects: folders
    .map((folder) => path.join(__dirname, folder, 'jest.config.js'))
    .filter((file) => fs.existsSync(file)),
};
