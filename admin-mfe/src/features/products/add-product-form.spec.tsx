import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import {
  apiError,
  createServerDataWrapper,
  reply,
  unreachable,
  useFakeShop,
} from '@toolshop/auth/testing';
import {
  BuyingMessages,
  CatalogMessages,
  IMAGE_UPLOAD_MAX_BYTES,
  ImageMessages,
  Messages,
  PRICE_TIERS_MAX,
  RuleMessages,
} from '@toolshop/contracts';
import { setImageBase } from '@toolshop/ui';
import { AddProductForm } from './add-product-form';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const network = useFakeShop({ user: 'admin' });
const added = () => network.requests('POST', '/tools').map((request) => request.body);
const answerAdd = (answer: unknown) => network.on('POST', '/tools', answer);
const uploads = () => network.requests('POST', '/images');

beforeEach(() => jest.clearAllMocks());

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillIn() {
  type('Name', 'Cordless Drill');
  type('Image link', 'https://example.com/drill.webp');
  type('Short description', '18 V, two batteries');
  type('Minimum order', '10');
  type('Available', '250');
  type('Price ($)', '89');
  type('Category', 'Drills');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add product' }));

it('names every missing field with the spec message and sends nothing', () => {
  render(<AddProductForm />, { wrapper: createServerDataWrapper() });
  submit();
  for (const message of [
    Messages.toolNameRequired,
    Messages.toolImageRequired,
    Messages.toolShortDescriptionRequired,
    Messages.toolMinOrderRequired,
    Messages.toolAvailableRequired,
    Messages.toolPriceRequired,
  ]) {
    expect(screen.getByText(message)).toBeInTheDocument();
  }
  expect(screen.queryByText(CatalogMessages.categoryRequired)).not.toBeInTheDocument();
  expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Name')).toHaveFocus();
  expect(added()).toEqual([]);
});

it('moves focus to the first field in error', () => {
  render(<AddProductForm />, { wrapper: createServerDataWrapper() });
  fillIn();
  type('Short description', ' ');
  submit();
  expect(screen.getByLabelText('Short description')).toHaveFocus();
  expect(screen.getByText(Messages.toolShortDescriptionRequired)).toBeInTheDocument();
});

it('takes a path on the shop as the image: no "http(s) URL" wording, and a preview from the API', () => {
  setImageBase('http://api.test');
  render(<AddProductForm />, { wrapper: createServerDataWrapper() });
  const image = screen.getByLabelText('Image link');
  expect(image).toHaveAttribute('type', 'text');
  expect(image).toHaveAccessibleDescription(
    'A path on the shop such as /images/drill.webp, or a web link',
  );
  expect(document.body).not.toHaveTextContent(/http\(s\)/);
  type('Name', 'Drill');
  type('Image link', '/images/drill.webp');
  expect(screen.getByRole('img', { name: 'Preview of Drill' })).toHaveAttribute(
    'src',
    'http://api.test/images/drill.webp',
  );
  setImageBase(undefined);
});

it('says a price with cents must be whole dollars (not that it is missing)', () => {
  render(<AddProductForm />, { wrapper: createServerDataWrapper() });
  fillIn();
  type('Price ($)', '49.99');
  submit();
  expect(screen.getByText(RuleMessages.priceWholeDollars)).toBeInTheDocument();
  expect(screen.queryByText(Messages.toolPriceRequired)).toBeNull();
  expect(screen.getByLabelText('Price ($)')).toHaveFocus();
  expect(added()).toEqual([]);
});

it('clears a message as soon as the field is filled', () => {
  render(<AddProductForm />, { wrapper: createServerDataWrapper() });
  submit();
  type('Price ($)', '12');
  expect(screen.queryByText(Messages.toolPriceRequired)).toBeNull();
  expect(screen.getByText(Messages.toolNameRequired)).toBeInTheDocument();
});

it('sends the numbers as integers, then confirms and clears the form', async () => {
  answerAdd({ acknowledged: true, insertedId: '665f0c' });
  render(<AddProductForm />, { wrapper: createServerDataWrapper() });
  fillIn();
  expect(screen.getByRole('img', { name: 'Preview of Cordless Drill' })).toHaveAttribute(
    'src',
    'https://example.com/drill.webp',
  );
  submit();

  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(Messages.productAdded));
  expect(added()).toEqual([
    {
      name: 'Cordless Drill',
      img: 'https://example.com/drill.webp',
      shortDescription: '18 V, two batteries',
      minOrder: 10,
      available: 250,
      price: 89,
      category: 'Drills',
    },
  ]);
  expect(screen.getByLabelText('Name')).toHaveValue('');
  expect(screen.getByLabelText('Category')).toHaveValue('');
  expect(screen.getByLabelText('Price ($)')).toHaveValue(null);
});

