// Singletons shared by the shell and every remote (one React, one router, one antd, one store lib, one query cache).
const path = require('node:path');
const deps = require('./package.json').dependencies;
const singleton = (name) => ({ singleton: true, requiredVersion: deps[name] || false });
/**
 * A shared package the shell provides as a subset (shell/federation/<name>.js: only the exports the apps import, so
 * the rest is tree-shaken). The remotes bundle no copy of their own (`import: false`): the page always runs the
 * shell's, which is what a singleton means anyway, and a remote's copy would be the whole package again.
 */
const SUBSETS = {
  antd: path.join(__dirname, 'federation', 'antd.js'),
  'react-router-dom': path.join(__dirname, 'federation', 'react-router-dom.js'),
};
/**
 * Each subset is provided under a bare request (`@afya/shared-subset/<name>`, a webpack alias of its file, see
 * subsetAliases): a provide by absolute path is added to every compilation, HtmlWebpackPlugin's child compilation
 * too, which has no federation runtime and fails the build.
 */
const subsetRequest = (name) => `@afya/shared-subset/${name}`;
const subsetAliases = () => Object.fromEntries(Object.entries(SUBSETS).map(([name, file]) => [`${subsetRequest(name)}$`, file]));
const installedVersion = (name) => require(`${name}/package.json`).version;
const subset = (name) => ({ ...singleton(name), import: subsetRequest(name), version: installedVersion(name) });

/** What the shell provides (and consumes: its own app and exposes use the same shares). */
const shared = {
  react: singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-router-dom': subset('react-router-dom'),
  antd: subset('antd'),
  // @ant-design/icons is NOT shared: shared modules are not tree-shaken, and all 800+ icons (~140 KB brotli)
  // went to every page. Each app bundles the few icons it draws; they hold no state that must be one.
  zustand: singleton('zustand'),
  dayjs: singleton('dayjs'),
  // One query cache for the page: the shell's QueryClientProvider reaches every remote's useQuery.
  '@tanstack/react-query': singleton('@tanstack/react-query'),
  // One i18next instance and one react-i18next binding: a language switch in the shell re-renders every remote.
  i18next: singleton('i18next'),
  'react-i18next': singleton('react-i18next'),
};

/** What a remote declares: the same shares, the subsets without a fallback of its own (the shell's are the page's). */
const remoteShared = Object.fromEntries(
  Object.entries(shared).map(([name, config]) => [name, SUBSETS[name] ? { ...singleton(name), import: false } : config]),
);

module.exports = { shared, remoteShared, SUBSETS, subsetRequest, subsetAliases };
