'use strict';
// How the linter finds the file behind an import: the TypeScript path aliases of tsconfig.base.json
// (`shell/ui-kit`, `@afya/<name>-service/contracts`, ...) first, then Node's rules, with the extensions
// our sources use. One resolver for both plugins that follow imports: import-x (no-cycle) takes the
// `resolver` object; eslint-plugin-boundaries only reads `import/resolver` settings, which load a
// resolver module by path, so this file is also such a module (interface version 2) over the same
// instance (one tsconfig read, one cache of lookups).
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

const resolver = createResolver();

module.exports = {
  resolver,
  interfaceVersion: 2,
  resolve(source, file) {
    return resolver.resolve(source, file);
  },
};
