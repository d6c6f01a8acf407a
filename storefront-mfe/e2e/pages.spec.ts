import { expect, test } from '@toolshop/devstack/e2e';

test('the blogs page shows six question-and-answer cards', async ({ page }) => {
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Straight answers from our workshop',
  );
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) {
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(/\?$/);
    await expect(card.getByRole('paragraph').last()).not.toBeEmpty();
  }
});

test('the portfolio page says who, which skills, which projects and how to get in touch', async ({
  page,
}) => {
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const main = page.getByRole('main');
  for (const section of ['Skills', 'Projects', 'Contact']) {
    await expect(main.getByRole('region', { name: section })).toBeVisible();
  }
  await expect(page.getByRole('meter').first()).toBeVisible();
  await expect(
    main.getByRole('region', { name: 'Contact' }).getByRole('link', { name: /@/ }),
  ).toHaveAttribute('href', /^mailto:/);
});
