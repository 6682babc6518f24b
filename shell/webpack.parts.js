// Build settings shared by the shell and the three remotes: one swc/CSS pipeline, hashed chunks with
// unhashed entry files (the federation runtime resolves entry templates without hashes), and the
// remote recipe. Each app's webpack.config.js only says what is its own.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const shared = require('./federation.shared');

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
      // The booking rules' constants, shared with the appointment service (pure data, no server code).
      alias: { '@afya/appointment-service/contracts/catalog$': path.resolve(__dirname, '../services/appointment/contracts/catalog.ts') },
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
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        { test: /\.(png|jpe?g|webp|svg)$/, type: 'asset/resource' },
      ],
    },
    performance: { hints: false },
  };
}

/**
 * A role's remote, served under /mfe/<role>/ (publicPath 'auto'); the shell registers it at runtime from
 * /config/remotes.json. It exposes ./routes (its /dashboard/* route table) and consumes the shell's
 * session, api-client and ui-kit through the `shell` remote (one store for the whole page).
 */
function remoteConfig(name, dir) {
  // Where the shell's manifest lives (the shell is served at /). Overridable at build time.
  const shellManifest = process.env.AFYA_SHELL_MANIFEST || '/mf-manifest.json';
  return (_env, argv) => ({
    ...baseConfig({ dir, uniqueName: name, publicPath: 'auto', prod: argv.mode !== 'development', entry: {} }),
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: { './routes': './src/exposes/routes.tsx' },
        remotes: { shell: `shell@${shellManifest}` },
        shared,
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
      }),
    ],
  });
}

module.exports = { baseConfig, remoteConfig, shared };
