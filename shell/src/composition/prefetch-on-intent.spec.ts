/** @jest-environment jsdom */
import { allRoutes, type RemoteRoute } from '@toolshop/routes';
import { prefetchOnIntent } from './prefetch-on-intent';

const asked: string[] = [];
beforeAll(() =>
  prefetchOnIntent(allRoutes(), (route: RemoteRoute, params) =>
    asked.push(`${route.remote}/${route.page} ${JSON.stringify(params)}`),
  ),
);
beforeEach(() => {
  asked.length = 0;
  document.body.innerHTML = '';
});

function link(href: string) {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.innerHTML = '<span>Go</span>';
  document.body.append(anchor);
  return anchor;
}

it.each([
  ['a pointer resting on it', 'pointerover'],
  ['a touch', 'touchstart'],
  ['a focus', 'focusin'],
])('asks for the page a link leads to and its data on %s', (_intent, type) => {
  link(`/tools/${type}`)
    .querySelector('span')!
    .dispatchEvent(new Event(type, { bubbles: true }));
  expect(asked).toEqual([`storefront/ToolDetailPage {"toolId":"${type}"}`]);
});

it('asks on a click nothing announced (a screen reader, a script), once per path', () => {
  const anchor = link('/dashboard/myOrders');
  anchor.addEventListener('click', (event) => event.preventDefault());
  anchor.click();
  expect(asked).toEqual(['dashboard/DashboardLayout {}', 'dashboard/MyOrdersPage {}']);
  anchor.click();
  anchor.dispatchEvent(new Event('pointerover', { bubbles: true }));
  expect(asked).toHaveLength(2);
});

it("asks nothing for another site's link or a page of the shell's own", () => {
  for (const href of ['https://elsewhere.example/dashboard/quickOrder', '/login']) {
    const anchor = link(href);
    anchor.addEventListener('click', (event) => event.preventDefault());
    anchor.click();
  }
  expect(asked).toEqual([]);
});
