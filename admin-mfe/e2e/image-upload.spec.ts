import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ImageMessages, Messages, type Tool } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, test } from '@toolshop/devstack/e2e';

const UPLOADED = /\/images\/([a-f\d]{24})\/(\d+)\.webp$/;

/** A real photo-sized JPEG (1600 × 1200, a gradient so it is not trivially small). */
async function jpeg(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 120;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

test('an admin uploads a JPEG; the product shows it on the home page from its WebP variants', async ({
  page,
  signIn,
  apiAs,
}) => {
  const name = `E2E Photo Saw ${randomUUID().slice(0, 6)}`;
  await signIn('admin');
  await page.goto('/dashboard/addProduct');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Or upload an image').setInputFiles({
    name: 'saw.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpeg(),
  });
  await expect(page.getByText(ImageMessages.uploaded)).toBeVisible();
  // The link field is filled with the largest variant's link; the preview shows the picture.
  await expect(page.getByLabel('Image link')).toHaveValue(UPLOADED);
  const link = await page.getByLabel('Image link').inputValue();
  expect(link).toMatch(/\/1280\.webp$/);
  const preview = page.getByRole('img', { name: `Preview of ${name}` });
  await expect(preview).toHaveJSProperty('naturalWidth', 1280);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('uploaded-preview.png') });

  await page.getByLabel('Short description').fill('A saw with a real photo');
  await page.getByLabel('Minimum order').fill('0');
  await page.getByLabel('Available').fill('12');
  await page.getByLabel('Price ($)').fill('99');
  await page.getByLabel('Category').selectOption('Saws');
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText(Messages.productAdded)).toBeVisible();

  // The home grid: a srcset of the variants; the browser picks one by `sizes` (a card is about
  // 23rem wide on this 1280 px screen) and fetches it as WebP from the API.
  const fetched: { url: string; type: string | null }[] = [];
  page.on('response', (response) => {
    if (UPLOADED.test(response.url()))
      fetched.push({ url: response.url(), type: response.headers()['content-type'] ?? null });
  });
  await page.goto('/');
  const card = page.getByRole('article', { name });
  const image = card.getByRole('img', { name });
  await image.scrollIntoViewIfNeeded();
  const base = link.replace(/\/1280\.webp$/, '');
  await expect(image).toHaveAttribute(
    'srcset',
    [320, 640, 960, 1280].map((width) => `${base}/${width}.webp ${width}w`).join(', '),
  );
  await expect(image).toHaveAttribute('sizes', /23rem/);
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const current = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(current).toMatch(UPLOADED);
  expect(current).not.toBe(link); // a smaller variant than the largest
  expect(fetched).toContainEqual({ url: current, type: 'image/webp' });
  await card.screenshot({ path: test.info().outputPath('home-card.png') });

  const admin = await apiAs('admin');
  const [added] = (await admin.get<Tool[]>(`/tools?q=${encodeURIComponent(name)}`)).filter(
    (tool) => tool.name === name,
  );
  expect(added?.img).toBe(link);
  await admin.delete(`/tools/${added!._id}`);
});

test('a file that is not a JPEG, PNG or WebP is refused with the message, by its type or its bytes', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/dashboard/addProduct');
  const upload = page.getByLabel('Or upload an image');

  // By its type, before anything is sent.
  await upload.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(page.getByText(ImageMessages.wrongType, { exact: true })).toBeVisible();
  await expect(upload).toHaveAttribute('aria-invalid', 'true');

  // Named and typed as a JPEG, but not one: the API reads the bytes and refuses it.
  const refused = page.waitForResponse(
    (response) => response.url().endsWith('/images') && response.request().method() === 'POST',
  );
  await upload.setInputFiles({
    name: 'photo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('this is not a photo at all'),
  });
  expect((await refused).status()).toBe(415);
  await expect(page.getByText(ImageMessages.wrongType, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Image link')).toHaveValue('');
  await expectNoAxeViolations(page);
});
