// mfe_admin: remote served under /mfe/admin/ (publicPath 'auto'); the shell registers it at runtime from
// /config/remotes.json. It exposes ./routes (its /dashboard/* route table) and consumes the shell's
// session, api-client and ui-kit through the `shell` remote (one store for the whole page).
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const shared = require('../shell/federation.shared');

// Where the shell's manifest lives (the shell is served at /). Overridable at build time.
const SHELL_MANIFEST = process.env.AFYA_SHELL_MANIFEST || '/mf-manifest.json';

module.exports = (_env, argv) => {
  const prod = argv.mode !== 'development';
  return {
    entry: {},
    mode: prod ? 'production' : 'development',
    devtool: prod ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: 'auto',
      filename: '[name].js', // no hash: the federation runtime resolves this template without chunk hashes
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: 'mfe_admin',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.jsx'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'mfe_admin',
        filename: 'remoteEntry.js',
        exposes: { './routes': './src/exposes/routes.tsx' },
        remotes: { shell: `shell@${SHELL_MANIFEST}` },
        shared,
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
      }),
    ],
    performance: { hints: false },
  };
};
