// Every page's placeholder while its data is on the way passes axe like the page itself: the
// requests for the page's data are held, so the loading state stays on screen to be checked (a
// check after the page loaded can only catch it by chance, as it once did on the tool page). Its
// shimmer is the compositor's (a transform), not a repaint on the main thread every frame.
import type { Page } from '@playwright/test';
import type { Tool } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, stack, test } from '@toolshop/devstack/e2e';

const pages = [
  { path: '/tools/{tool}', holds: /^\/reviews\?toolId=/ },
  { path: '/dashboard', holds: /^\/users\?email=/ },
  { path: '/dashboard/myOrders', holds: /^\/orders\?email=/ },
  { path: '/dashboard/quickOrder', holds: /^\/orders\?email=/ },
  { path: '/dashboard/lists', holds: /^\/savedLists/ },
  { path: '/dashboard/quotes', holds: /^\/quotes/ },
  { path: '/dashboard/company', holds: /^\/companies\/mine/ },
];

/** The properties the page's running animations change. */
const animatedProperties = (page: Page) =>
  page.evaluate(() => {
    const timing = new Set(['offset', 'computedOffset', 'easing', 'composite']);
    const properties = document
      .getAnimations()
      .flatMap((animation) => (animation.effect as KeyframeEffect).getKeyframes())
      .flatMap((frame) => Object.keys(frame).filter((key) => !timing.has(key)));
    return [...new Set(properties)].sort();
  });

test('a page waiting for its data shows an accessible placeholder', async ({
  page,
  apiAs,
  signIn,
}) => {
  const [tool] = await (await apiAs(null)).get<Tool[]>('/tools');
  await signIn('customer');
  for (const { path, holds } of pages) {
    const url = path.replace('{tool}', tool!._id);
    // The page's own data never answers; everything else (the session, the remotes) does.
    await page.route(
      (target) =>
        target.href.startsWith(stack.api) && holds.test(target.href.slice(stack.api.length)),
      () => undefined,
    );
    await page.goto(url);
    const main = page.getByRole('main');
    await expect(main.locator('[aria-busy="true"]').first()).toBeVisible();
    await expectNoAxeViolations(page);
    // only what the compositor animates by itself: an animated background was painted every frame
    expect(await animatedProperties(page), `what ${path}'s placeholder animates`).toEqual([
      'transform',
    ]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});
