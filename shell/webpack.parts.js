// Build settings shared by the shell and the three remotes: one swc/CSS pipeline, hashed chunks with
// unhashed entry files (the federation runtime resolves entry templates without hashes), and the
// remote recipe. Each app's webpack.config.js only says what is its own.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const crypto = require('node:crypto');
const { promisify } = require('node:util');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { shared, remoteShared, subsetAliases } = require('./federation.shared');

/**
 * `@afya/<name>-service/contracts/catalog` → services/<name>/contracts/catalog.ts, for every service that has one;
 * the appointment contract's booking rules (the browser runs the service's own date and slot rules) likewise.
 */
/**
 * Module names webpack resolves to files of this repository rather than to installed packages:
 * - each service's catalog of rules and messages (pure data, no server code), read by the forms too;
 * - the antd and react-router-dom subsets the shell provides (federation.shared.js);
 * - `@afya/shell-locales/<lang>.json?part=<name>`: a part of the shell's catalogue (build/catalogue-parts.js).
 */
function resolveAliases() {
  return { ...contractCatalogAliases(), ...subsetAliases(), '@afya/shell-locales': path.join(__dirname, 'locales') };
}

function contractCatalogAliases() {
  const servicesDir = path.resolve(__dirname, '../services');
  const aliases = {};
  for (const name of fs.readdirSync(servicesDir)) {
    const catalog = path.join(servicesDir, name, 'contracts', 'catalog.ts');
    if (fs.existsSync(catalog)) aliases[`@afya/${name}-service/contracts/catalog$`] = catalog;
    const rules = path.join(servicesDir, name, 'contracts', 'booking-rules.ts');
    if (fs.existsSync(rules)) aliases[`@afya/${name}-service/contracts/booking-rules$`] = rules;
    // A doctor's hours, leave and closures as pure rules (issue 37): the My hours grid checks with them.
    const hours = path.join(servicesDir, name, 'contracts', 'doctor-hours.ts');
    if (fs.existsSync(hours)) aliases[`@afya/${name}-service/contracts/doctor-hours$`] = hours;
    // Family care's rules (issue 36): the Family page checks a child's date of birth with them.
    const family = path.join(servicesDir, name, 'contracts', 'family.ts');
    if (fs.existsSync(family)) aliases[`@afya/${name}-service/contracts/family$`] = family;
  }
  return aliases;
}

const brotli = promisify(zlib.brotliCompress);
const MinimizerPlugin = require('minimizer-webpack-plugin');
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text asset, once at build
 * time, so the gateway (@fastify/static preCompressed) and nginx (gzip_static / brotli_static) send them
 * with Content-Encoding instead of compressing per request (or not at all). Our own small plugin on
 * webpack's public processAssets hook (compression-webpack-plugin is not a dependency). `exclude`: assets
 * replaced after the build (runtime configuration), which a stale .gz/.br beside them would shadow.
 */
class PrecompressPlugin {
  constructor({ test = /\.(js|css|html|svg|json)$/, exclude = null, minSize = 256 } = {}) {
    this.test = test;
    this.exclude = exclude;
    this.minSize = minSize;
  }

  apply(compiler) {
    // Production builds only: the dev server compresses on the fly, and brotli 11 would slow every rebuild.
    if (compiler.options.mode !== 'production') return;
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // The last stage: after minification, HtmlWebpackPlugin and the federation manifest.
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT, additionalAssets: true },
        async (assets) => {
          await Promise.all(
            Object.keys(assets)
              .filter((name) => this.test.test(name) && !this.exclude?.test(name) && !compilation.getAsset(name)?.info.compressed)
              .map(async (name) => {
                const input = compilation.getAsset(name).source.buffer();
                if (input.length < this.minSize) return;
                const [br, gz] = await Promise.all([
                  brotli(input, {
                    params: {
                      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
                    },
                  }),
                  gzip(input, { level: zlib.constants.Z_BEST_COMPRESSION }),
                ]);
                for (const [ext, out] of [['br', br], ['gz', gz]]) {
                  if (out.length >= input.length) continue;
                  const file = `${name}.${ext}`;
                  const info = { compressed: true, immutable: compilation.getAsset(name).info.immutable };
                  if (compilation.getAsset(file)) compilation.updateAsset(file, new sources.RawSource(out), info);
                  else compilation.emitAsset(file, new sources.RawSource(out), info);
                }
              }),
          );
        },
      );
    });
  }
}

