import { expect, test } from '@toolshop/devstack/e2e';

// The shop is priced in dollars, so its contact details are American.
for (const width of [1280, 375]) {
  test(`at ${width} px the footer gives a US address and phone`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const address = page.locator('footer address');
    await expect(address).toContainText(/, [A-Z]{2} \d{5}/);
    await expect(address.getByRole('link', { name: /^\+1 / })).toHaveAttribute(
      'href',
      /^tel:\+1\d{10}$/,
    );
    await expect(address).not.toContainText('+44');
    await expect(address).not.toContainText('Sheffield');
  });
}