it.each([
  ['an answer without insertedId', () => answerAdd({ acknowledged: false })],
  ['a failed request', () => answerAdd(unreachable)],
])('reports %s as a failure and keeps what was typed', async (_case, arrange) => {
  arrange();
  render(<AddProductForm />, { wrapper: createServerDataWrapper() });
  fillIn();
  submit();

  await waitFor(() => expect(toast.error).toHaveBeenCalledWith(Messages.addProductFailed));
  expect(toast.success).not.toHaveBeenCalled();
  expect(screen.getByLabelText('Name')).toHaveValue('Cordless Drill');
});

it("shows the API's refusal of the image host at the image field", async () => {
  answerAdd(apiError(400, RuleMessages.imageHostNotAllowed));
  render(<AddProductForm />, { wrapper: createServerDataWrapper() });
  fillIn();
  submit();

  expect(await screen.findByText(RuleMessages.imageHostNotAllowed)).toBeInTheDocument();
  expect(screen.getByLabelText('Image link')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Image link')).toHaveFocus();
  expect(toast.error).toHaveBeenCalledWith(Messages.addProductFailed);
  expect(screen.getByLabelText('Name')).toHaveValue('Cordless Drill');
});

it('puts each of several field messages at its field, and the message list of a validation 400 too', async () => {
  answerAdd(
    reply(400, {
      statusCode: 400,
      message: [RuleMessages.priceTooLarge, RuleMessages.minOrderAboveStock],
      error: 'Bad Request',
    }),
  );
  render(<AddProductForm />, { wrapper: createServerDataWrapper() });
  fillIn();
  submit();

  expect(await screen.findByText(RuleMessages.priceTooLarge)).toBeInTheDocument();
  expect(screen.getByText(RuleMessages.minOrderAboveStock)).toBeInTheDocument();
  expect(screen.getByLabelText('Available')).toHaveAttribute('aria-invalid', 'true');
});

it('shows a 400 message that belongs to no field as a toast', async () => {
  answerAdd(apiError(400, 'Request body too deeply nested'));
  render(<AddProductForm />, { wrapper: createServerDataWrapper() });
  fillIn();
  submit();

  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Request body too deeply nested'));
  expect(screen.getByLabelText('Image link')).not.toHaveAttribute('aria-invalid', 'true');
});

it('takes no category as "Other" (sends none) and sends the low-stock threshold when one is given', async () => {
  answerAdd({ acknowledged: true, insertedId: 'new-id' });
  render(<AddProductForm />, { wrapper: createServerDataWrapper() });
  fillIn();
  type('Category', '');
  expect(screen.getByLabelText('Category')).toHaveDisplayValue('Other');
  expect(screen.getByLabelText('Category')).toHaveAccessibleDescription(
    'Optional. Blank: listed under Other',
  );
  expect(screen.getByLabelText('Low-stock threshold')).toHaveAccessibleDescription(
    'Optional. Stock below it is marked low; blank: 2 × minimum order',
  );
  submit();
  await waitFor(() => expect(added()).toHaveLength(1));
  expect(added()[0]).not.toHaveProperty('category');
  expect(screen.queryByText(CatalogMessages.categoryRequired)).not.toBeInTheDocument();
  fillIn();
  type('Category', 'Saws');
  type('Low-stock threshold', '25');
  submit();
  await waitFor(() => expect(added()).toHaveLength(2));
  expect(added()[1]).toMatchObject({ category: 'Saws', lowStockThreshold: 25 });
});

describe('pack size and price tiers', () => {
  const addTier = () => fireEvent.click(screen.getByRole('button', { name: 'Add a price tier' }));

  it('sends the pack size and the tier rows added, without the one removed', async () => {
    answerAdd({ acknowledged: true, insertedId: 'new-id' });
    render(<AddProductForm />, { wrapper: createServerDataWrapper() });
    fillIn();
    type('Pack size', '5');
    addTier();
    addTier();
    addTier();
    type('From quantity of tier 1', '50');
    type('Unit price ($) of tier 1', '79');
    type('From quantity of tier 2', '60');
    type('Unit price ($) of tier 2', '78');
    type('From quantity of tier 3', '200');
    type('Unit price ($) of tier 3', '69');
    fireEvent.click(screen.getByRole('button', { name: 'Remove tier 2' }));
    expect(screen.queryByLabelText('From quantity of tier 3')).toBeNull();
    expect(screen.getByLabelText('From quantity of tier 2')).toHaveValue(200);
    submit();

    await waitFor(() => expect(added()).toHaveLength(1));
    expect(added()[0]).toMatchObject({
      packSize: 5,
      priceTiers: [
        { minQuantity: 50, price: 79 },
        { minQuantity: 200, price: 69 },
      ],
    });
    // The form starts afresh, tiers included.
    expect(screen.queryByLabelText('From quantity of tier 1')).toBeNull();
    expect(screen.getByLabelText('Pack size')).toHaveValue(null);
  });

  it('shows a tier breaking the rules at its field, focused, and sends nothing', () => {
    render(<AddProductForm />, { wrapper: createServerDataWrapper() });
    fillIn();
    addTier();
    addTier();
    type('From quantity of tier 1', '50');
    type('Unit price ($) of tier 1', '79');
    type('From quantity of tier 2', '200');
    type('Unit price ($) of tier 2', '85');
    submit();

    const price = screen.getByLabelText('Unit price ($) of tier 2');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(BuyingMessages.tierPrice);
    expect(price).toHaveFocus();
    expect(added()).toEqual([]);

    type('Unit price ($) of tier 2', '69');
    expect(screen.queryByText(BuyingMessages.tierPrice)).toBeNull();
  });

  it('refuses a pack the minimum order does not fill whole', () => {
    render(<AddProductForm />, { wrapper: createServerDataWrapper() });
    fillIn();
    type('Pack size', '4');
    submit();
    expect(screen.getByLabelText('Pack size')).toHaveAccessibleDescription(
      expect.stringContaining(BuyingMessages.minOrderInPacks(4)),
    );
    expect(screen.getByLabelText('Pack size')).toHaveFocus();
    expect(added()).toEqual([]);
  });

  it('offers no more than the most tiers', () => {
    render(<AddProductForm />, { wrapper: createServerDataWrapper() });
    for (let i = 0; i < PRICE_TIERS_MAX; i++) addTier();
    expect(screen.getByLabelText(`From quantity of tier ${PRICE_TIERS_MAX}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a price tier' })).toBeDisabled();
  });
});

describe('image upload', () => {
  const choose = (file: File) =>
    fireEvent.change(screen.getByLabelText('Or upload an image'), { target: { files: [file] } });
  const sized = (bytes: number, type: string) =>
    new File([new Uint8Array(bytes)], 'picture', { type });

  it.each([
    ['a GIF', sized(100, 'image/gif'), ImageMessages.wrongType],
    ['a file over 5 MB', sized(IMAGE_UPLOAD_MAX_BYTES + 1, 'image/jpeg'), ImageMessages.tooLarge],
  ])('refuses %s with the API’s message and sends nothing', async (_name, file, message) => {
    render(<AddProductForm />, { wrapper: createServerDataWrapper() });
    choose(file);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Or upload an image')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(uploads()).toEqual([]);
  });

  it('uploads a picture and fills the image link with the answer, which the preview shows', async () => {
    const url = 'http://localhost:5000/images/0123456789abcdef01234567/640.webp';
    network.on('POST', '/images', { url, widths: [320, 640] });
    render(<AddProductForm />, { wrapper: createServerDataWrapper() });
    type('Name', 'Drill');
    const file = sized(2048, 'image/png');
    choose(file);
    await waitFor(() => expect(screen.getByLabelText('Image link')).toHaveValue(url));
    expect(uploads()).toHaveLength(1);
    expect(uploads()[0]?.body).toBe(file);
    expect(uploads()[0]?.headers['Content-Type']).toBe('image/png');
    expect(screen.getByLabelText('Name')).toHaveValue('Drill');
    expect(screen.getByRole('img', { name: 'Preview of Drill' })).toHaveAttribute('src', url);
    expect(toast.success).toHaveBeenCalledWith(ImageMessages.uploaded);
  });

  it('shows the API’s refusal at the upload field', async () => {
    network.on('POST', '/images', apiError(415, ImageMessages.wrongType));
    render(<AddProductForm />, { wrapper: createServerDataWrapper() });
    choose(sized(100, 'image/jpeg'));
    expect(await screen.findByText(ImageMessages.wrongType)).toBeInTheDocument();
    expect(screen.getByLabelText('Image link')).toHaveValue('');
  });
});
