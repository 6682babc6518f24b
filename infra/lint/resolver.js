'use strict';
// How the linter finds the file behind an import: the TypeScript path aliases of tsconfig.base.json
// (`shell/ui-kit`, `@afya/<name>-service/contracts`, ...) first, then Node's rules, with the extensions
// our sources use. One resolver for both plugins that follow imports: import-x (no-cycle) takes the
// object from `createResolver()`; eslint-plugin-boundaries only reads `import/resolver` settings, which
// load a resolver module by path, so this file is also such a module (interface version 2).
const path = require('node:path');
const { createNodeResolver } = require('eslint-plugin-import-x');

const root = path.resolve(__dirname, '../..');

function createResolver() {
  return createNodeResolver({
    extensions: ['.ts', '.tsx', '.js', '.jsx', '.cjs', '.mjs', '.json'],
    conditionNames: ['types', 'import', 'require', 'default'],
    mainFields: ['types', 'module', 'main'],
    tsconfig: { configFile: path.join(root, 'tsconfig.base.json'), references: 'auto' },
  });
}

const shared = createResolver();

module.exports = {
  createResolver,
  interfaceVersion: 2,
  resolve(source, file) {
    return shared.resolve(source, file);
  },
};
