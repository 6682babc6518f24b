// The shell's catalogue (shell/locales/<lang>.json) in two parts, cut at build time (the files on disk stay whole):
//   start: what `/` and the other plain public pages draw (top bar, footer, home, about, services with the names of
//          the specialties, page titles, loading and skip texts, the language switch). English is in the first chunk;
//          `/` downloads nothing else.
//   app:   everything else (sign-in, the dashboard, antd's texts, the contracts' messages, ...): fetched with the
//          first page that needs it (App.tsx: loadShellTexts() beside the page's chunk).
// `import en from '…/en.json?part=start'` (or `?part=app`) goes through catalogue-part-loader.js.
// shell/test/catalogue-parts.test.ts checks that the parts cover the catalogue exactly and that every key the
// start pages ask for is in `start`.

/** Key paths (a subtree each) that `/` and the plain public pages use. */
const START = ['language', 'home', 'public', 'theme', 'common', 'titles', 'a11y', 'names', 'contact.hours', 'about', 'services', 'specialty'];

const isTree = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The subtrees at `paths` ('a.b' = key b inside a), or everything else. */
function cut(catalogue, paths, keep) {
  const walk = (tree, prefix) => {
    const out = {};
    for (const [key, value] of Object.entries(tree)) {
      const name = prefix ? `${prefix}.${key}` : key;
      const listed = paths.includes(name);
      const above = paths.some((p) => p.startsWith(`${name}.`));
      if (listed) {
        if (keep) out[key] = value;
      } else if (above && isTree(value)) {
        const inner = walk(value, name);
        if (Object.keys(inner).length) out[key] = inner;
      } else if (!keep) out[key] = value;
    }
    return out;
  };
  return walk(catalogue, '');
}

const PARTS = {
  start: (catalogue) => cut(catalogue, START, true),
  app: (catalogue) => cut(catalogue, START, false),
};

module.exports = { START, PARTS, cut };
