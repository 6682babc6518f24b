// Infra checks: the Kubernetes manifests, the local runner (npm start), the bench runner's plumbing and the lint rules. The browser journeys under
// infra/e2e are a separate run (they need the platform started), so they are not matched here.
module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'infra',
  rootDir: __dirname,
  testMatch: ['<rootDir>/k8s/**/*.spec.ts', '<rootDir>/local/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts', '<rootDir>/lint/**/*.spec.ts', '<rootDir>/deploy/**/*.spec.ts', '<rootDir>/sandboxes/**/*.spec.ts', '<rootDir>/nats/**/*.spec.ts', '<rootDir>/bench/**/*.spec.ts', '<rootDir>/e2e/support/**/*.spec.ts'],
  testTimeout: 60000,
};
