// webpack loader: `<app>/locales/<lang>.json?part=<name>` → that part of the catalogue (catalogue-parts.js).
const { PARTS } = require('./catalogue-parts');

module.exports = function catalogueParts(source) {
  const part = new URLSearchParams(this.resourceQuery.replace(/^\?/, '')).get('part');
  const pick = PARTS[part];
  if (!pick) throw new Error(`unknown catalogue part "${part}" (known: ${Object.keys(PARTS).join(', ')})`);
  return JSON.stringify(pick(JSON.parse(source)));
};
