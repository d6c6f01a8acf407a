// react-router as the apps share it: its declarative browser API from its production build. The
// package's main entry also carries server rendering, cookies and sessions (about 25 kB gzip) and
// the data router (createBrowserRouter, loaders, actions, fetchers, Form, useBlocker: about 20 kB
// more); a shared module cannot be tree-shaken (no build knows what the others use), so this list
// is the cut. The shell and the harnesses route with <BrowserRouter> and useRoutes; route elements
// use the hooks, Link, NavLink, Navigate and Outlet.
// test/react-router-browser.test.mjs fails when a react-router update adds an export not sorted here.
export {
  BrowserRouter,
  HashRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  NavigationType,
  Outlet,
  Route,
  Router,
  Routes,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  href,
  isRouteErrorResponse,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
  unstable_HistoryRouter,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from '../../../node_modules/react-router/dist/production/index.mjs';
