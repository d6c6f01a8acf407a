import { expect, test } from '@toolshop/devstack/e2e';
import { openAtWidth } from './width-helpers';

// Issue 13, item 7: after a failed submit focus is on the first field to fix, not on the button.
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
