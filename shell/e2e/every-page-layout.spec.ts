// Every page of the shop at 375, 768, 1280 and 1920 px with long real-world data (long
// emails, names, addresses, six-digit totals): nothing scrolls sideways, nothing is cut off, and
// every page has a title of its own. The screenshots are kept in the test's output for review.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  apiClient,
  createUser,
  expect,
  expectNoSidewaysScroll,
  expectNothingClipped,
  test,
  type ApiClient,
} from '@toolshop/devstack/e2e';

const WIDTHS = [375, 768, 1280, 1920];

/** A customer with long details, a long-named expensive tool, a six-digit unpaid order, a long review. */
async function longData(admin: ApiClient) {
  const id = randomUUID().slice(0, 8);
  const tools = await admin.get<{ img: string }[]>('/tools');
  const name = `Heavy-Duty Brushless Cordless Rotary Hammer Drill with Variable Speed Control ${id}`;
  await admin.post('/tools', {
    name,
    img: tools[0]!.img,
    shortDescription:
      'An SDS-Plus rotary hammer for concrete, masonry and stone, with anti-vibration handle, depth stop and a carrying case',
    minOrder: 1,
    available: 1000,
    price: 99_999,
  });
  const tool = (await admin.get<{ _id: string; name: string }[]>('/tools')).find(
    (t) => t.name === name,
  )!;
  const customer = await createUser({
    name: `Maximiliana Alexandrovna Featherstonehaugh-Wolfesch ${id}`, // 60: the longest name allowed
    email: `maximilianafeatherstonehaughprocurement${id}@verylongcompanynameexample.com`,
    verified: true,
  });
  const api = await apiClient(customer);
  await api.put(`/users?email=${encodeURIComponent(customer.email)}`, {
    email: customer.email,
    location:
      'Building 7, Unit 1204, 1600 Amphitheatre Parkway Industrial Estate, Mountain View, CA 94043',
    phone: '+1 (555) 010-0199 ext. 12345',
    education:
      'Master of Science in Mechanical and Manufacturing Engineering, Massachusetts Institute of Technology',
    linkedIn: `https://www.linkedin.com/in/maximiliana-featherstonehaugh-wolfeschlegel-${id}`,
  });
  const order = (quantity: number) =>
    api.post<{ insertedId: string }>('/orders', {
      toolId: tool._id,
      address:
        'Building 7, Unit 1204, 1600 Amphitheatre Parkway Industrial Estate, Mountain View, CA 94043',
      phone: '+1 (555) 010-0199',
      orderQuantity: quantity,
    });
  const { insertedId: unpaidId } = await order(9);
  await api.post('/reviews', {
    rating: 5,
    opinion:
      'Exceptionally well-balanced and powerful; it drilled through reinforced concrete all day without overheating. Customer service was quick and knowledgeable.',
  });
  return { tool, customer, unpaidId };
}

async function checkPage(page: Page, path: string, heading: RegExp | string, shot: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSidewaysScroll(page);
  await expectNothingClipped(page);
  const title = await page.title();
  expect(title, `title of ${path}`).toMatch(/^.+ \| Toolshop$/);
  await page.screenshot({ path: test.info().outputPath(`${shot}.png`), fullPage: true });
  return title;
}

for (const width of WIDTHS) {
  test(`at ${width} px every page fits long data, uncut, each with its own title`, async ({
    page,
    signIn,
    apiAs,
  }) => {
    test.slow();
    const { tool, customer, unpaidId } = await longData(await apiAs('admin'));
    const titles = new Map<string, string>();
    const visit = async (path: string, heading: RegExp | string, name: string) =>
      titles.set(path, await checkPage(page, path, heading, `${name}-${width}`));

    await page.setViewportSize({ width, height: 900 });
    await visit('/login', 'Login', 'login');
    await visit('/signup', 'Sign Up', 'signup');
    await visit('/', /./, 'home');
    await visit('/blogs', /./, 'blogs');
    await visit('/portfolio', /./, 'portfolio');
    await visit('/no-such-page', /./, 'not-found');
    // Signing in waits for the navbar's email, which phones keep behind the menu.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(customer);
    await page.setViewportSize({ width, height: 900 });
    await visit(`/tools/${tool._id}`, tool.name, 'tool-detail');
    await visit('/dashboard', 'My Profile', 'profile');
    await visit('/dashboard/review', 'Add A Review', 'add-review');
    await visit('/dashboard/myOrders', 'My Orders', 'my-orders');
    await expect(page.getByText('$899,991')).toBeVisible();
    await visit('/dashboard/quickOrder', 'Quick Order', 'quick-order');
    await visit('/dashboard/lists', 'Saved Lists', 'saved-lists');
    await visit(`/dashboard/payment/${unpaidId}`, /./, 'payment');
    // A title of its own: no two pages share one.
    const distinct = new Set(titles.values());
    expect(distinct.size, [...titles].map(([path, title]) => `${path}: ${title}`).join('\n')).toBe(
      titles.size,
    );
  });
}
