// Shell (host). Served at /. Loads mfe_patient / mfe_doctor / mfe_admin at RUNTIME from the releases pinned in
// /config/remotes.json (see src/remotes/remotes-config.ts), so rolling a remote forward or back needs no shell
// rebuild. The build ships no remotes.json: which releases run is deployment configuration (the ConfigMap
// shell-remotes in a cluster, the gateway locally: gateway/src/common/static/static-sites.ts).
// The shell also exposes its session, api-client and ui-kit and consumes them back through the
// `shell` remote, so host and every remote share ONE instance of each (one zustand store).
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { baseConfig, shared, MergeTwinChunksPlugin, PrecompressPlugin, StartupPreloadPlugin } = require('./webpack.parts');

const shellConfig = (_env, argv) => ({
  ...baseConfig({ dir: __dirname, uniqueName: 'shell', publicPath: '/', prod: argv.mode !== 'development', entry: { main: './src/index.ts' } }),
  name: 'shell',
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        filename: 'remoteEntry.js',
        exposes: {
          './session': './libs/session/index.ts',
          './api-client': './libs/api-client/index.ts',
          './ui-kit': './libs/ui-kit/index.ts',
          // English and Kiswahili: the i18next instance, catalogue registration, the language switch, formatting.
          './i18n': './libs/i18n/index.ts',
          // The support screens' components and hooks: loaded with a support page, not with every dashboard.
          './support-kit': './libs/ui-kit/support/index.ts',
          // The video visit's call screen: loaded with the call page only.
          './video-kit': './libs/ui-kit/video/index.ts',
        },
        // The shell consumes its own exposed modules (one store for host + remotes).
        // mfe_* are NOT listed: they are registered at runtime with registerRemotes().
        remotes: { shell: 'shell@/mf-manifest.json' },
        shared,
        shareStrategy: 'loaded-first',
        runtimePlugins: [require.resolve('./src/remotes/error-load-remote.plugin.ts')],
        dts: false,
        manifest: true,
      }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        chunks: ['main'],
        favicon: './public/favicon.svg',
      }),
      new MergeTwinChunksPlugin(),
      new StartupPreloadPlugin(),
      new PrecompressPlugin(),
    ],
    devServer: { port: 4200, historyApiFallback: true, proxy: [{ context: ['/api'], target: 'http://localhost:3000' }] },
});

/**
 * The service worker (src/service-worker/sw.ts, decision 0100): its own compilation, a plain web worker script at
 * /sw.js (no federation runtime, no chunks), built after the shell (whose build empties dist/ first).
 */
const serviceWorkerConfig = (_env, argv) => {
  const base = baseConfig({ dir: __dirname, uniqueName: 'shell-sw', publicPath: '/', prod: argv.mode !== 'development', entry: { sw: './src/service-worker/sw.ts' } });
  return {
    ...base,
    name: 'service-worker',
    dependencies: ['shell'],
    target: 'webworker',
    devtool: false,
    output: { ...base.output, filename: 'sw.js', clean: false },
    optimization: { ...base.optimization, splitChunks: false, runtimeChunk: false },
  };
};

module.exports = [shellConfig, serviceWorkerConfig];
