// One jest run over every project in the workspace (npm test). Each project keeps its own jest.config.js.
module.exports = {
  projects: [
    '<rootDir>/services/*/jest.config.js',
    '<rootDir>/gateway/jest.config.js',
    '<rootDir>/shell/jest.config.js',
    '<rootDir>/mfe-*/jest.config.js',
    '<rootDir>/infra/jest.config.js',
  ],
};
