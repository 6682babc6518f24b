// Singletons shared by the shell and every remote (one React, one router, one antd, one store lib, one query cache).
const deps = require('./package.json').dependencies;
const singleton = (name) => ({ singleton: true, requiredVersion: deps[name] || false });
module.exports = {
  react: singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-router-dom': singleton('react-router-dom'),
  antd: singleton('antd'),
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