/**
 * Start-up preloads for the shell's index.html. Without them a cold load is a chain of round trips:
 * index.html → main.js → (bootstrap) mf-manifest.json → remoteEntry.js → shared + exposed chunks, each
 * discovered only when the previous one has run, which costs seconds on a phone network. Every route
 * needs the same start-up files: the bootstrap chunk, the shell's exposes it imports (with the shell's own
 * remoteEntry and manifest) and the shared singletons these consume, read from the chunk graph. index.html
 * names them with <link rel=preload> and the browser fetches them at once. Lazy routes, the shared modules
 * only they use, and the remotes are not preloaded.
 */
class StartupPreloadPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the federation manifest (OPTIMIZE_TRANSFER), before PrecompressPlugin (REPORT).
        { name: 'StartupPreloadPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
        () => {
          const html = compilation.getAsset('index.html');
          const manifestAsset = compilation.getAsset('mf-manifest.json');
          if (!html || !manifestAsset) return;
          const manifest = JSON.parse(manifestAsset.source.source().toString());
          const publicPath = compilation.outputOptions.publicPath;
          const { chunkGraph } = compilation;
          const chunkByFile = new Map();
          for (const chunk of compilation.chunks) for (const f of chunk.files) chunkByFile.set(f, chunk);
          // What a set of chunks needs from the federation: shared singletons (consume-shared modules) and the
          // shell's own exposes (remote modules `shell/<expose>`). Only those are preloaded: a shared module or
          // expose that only a lazy route imports stays out of the first load.
          const needs = (chunks) => {
            const shareKeys = new Set();
            const exposes = new Set();
            for (const chunk of chunks) {
              for (const m of chunkGraph.getChunkModulesIterable(chunk)) {
                if (m.type === 'consume-shared-module') shareKeys.add(m.options.shareKey);
                else if (m.type === 'remote-module' && m.request.startsWith(`${manifest.name}/`)) exposes.add(m.internalRequest);
              }
            }
            return { shareKeys, exposes };
          };
          const scripts = new Set();
          const bootstrap = compilation.chunkGroups.filter((g) => g.origins.some((o) => o.request === './bootstrap'));
          const start = needs(bootstrap.flatMap((g) => g.chunks));
          for (const g of bootstrap) for (const f of g.getFiles()) if (f.endsWith('.js')) scripts.add(f);
          const shareKeys = new Set(start.shareKeys);
          if (start.exposes.size) scripts.add(manifest.metaData.remoteEntry.name);
          for (const e of manifest.exposes.filter((x) => start.exposes.has(x.path))) {
            for (const f of e.assets.js.sync) scripts.add(f);
            // The exposes' own shared imports (ui-kit → antd) are needed at start too: they sit in the other
            // chunks of the expose's chunk group (the consume modules get chunks of their own). Only the expose's
            // own group: a chunk it shares with another expose (the i18n lib, used by the ui-kit too) also belongs
            // to that expose's group, and following it preloaded antd on `/`.
            const exposeChunks = e.assets.js.sync.map((f) => chunkByFile.get(f)).filter(Boolean);
            const own = exposeChunks.filter((c) => [...c.files].some((f) => f.includes('__federation_expose_')));
            const groupChunks = (own.length ? own : exposeChunks).flatMap((c) => [...c.groupsIterable].flatMap((g) => g.chunks));
            for (const key of needs(groupChunks).shareKeys) shareKeys.add(key);
          }
          // A shared module's code may sit in other chunks of its chunk group than the one the manifest names (the
          // subsets of federation.shared.js: the manifest names the small chunk of the subset module, the package's
          // code is split beside it).
          for (const s of manifest.shared.filter((x) => shareKeys.has(x.name))) {
            for (const f of s.assets.js.sync) {
              scripts.add(f);
              const chunk = chunkByFile.get(f);
              for (const g of chunk ? chunk.groupsIterable : []) for (const c of g.chunks) for (const file of c.files) if (file.endsWith('.js')) scripts.add(file);
            }
          }
          const size = (f) => compilation.getAsset(f)?.source.size() ?? 0;
          const links = [
            ...(start.exposes.size ? [`<link rel=preload href=${publicPath}mf-manifest.json as=fetch crossorigin=anonymous>`] : []),
            ...[...scripts].filter((f) => compilation.getAsset(f)).sort((a, b) => size(b) - size(a)).map((f) => `<link rel=preload href=${publicPath}${f} as=script>`),
          ];
          const text = html.source.source().toString().replace('</head>', `${links.join('')}</head>`);
          compilation.updateAsset('index.html', new sources.RawSource(text));
        },
      );
    });
  }
}

