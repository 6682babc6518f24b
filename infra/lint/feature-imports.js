'use strict';
// The rule behind eslint.config.js's `afya-features/no-cross-feature-imports` (its exceptions are listed there, in
// FEATURE_IMPORT_EXCEPTIONS): a file under mfe-<app>/src/features/<A>/ imports no other feature <B> of the same
// remote, and the remote's shared code (src/shared, src/api, anything outside features/ but the routes in src/exposes)
// imports no feature at all. Proven by infra/lint/feature-imports.spec.ts.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

/** The call's name as written: `require`, `jest.mock`. */
function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.object.type !== 'Identifier') return null;
  return `${callee.object.name}.${callee.property.name}`;
}

/** `mfe-<app>/src/features/<feature>/...` → { app, feature }; `mfe-<app>/src/...` → { app }; else null. */
function remotePart(file) {
  const match = /^(mfe-[^/]+)\/src\/(?:features\/([^/]+)\/)?/.exec(file);
  return match && { app: match[1], feature: match[2] };
}
const featureImportsPlugin = {
  rules: {
    'no-cross-feature-imports': {
      meta: {
        type: 'problem',
        schema: [{ type: 'array' }],
        messages: {
          feature: "Feature '{{from}}' imports feature '{{to}}' ({{source}}): features never import each other; move what both need to {{app}}/src/shared or src/api (or shell/libs).",
          shared: "Shared code imports feature '{{to}}' ({{source}}): {{app}}/src/shared and src/api sit below the features; move what it needs down as well.",
        },
      },
      create(context) {
        const allowed = context.options[0] ?? [];
        const file = path.relative(root, context.filename).split(path.sep).join('/');
        const from = remotePart(file);
        if (!from || /^mfe-[^/]+\/src\/exposes\//.test(file)) return {};
        function check(node, source) {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
          const to = remotePart(target);
          if (!to || to.app !== from.app || !to.feature || to.feature === from.feature) return;
          const module = target.replace(/\.(tsx?|jsx?)$/, '');
          if (allowed.some((entry) => entry.file === file && entry.to === module)) return;
          const data = { from: from.feature, to: to.feature, source, app: from.app };
          context.report({ node, messageId: from.feature ? 'feature' : 'shared', data });
        }
        const fromSource = (node) => node.source && check(node.source, node.source.value);
        return {
          ImportDeclaration: fromSource,
          ExportNamedDeclaration: fromSource,
          ExportAllDeclaration: fromSource,
          ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
          // jest.mock('../other/api') and require() name a module as surely as an import does.
          CallExpression(node) {
            const name = calleeName(node.callee);
            const [first] = node.arguments;
            if (['require', 'jest.mock', 'jest.requireActual', 'jest.doMock'].includes(name) && first?.type === 'Literal') check(first, first.value);
          },
        };
      },
    },
  },
};

module.exports = { featureImportsPlugin };
