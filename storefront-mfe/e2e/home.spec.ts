import { Messages, formatDollars, type InsertedAnswer, type Tool } from '@toolshop/contracts';
import { expect, stack, test } from '@toolshop/devstack/e2e';

test('the grid shows every tool with its facts, and Buy Now opens its page', async ({
  page,
  signIn,
  apiAs,
}) => {
  // Other specs add tools and order seeded ones meanwhile: compare with answers from before and after.
  const api = await apiAs(null);
  const before = await api.get<Tool[]>('/tools');
  await signIn('customer');
  await page.goto('/');
  const grid = page.getByRole('region', { name: 'Tools built for the job site' });
  const cards = grid.getByRole('article');
  await expect(cards.first()).toBeVisible();
  // The newest come first, a step at a time: every step shown, the seeded tools are there.
  const more = grid.getByRole('button', { name: /^Show more tools/ });
  while (await more.isVisible()) await more.click();
  const after = await api.get<Tool[]>('/tools');
  const stable = before.filter((tool) => after.some((later) => later._id === tool._id));
  const cardOf = (tool: Tool) =>
    cards.filter({ has: page.getByRole('heading', { name: tool.name, exact: true }) });
  for (const tool of stable) await expect(cardOf(tool)).toHaveCount(1);

  const tool = stable.at(-1)!; // the oldest: a seeded tool
  const card = cardOf(tool);
  await expect(card.getByRole('img', { name: tool.name })).toBeVisible();
  await expect(card).toContainText(tool.shortDescription);
  await expect(card).toContainText(`Minimum order${tool.minOrder}`);
  await expect(card).toContainText(formatDollars(tool.price));
  const shown = Number((await card.locator('dd').nth(1).textContent())?.replace(/\D/g, ''));
  const stockAfter = after.find((later) => later._id === tool._id)!.available;
  expect(shown).toBeLessThanOrEqual(tool.available);
  expect(shown).toBeGreaterThanOrEqual(stockAfter);

  await card.getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(`${stack.shell}/tools/${tool._id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
});

test('a tool opened from far down the grid opens at its top, and Back shows the grid as it was left', async ({
  page,
  signIn,
  apiAs,
}) => {
  // Enough tools of its own for a second step of the grid ("Show more tools").
  const admin = await apiAs('admin');
  const ids: string[] = [];
  try {
    for (let i = 0; i < 13; i++) {
      const { insertedId } = await admin.post<InsertedAnswer>('/tools', {
        name: `Back test tool ${i} ${Date.now()}`,
        img: `${stack.api}/images/jigsaw.webp`,
        shortDescription: 'A tool for the Back test',
        minOrder: 1,
        available: 5,
        price: 10,
      });
      ids.push(insertedId);
    }
    await signIn('customer');
    // One column: tools other specs add meanwhile move every card alike.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const grid = page.getByRole('region', { name: 'Tools built for the job site' });
    await grid.getByRole('button', { name: /^Show more tools/ }).click();
    const cards = grid.getByRole('article');
    await expect(cards.nth(12)).toBeVisible();
    const name = (await cards.nth(12).getByRole('heading').textContent())!;
    const card = cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
    const buyNow = card.getByRole('link', { name: 'Buy Now' });
    await buyNow.scrollIntoViewIfNeeded();
    const topOf = () => card.evaluate((element) => element.getBoundingClientRect().top);
    const left = await topOf();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

    await buyNow.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    // The card is where it was in the window, the second step of the grid shown again, though
    // the cards above it came back with estimated heights (laid out only near the screen).
    await expect.poll(() => grid.getByRole('article').count()).toBeGreaterThan(12);
    await expect.poll(async () => Math.abs((await topOf()) - left)).toBeLessThanOrEqual(2);
  } finally {
    for (const id of ids) await admin.delete(`/tools/${id}`);
  }
});

test('the sale countdown starts at 11 days 13 hours and ticks live', async ({ page }) => {
  await page.goto('/');
  const timer = page.getByRole('timer', { name: 'Time left in the mid-year sale' });
  await expect(timer).toBeVisible();
  const unit = (name: string) => timer.locator(`[data-unit="${name}"] span`).first();
  await expect(unit('days')).toHaveText('11');
  await expect(unit('hours')).toHaveText('13');

  const before = await unit('seconds').textContent();
  await expect(unit('seconds')).not.toHaveText(before ?? '', { timeout: 3000 });
  await expect(timer).toContainText('Seconds');
});

test('the hero link scrolls to the customer reviews', async ({ page }) => {
  await page.goto('/');
  const reviews = page.locator('#reviews');
  await expect(reviews.getByRole('listitem').first()).toBeVisible();
  await expect(reviews).not.toBeInViewport();

  await page.getByRole('link', { name: 'Read customer reviews' }).click();
  await expect(reviews).toBeInViewport();
  await expect(reviews).toBeFocused();
  await expect(reviews.getByRole('img', { name: /^Rated \d out of 5$/ }).first()).toBeVisible();
});

test('the reviews link lands on the reviews while the tools above them still arrive', async ({
  page,
}) => {
  // The tools answer while the smooth scroll runs: the cards replacing their placeholders above the
  // reviews move them after the scroll chose where to stop.
  let answerTools = () => {};
  const toolsHeld = new Promise<void>((resolve) => (answerTools = resolve));
  await page.route(
    (url) =>
      url.href.startsWith(stack.api) && /^\/tools(\?|$)/.test(url.href.slice(stack.api.length)),
    async (route) => {
      await toolsHeld;
      await route.continue();
    },
  );
  await page.goto('/');
  const reviews = page.locator('#reviews');
  await expect(reviews.getByRole('listitem').first()).toBeVisible();

  await page.getByRole('link', { name: 'Read customer reviews' }).click();
  answerTools();
  await expect(
    page.getByRole('region', { name: 'Tools built for the job site' }).getByRole('article').first(),
  ).toBeAttached();
  await expect(reviews).toBeInViewport();
  await expect(reviews).toBeFocused();
});

test('an incomplete suggestion opens the Oops dialog; a complete one is thanked', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.getByRole('region', { name: 'Tell us what to build next' });
  await form.getByLabel('Your email or name').fill('Sam from the workshop');
  await form.getByRole('button', { name: 'Send suggestion' }).click();

  const dialog = page.getByRole('dialog', { name: Messages.suggestionDialogTitle });
  await expect(dialog).toContainText(Messages.suggestionIncomplete);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await form.getByLabel('Your suggestion').fill('A brushless 12 V planer, please.');
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/suggestions',
  );
  await form.getByRole('button', { name: 'Send suggestion' }).click();
  // A retry of this attempt (no answer) would be answered once by the API (crash safety).
  expect((await sent).headers()['idempotency-key']).toMatch(/^attempt-[0-9a-f-]{32,36}$/);
  await expect(page.getByText(Messages.suggestionAdded)).toBeVisible();
  await expect(form.getByLabel('Your suggestion')).toHaveValue('');
});

test('every storefront page fits a 360 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/blogs', '/portfolio']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the highlights, which "Read customer reviews" scrolls past, stand in at about their height until laid out', async ({
  page,
}) => {
  const highlights = page.getByRole('region', { name: 'Why workshops choose Toolshop' });
  for (const width of [390, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/');
    await expect(highlights).toBeAttached();
    // far below the first screen: not laid out yet, its stand-in's height (content-visibility)
    const standIn = (await highlights.boundingBox())!.height;
    const heading = highlights.getByRole('heading', { level: 2 });
    const rendered = () =>
      heading.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered()).toBe(false);
    await highlights.scrollIntoViewIfNeeded();
    // laid out once near the viewport, in a frame after the scroll
    await expect.poll(rendered).toBe(true);
    const laidOut = (await highlights.boundingBox())!.height;
    expect(Math.abs(standIn - laidOut) / laidOut, `at ${width} px`).toBeLessThanOrEqual(0.15);
  }
});
