// `@ant-design/icons` for jest: the same icon components, each loaded when a component first uses it.
// The package's entry requires all of its ~900 icons and their SVG definitions (~1,800 modules): jest loads them
// again for every test file, 4-15 s of a component test file on a loaded machine. Webpack keeps only the icons the
// code names (tree shaking); this does the same for tests, through the package's own per-icon entry
// (`@ant-design/icons/<Name>`, in its package.json "exports"). The code only imports icons from the package
// (an import of anything else from it gets undefined here: add it below if one is ever needed).
const loaded = new Map();
const ICON_NAME = /^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/;

module.exports = new Proxy(
  { __esModule: true },
  {
    get(target, name) {
      if (typeof name !== 'string' || !ICON_NAME.test(name)) return target[name];
      if (!loaded.has(name)) loaded.set(name, require(`@ant-design/icons/${name}`).default);
      return loaded.get(name);
    },
  },
);
