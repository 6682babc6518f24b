// The react-router-dom this page shares: only what the shell and the remotes import (every app's `import { X } from
// 'react-router-dom'` is answered by this module, the federation share `react-router-dom`). The whole package is
// ~52 KB brotli on every page (data routers, server rendering, hydration) and a shared module is never tree-shaken;
// this one is. react-router-dom v7 re-exports react-router, so the names come from there (never from
// 'react-router-dom' itself: that request is the share, and would answer itself). The shell provides it and the
// remotes bundle none of their own (`import: false`, federation.shared.js): one router context for the page.
// shell/test/federation-subsets.test.ts fails when an app imports a name missing here: add it before using it.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useHref,
  useLinkClickHandler,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
