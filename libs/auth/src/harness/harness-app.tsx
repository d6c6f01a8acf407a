import { Suspense, useEffect, useRef, useState } from 'react';
import {
  BrowserRouter,
  Link,
  Outlet,
  useNavigate,
  useRoutes,
  type RouteObject,
} from 'react-router';
import { ToastContainer } from 'react-toastify';
import { Spinner } from '@toolshop/ui';
import {
  CALLBACK_PATH,
  completeRedirectSignIn,
  ServerDataProvider,
  setNavigate,
} from '@toolshop/auth';
import { DevSignIn } from './dev-sign-in';
import { HarnessIndex } from './harness-index';
import { SessionGate } from './session-gate';
import styles from './harness.module.css';

export interface HarnessOptions {
  /** Shown in the harness bar, e.g. "storefront". */
  title: string;
  /** The remote's routes, with the same paths as in the shell. */
  routes: RouteObject[];
  /** Links in the harness bar: label -> path. */
  links: Record<string, string>;
  /** Pages only for signed-in users (in the shell, behind its guards): signed out, a note shows instead. */
  signInRequired?: boolean;
}

function Frame({ title, links }: Pick<HarnessOptions, 'title' | 'links'>) {
  const navigate = useNavigate();
  useEffect(() => setNavigate((path) => void navigate(path)), [navigate]);
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <p className={styles.title}>{title} · standalone harness</p>
        <nav className={styles.links} aria-label="Harness">
          {Object.entries(links).map(([label, path]) => (
            <Link key={path} to={path}>
              {label}
            </Link>
          ))}
        </nav>
        <DevSignIn />
      </header>
      <main className={styles.main}>
        <Suspense fallback={<Spinner centered />}>
          <Outlet />
        </Suspense>
      </main>
      <ToastContainer autoClose={5000} />
    </div>
  );
}

function Callback() {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const started = useRef(false);
  useEffect(() => {
    // the code is exchanged once, even when StrictMode runs the effect twice
    if (started.current) return;
    started.current = true;
    completeRedirectSignIn()
      .then((to) => navigate(to, { replace: true }))
      .catch((caught: Error) => setError(caught.message));
  }, [navigate]);
  return error ? <p role="alert">{error}</p> : <Spinner centered />;
}

export function HarnessApp({ title, routes, links, signInRequired = false }: HarnessOptions) {
  return (
    <ServerDataProvider>
      <BrowserRouter>
        <HarnessRoutes
          title={title}
          routes={routes}
          links={links}
          signInRequired={signInRequired}
        />
      </BrowserRouter>
    </ServerDataProvider>
  );
}

/** The remote's routes in the harness frame (a declarative router, as in the shell). */
function HarnessRoutes({ title, routes, links, signInRequired = false }: HarnessOptions) {
  const [tree] = useState<RouteObject[]>(() => [
    {
      element: <Frame title={title} links={links} />,
      children: [
        // The callback completes a sign-in, so it cannot wait for one.
        { element: <SessionGate signInRequired={signInRequired} />, children: routes },
        { path: CALLBACK_PATH, element: <Callback /> },
        // Any other path (`/` of a remote whose pages live under /dashboard): where its pages are.
        { path: '*', element: <HarnessIndex title={title} links={links} /> },
      ],
    },
  ]);
  return useRoutes(tree);
}
