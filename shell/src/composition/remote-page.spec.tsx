/** @jest-environment jsdom */
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RemotePage } from './remote-page';

let arrive: (module: { default: () => React.JSX.Element }) => void = () => {};
jest.mock('./federation', () => ({
  loadRemotePage: () => new Promise((resolve) => (arrive = resolve)),
  resetRemote: () => {},
}));
jest.mock('./beacon', () => ({ reportRemote: () => {} }));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Rendered as in a browser, not within act(), which shows content without React's throttling.
beforeAll(
  () => ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false),
);

it('shows a page as soon as its module is there, not when React would retry the spinner', async () => {
  const container = document.createElement('div');
  createRoot(container).render(<RemotePage remote="dashboard" exposed="MyOrdersPage" />);
  await pause(20);
  expect(container.querySelector('[aria-label="Loading page"]')).not.toBeNull();
  // React reveals a boundary's content at the earliest 300 ms after its spinner showed; an update
  // of the page's own component is not held back.
  // Commits of the page, not calls of its function: React may call it again for a render it
  // drops (a retry it had started, overtaken by the update), which never reaches the screen.
  let commits = 0;
  arrive({
    default: function Page() {
      useLayoutEffect(() => {
        commits += 1;
      });
      return <h1>My Orders</h1>;
    },
  });
  await pause(100);
  expect(container.querySelector('h1')?.textContent).toBe('My Orders');
  expect(container.querySelector('[aria-label="Loading page"]')).toBeNull();
  // React's own retry, once its throttle has passed, finds the page there: it is not rendered again.
  await pause(400);
  expect(commits).toBe(1);
});
