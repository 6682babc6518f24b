// Singletons shared by the shell and every remote (one React, one router, one antd, one store lib, one query cache).
const deps = require('../package.json').dependencies;
const singleton = (name) => ({ singleton: true, requiredVersion: deps[name] || false });
module.exports = {
  react: singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-router-dom': singleton('react-router-dom'),
  antd: singleton('antd'),
  '@ant-design/icons': singleton('@ant-design/icons'),
  zustand: singleton('zustand'),
  dayjs: singleton('dayjs'),
  // One query cache for the page: the shell's QueryClientProvider reaches every remote's useQuery.
  '@tanstack/react-query': singleton('@tanstack/react-query'),
};
