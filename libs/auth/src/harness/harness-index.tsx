import { Link, useLocation } from 'react-router';

/**
 * What a harness shows at a path none of its pages has (`/` of the dashboard and admin harnesses,
 * whose pages live under /dashboard): where its pages are, one link each, instead of a blank page.
 */
export function HarnessIndex({ title, links }: { title: string; links: Record<string, string> }) {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="harness-index-title">
      <h1 id="harness-index-title">The {title} remote&apos;s pages</h1>
      <p>
        {pathname === '/'
          ? 'This harness serves them at the shell’s paths'
          : `No page of the ${title} remote is at ${pathname}`}
        : open one of them.
      </p>
      <ul>
        {Object.entries(links).map(([label, path]) => (
          <li key={path}>
            <Link to={path}>
              {label} <code>{path}</code>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
