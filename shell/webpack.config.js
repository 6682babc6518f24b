// Shell (host). Served at /. Loads mfe_patient / mfe_doctor / mfe_admin at RUNTIME from the URLs in
// /config/remotes.json (see src/remotes/remotes-config.ts), so moving a remote needs no shell rebuild.
// The shell also exposes its session, api-client and ui-kit and consumes them back through the
// `shell` remote, so host and every remote share ONE instance of each (one zustand store).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { baseConfig, shared, PrecompressPlugin, StartupPreloadPlugin } = require('./webpack.parts');

module.exports = (_env, argv) => ({
  ...baseConfig({ dir: __dirname, uniqueName: 'shell', publicPath: '/', prod: argv.mode !== 'development', entry: { main: './src/index.ts' } }),
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        filename: 'remoteEntry.js',
        exposes: {
          './session': './libs/session/index.ts',
          './api-client': './libs/api-client/index.ts',
          './ui-kit': './libs/ui-kit/index.ts',
          // The support screens' components and hooks: loaded with a support page, not with every dashboard.
          './support-kit': './libs/ui-kit/support/index.ts',
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
      {
        // dist/config/remotes.json with the default remote URLs (ops may overwrite it per environment).
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('RemotesConfig', (compilation) => {
            compilation.hooks.processAssets.tap(
              { name: 'RemotesConfig', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
              () => {
                const json = require('fs').readFileSync(path.join(__dirname, 'public/config/remotes.json'));
                compilation.emitAsset('config/remotes.json', new compiler.webpack.sources.RawSource(json));
              },
            );
          });
        },
      },
      new StartupPreloadPlugin(),
      // config/remotes.json is overwritten per environment (ops, a ConfigMap): never precompressed.
      new PrecompressPlugin({ exclude: /^config\// }),
    ],
    devServer: { port: 4200, historyApiFallback: true, proxy: [{ context: ['/api'], target: 'http://localhost:3000' }] },
});