/**
 * A remote's release layout: every file of the build moves under `<version>/`, and `release.json` beside that
 * folder names it. Served under /mfe/<role>/, the build's files are at /mfe/<role>/<version>/ (immutable: the
 * path changes whenever a byte does), and /config/remotes.json pins the version the shell loads, so a rollout
 * or rollback is a change of that file, and a tab that loaded an older remoteEntry still finds its chunks as
 * long as the server keeps that version's folder (k8s/README.md "Frontend releases").
 *
 * version = `<package.json version>-<first 8 hex of a sha256 over the build's files>`: readable, and unique
 * per content without needing git (the image builds and the closure test's `git archive` have no .git).
 * release.json: {name, version, requiredShell, manifest} — requiredShell is the remote's package.json range
 * of shell versions it works with (shell/src/remotes/shell-compat.ts checks it at load time).
 */
class VersionedReleasePlugin {
  constructor({ name, packageJson }) {
    this.name = name;
    this.pkg = packageJson;
  }

  apply(compiler) {
    // Production builds only: the dev server serves one build at the root of its port.
    if (compiler.options.mode !== 'production') return;
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('VersionedReleasePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After everything else, PrecompressPlugin (REPORT) included: the files are final.
        { name: 'VersionedReleasePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 },
        () => {
          const names = compilation.getAssets().map((a) => a.name).sort();
          const hash = crypto.createHash('sha256');
          for (const file of names) {
            if (/\.(br|gz)$/.test(file)) continue; // derived from the file beside them
            hash.update(file).update('\0').update(compilation.getAsset(file).source.buffer()).update('\0');
          }
          const version = releaseVersion(this.pkg.version, hash.digest('hex'));
          for (const file of names) compilation.renameAsset(file, `${version}/${file}`);
          const release = { name: this.name, version, requiredShell: this.pkg.requiredShell, manifest: `${version}/mf-manifest.json` };
          compilation.emitAsset('release.json', new sources.RawSource(`${JSON.stringify(release, null, 2)}\n`));
        },
      );
    });
  }
}

/** `0.1.0` + a hex digest → `0.1.0-3f9a1c2e` (a path segment: letters, digits, dots and dashes only). */
function releaseVersion(packageVersion, hexDigest) {
  if (!/^\d+\.\d+\.\d+$/.test(packageVersion)) throw new Error(`package version "${packageVersion}" is not x.y.z`);
  return `${packageVersion}-${hexDigest.slice(0, 8)}`;
}

/** A release version as written by VersionedReleasePlugin (what a /mfe/<role>/<version>/ segment looks like). */
const RELEASE_VERSION = /^\d+\.\d+\.\d+-[0-9a-f]{8}$/;

