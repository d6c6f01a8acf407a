import {
  createElement,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import type { PageName } from '@toolshop/routes';
import { Spinner } from '@toolshop/ui';
import { reportRemote } from './beacon';
import { FallbackLayout } from './fallback-layout';
import { loadRemotePage, resetRemote } from './federation';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteRetryContext } from './remote-retry-context';
import type { RemoteName } from './remote-map';

// One lazy component per exposed module and attempt, so navigating back does not suspend again.
const pages = new Map<string, LazyExoticComponent<ComponentType>>();
// A page's module still on its way (settled: loaded or failed); removed once it has settled.
const loading = new Map<string, Promise<unknown>>();
const attempts = new Map<RemoteName, number>();

const pageKey = (remote: RemoteName, exposed: PageName<RemoteName>, attempt: number) =>
  `${remote}/${exposed}#${attempt}`;

/**
 * The remote's page, reporting "ok" once it has rendered and committed (its effect runs only when
 * the page rendered without throwing): a page that fails to render reports only its failure.
 */
function reportingRendered(remote: RemoteName, Page: ComponentType): ComponentType {
  return function RenderedRemotePage() {
    useEffect(() => reportRemote(remote, 'ok'), []);
    return createElement(Page);
  };
}

/**
 * Makes a page's module, loaded already, render at once (without suspending): how the shell
 * hydrates a prerendered page, whose markup React must find rendered in the same pass.
 */
export function providePageModule(
  remote: RemoteName,
  exposed: PageName<RemoteName>,
  module: { default: ComponentType },
): void {
  // A thenable that calls back at once: React.lazy then holds the module from its first render.
  const reporting = { default: reportingRendered(remote, module.default) };
  const loaded = {
    then: (resolve: (value: { default: ComponentType }) => void) => resolve(reporting),
  };
  pages.set(
    pageKey(remote, exposed, attempts.get(remote) ?? 0),
    lazy(() => loaded as Promise<{ default: ComponentType }>),
  );
}

/**
 * The spinner of a page on its way. Once the page's module has settled, `onSettled` renders the
 * page by an update of RemotePage rather than by React's retry of the boundary, which React holds
 * back until 300 ms after the spinner showed (its fallback throttle): a page loaded in 150 ms
 * appeared after 350 (Manage All Orders clicked at a 4x slowed CPU). Only a spinner that showed
 * asks for it: a page that rendered without one is not rendered twice.
 */
function PageLoading({
  arriving,
  onSettled,
}: {
  arriving: Promise<unknown> | undefined;
  onSettled: () => void;
}) {
  useEffect(() => {
    let shown = true;
    void arriving?.then(() => {
      if (shown) onSettled();
    });
    return () => {
      shown = false;
    };
  }, [arriving, onSettled]);
  return <Spinner centered label="Loading page" />;
}

function lazyPage(
  remote: RemoteName,
  exposed: PageName<RemoteName>,
  attempt: number,
  layout: boolean,
) {
  const key = pageKey(remote, exposed, attempt);
  let page = pages.get(key);
  if (!page) {
    // A layout that cannot load is replaced by the shell's plain one, which still renders the
    // child pages (of other remotes too); a page by the fallback plugin's "not available" notice.
    const loaded = loadRemotePage(remote, exposed).then((module) => {
      if ('unavailable' in module) return layout ? { default: FallbackLayout } : module;
      return { default: reportingRendered(remote, module.default) };
    });
    const settled = () => loading.delete(key);
    loading.set(key, loaded.then(settled, settled));
    page = lazy(() => loaded);
    pages.set(key, page);
  }
  return page;
}

/**
 * A route element exposed by a remote: loaded on first render, isolated by a boundary with retry.
 * `exposed` is a page name of the route tables (libs/routes), never a free string. A `layout` page
 * (its children are routes below it) falls back to the shell's FallbackLayout, so a remote's outage
 * never takes the pages of another remote down with it.
 */
export function RemotePage({
  remote,
  exposed,
  layout = false,
}: {
  remote: RemoteName;
  exposed: PageName<RemoteName>;
  layout?: boolean;
}) {
  const [attempt, setAttempt] = useState(() => attempts.get(remote) ?? 0);
  const retry = useCallback(() => {
    resetRemote(remote);
    const next = (attempts.get(remote) ?? 0) + 1;
    attempts.set(remote, next);
    setAttempt(next);
  }, [remote]);
  const Page = lazyPage(remote, exposed, attempt, layout);
  const arriving = loading.get(pageKey(remote, exposed, attempt));
  const [, revealed] = useState(0);
  const reveal = useCallback(() => revealed((count) => count + 1), []);
  return (
    <RemoteRetryContext value={retry}>
      {/* Keyed by page too: routes of one remote share this spot in the tree, and a crash of one
          must not leave the next route on the fallback. */}
      <RemoteErrorBoundary
        key={`${exposed}#${attempt}`}
        remote={remote}
        fallback={layout ? <FallbackLayout /> : undefined}
      >
        <Suspense fallback={<PageLoading arriving={arriving} onSettled={reveal} />}>
          <Page />
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext>
  );
}
