import { expect, test } from '@toolshop/devstack/e2e';
import { openAtWidth } from './width-helpers';

// Focus after errors: after a failed submit focus is on the first field to fix, not on the button.
for (const width of [1280, 375]) {
  test(`at ${width} px a failed review submit focuses the first invalid field`, async ({
    page,
    signIn,
    freshUser,
  }) => {
    await openAtWidth(page, signIn, freshUser, width, '/dashboard/review');
    const form = page.getByRole('form', { name: 'Add a review' });
    const post = form.getByRole('button', { name: 'Post review' });
    await post.click();
    await expect(form.getByLabel(/^Rating/)).toBeFocused();
    await form.getByLabel(/^Rating/).fill('4');
    await post.click();
    await expect(form.getByLabel('Your opinion')).toBeFocused();
  });
}

// Focus on the result: after "Post review" the result takes the focus, in view, at every width.
for (const width of [375, 1280, 1920]) {
  test(`at ${width} px a posted review moves the focus to its result`, async ({
    page,
    signIn,
    freshUser,
  }) => {
    await openAtWidth(page, signIn, freshUser, width, '/dashboard/review');
    const form = page.getByRole('form', { name: 'Add a review' });
    await form.getByLabel(/^Rating/).fill('5');
    await form.getByLabel('Your opinion').fill('The blade changes in seconds.');
    await form.getByRole('button', { name: 'Post review' }).click();
    const result = form.getByRole('status').filter({ hasText: 'Your review is posted.' });
    await expect(result).toBeFocused();
    await expect(result).toBeInViewport();
    await page.screenshot({ path: `/work/notes/s37/shots/pay/item6-review-${width}.png` });
    await result.getByRole('link', { name: 'See it under “Your reviews”' }).click();
    await expect(page.getByRole('heading', { name: 'Your reviews' })).toBeInViewport();
  });
}
