import { CompanyPriceMessages, type Order } from '@toolshop/contracts';
import {
  apiClient,
  createUser,
  dashboardSidebar,
  expect,
  expectNoAxeViolations,
  signInThroughForm,
  test,
} from '@toolshop/devstack/e2e';

// Company price lists: an admin gives a company 10% off, and its member sees and pays that price.
test('an admin sets a company discount; a member sees the company price and orders at it', async ({
  page,
  browser,
  signIn,
  apiAs,
}) => {
  test.slow(); // two signed-in browsers
  const id = Date.now().toString(36);
  const companyName = `Price Test Joinery ${id}`;
  const member = await createUser();
  const memberApi = await apiClient(member);
  await memberApi.post('/companies', { name: companyName });
  const admin = await apiAs('admin');
  const [anyTool] = await admin.get<{ img: string }[]>('/tools');
  const { insertedId: toolId } = await admin.post<{ insertedId: string }>('/tools', {
    name: `Company Price Planer ${id}`,
    img: anyTool!.img,
    shortDescription: 'A planer for the company price test',
    minOrder: 1,
    available: 100,
    price: 200,
  });

  await signIn('admin');
  await page.goto('/dashboard');
  await dashboardSidebar(page).getByRole('link', { name: 'Companies', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  const search = page.getByRole('search', { name: 'Search companies' });
  await search.getByLabel('Company name').fill(companyName);
  await search.getByRole('button', { name: 'Search' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: companyName }).click();
  await expect(page.getByRole('heading', { name: companyName, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Members' }).getByText(member.email)).toBeVisible();
  const prices = page.getByRole('form', { name: 'Price list' });
  await prices.getByLabel('Discount on every tool (%)').fill('10');
  await prices.getByRole('button', { name: 'Save price list' }).click();
  await expect(page.getByText(CompanyPriceMessages.saved)).toBeVisible();
  await expectNoAxeViolations(page);

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInThroughForm(memberPage, member);
  await memberPage.goto(`/tools/${toolId}`);
  await expect(memberPage.getByText(`${CompanyPriceMessages.yourPrice}: $180`)).toBeVisible();
  // The list price, struck through.
  await expect(memberPage.locator('s', { hasText: '$200' })).toBeVisible();
  const form = memberPage.getByRole('form', { name: 'Place your order' });
  await form.getByLabel('Delivery address').fill('1 Saw Lane, Leeds');
  await form.getByLabel('Phone').fill('+44 113 555 0100');
  await form.getByLabel('Quantity').fill('2');
  await expect(form.getByText('$360')).toBeVisible();
  await expectNoAxeViolations(memberPage);
  await form.getByRole('button', { name: 'Place order' }).click();
  await expect(form.getByRole('status')).toContainText('Order placed');
  const [order] = await memberApi.get<Order[]>(`/orders?email=${member.email}`);
  expect(order).toMatchObject({ totalPrice: 360, orderQuantity: 2 });
  await memberContext.close();
});

test('quick order shows a member the company price of a line, with a note', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const id = Date.now().toString(36);
  const memberApi = await apiAs(freshUser);
  const { insertedId: companyId } = await memberApi.post<{ insertedId: string }>('/companies', {
    name: `Quick Price Builders ${id}`,
  });
  const admin = await apiAs('admin');
  const [anyTool] = await admin.get<{ img: string }[]>('/tools');
  const { insertedId: toolId } = await admin.post<{ insertedId: string }>('/tools', {
    name: `Company Price Router ${id}`,
    img: anyTool!.img,
    shortDescription: 'A router for the company price test',
    minOrder: 1,
    available: 100,
    price: 50,
  });
  await admin.put(`/admin/companies/${companyId}/prices`, {
    prices: [{ product: toolId, unitPrice: 42.5 }],
  });

  await signIn(freshUser);
  await page.goto('/dashboard/quickOrder');
  await page.getByLabel('Products and quantities').fill(`Company Price Router ${id}, 2`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: `Company Price Router ${id}` }) });
  await expect(row).toContainText(`$42.50${CompanyPriceMessages.companyPrice}`);
  await expect(row).toContainText('$85');
  await expectNoAxeViolations(page);
});
