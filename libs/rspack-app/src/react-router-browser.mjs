// react-router as the apps share it: what they import, from its production build. A shared module
// cannot be tree-shaken (no build knows what the others use), so this list is the cut: the package
// also carries server rendering, cookies and sessions, the data router (createBrowserRouter,
// loaders, actions, fetchers, Form, useBlocker) and many hooks no app calls (the home
// page's JavaScript budget). The shell and the harnesses route with <BrowserRouter> and useRoutes.
// test/shared-subsets.test.mjs fails when an app imports a name that is not here: add it then.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from '../../../node_modules/react-router/dist/production/index.mjs';
