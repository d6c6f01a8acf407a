import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  apiError,
  createServerDataWrapper,
  pending,
  unreachable,
  useFakeShop,
} from '@toolshop/auth/testing';
import type { Tool } from '@toolshop/contracts';
import ToolDetailPage from './tool-detail-page';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const network = useFakeShop();
const tool: Tool = {
  _id: 'saw-1',
  name: 'Circular saw',
  img: '/saw.webp',
  shortDescription: '190 mm blade',
  minOrder: 5,
  available: 20,
  price: 90,
};

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/tools/:toolId" element={<ToolDetailPage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
}

beforeEach(() => jest.clearAllMocks());

it('asks the API for the tool in the URL', async () => {
  network.on('GET', '/tools/saw-1', pending);
  renderAt('/tools/saw-1');
  await waitFor(() => expect(network.requests('GET', '/tools/saw-1')).toHaveLength(1));
});

it('lowers the shown stock by the quantity just ordered', async () => {
  network.on('GET', '/tools/saw-1', tool);
  // The API takes the ordered quantity from the stock.
  network.on('POST', '/orders', () => {
    network.on('GET', '/tools/saw-1', { ...tool, available: 12 });
    return { _id: 'o1' };
  });
  renderAt('/tools/saw-1');
  expect((await screen.findByTestId('tool-available')).textContent).toBe('20 units');

  fireEvent.change(screen.getByLabelText('Delivery address'), { target: { value: '1 Main St' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '555 0100' } });
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '8' } });
  fireEvent.click(screen.getByRole('button', { name: 'Place order' }));

  await waitFor(() => expect(screen.getByTestId('tool-available').textContent).toBe('12 units'));
});

/** The nearest `content-visibility` set on `element` or an element around it. */
function contentVisibilityAround(element: HTMLElement | null): string {
  for (; element; element = element.parentElement) {
    const value = element.style.getPropertyValue('content-visibility');
    if (value) return value;
  }
  return '';
}

it('lays the tool out after the page around it, then shows it', async () => {
  network.on('GET', '/tools/saw-1', tool);
  // What the commit that brings the tool leaves for the next frame (observers run before tasks).
  const atCommit: string[] = [];
  const observer = new MutationObserver(() => {
    const name = document.getElementById('tool-name');
    if (name && atCommit.length === 0) atCommit.push(contentVisibilityAround(name));
  });
  observer.observe(document.body, { childList: true, subtree: true });
  renderAt('/tools/saw-1');
  const name = await screen.findByRole('heading', { level: 1, name: 'Circular saw' });
  observer.disconnect();
  expect(atCommit).toEqual(['hidden']);
  await waitFor(() => expect(contentVisibilityAround(name)).toBe(''));
  expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
});

it('shows the pack size and the lowest tier price of a tool sold in packs', async () => {
  network.on('GET', '/tools/saw-1', {
    ...tool,
    minOrder: 10,
    packSize: 5,
    priceTiers: [{ minQuantity: 50, price: 79 }],
  });
  renderAt('/tools/saw-1');
  expect((await screen.findByText('Pack size')).nextElementSibling?.textContent).toBe('5 units');
  expect(screen.getByText('Down to $79 per unit from 50 units')).toBeTruthy();
  expect(screen.getByRole('table', { name: 'Price per unit by quantity' })).toBeTruthy();
});

it('shows a not-found state for an unknown tool', async () => {
  network.on('GET', '/tools/nope', apiError(404, 'Tool not found'));
  renderAt('/tools/nope');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'We could not find that tool' }),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Browse all tools' }).getAttribute('href')).toBe('/');
});

it('offers a retry when the API cannot be reached', async () => {
  network.on('GET', '/tools/saw-1', unreachable);
  renderAt('/tools/saw-1');
  fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(network.requests('GET', '/tools/saw-1')).toHaveLength(2));
});