/**
 * No two chunks with the same modules. The federation reaches each shared package through two async blocks of its
 * own (the share scope's provide and the consume's fallback); a module under splitChunks' minSize stays in each
 * block's chunk, and two exposes or shares left with the same small remainder (react/jsx-runtime) are twins too.
 * webpack merges twin chunks only before splitChunks runs, so the build had files with the same modules under two
 * names (zustand, the react-router-dom subset, react-dom's index, jsx-runtime twice) and `/` fetched each twice.
 * This merges them once more after splitting. Twins used by the page's two runtimes (main and the shell's container)
 * merge only if their exports are used alike in both, hence `usedExports: 'global'` in baseConfig: both runtimes load
 * the same files on the same page, so exports kept for one are there for the other anyway.
 */
class MergeTwinChunksPlugin {
  apply(compiler) {
    const { optimize, OptimizationStages } = compiler.webpack;
    const stage = (OptimizationStages?.STAGE_ADVANCED ?? 10) + 1; // just after SplitChunksPlugin (STAGE_ADVANCED)
    new optimize.MergeDuplicateChunksPlugin({ stage }).apply(compiler);
  }
}

function baseConfig({ dir, uniqueName, publicPath, prod, entry }) {
  return {
    entry,
    mode: prod ? 'production' : 'development',
    devtool: prod ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.resolve(dir, 'dist'),
      publicPath,
      filename: '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.jsx'],
      alias: resolveAliases(),
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' },
            },
          },
        },
        // A part of a message catalogue (shell/build/catalogue-parts.js): `locales/en.json?part=start`.
        { test: /[\\/]locales[\\/][a-z]+\.json$/, resourceQuery: /\bpart=/, use: path.join(__dirname, 'build', 'catalogue-part-loader.js') },
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        { test: /\.(png|jpe?g|webp|svg)$/, type: 'asset/resource' },
      ],
    },
    performance: { hints: false },
    optimization: {
      // One set of used exports for every runtime of the build (see MergeTwinChunksPlugin).
      usedExports: 'global',
      // swc's minifier instead of terser (webpack's default, two compress passes): the admin remote (charts) took
      // 381 s of a CI build with terser, most of the build's critical path.
      minimizer: [new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify, options: {} } })],
    },
  };
}

/**
 * A role's remote, served under /mfe/<role>/<version>/ (publicPath 'auto': chunks load relative to the manifest
 * the shell was pointed at); the shell registers it at runtime from /config/remotes.json. It exposes ./routes (its /dashboard/* route table) and consumes the shell's
 * session, api-client and ui-kit through the `shell` remote (one store for the whole page).
 */
function remoteConfig(name, dir) {
  // Where the shell's manifest lives (the shell is served at /). Overridable at build time.
  const shellManifest = process.env.AFYA_SHELL_MANIFEST || '/mf-manifest.json';
  const packageJson = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (typeof packageJson.requiredShell !== 'string') throw new Error(`${dir}/package.json has no "requiredShell" range`);
  return (_env, argv) => ({
    ...baseConfig({ dir, uniqueName: name, publicPath: 'auto', prod: argv.mode !== 'development', entry: {} }),
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: { './routes': './src/exposes/routes.tsx' },
        remotes: { shell: `shell@${shellManifest}` },
        // antd and react-router-dom come from the shell only (its tree-shaken subsets): no fallback copy here.
        shared: remoteShared,
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
      }),
      new MergeTwinChunksPlugin(),
      new PrecompressPlugin(),
      new VersionedReleasePlugin({ name, packageJson }),
    ],
  });
}

module.exports = { baseConfig, resolveAliases, remoteConfig, shared, MergeTwinChunksPlugin, PrecompressPlugin, StartupPreloadPlugin, VersionedReleasePlugin, releaseVersion, RELEASE_VERSION };
