import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { apiError, createServerDataWrapper, listPage, useFakeShop } from '@toolshop/auth/testing';
import { LowStockNote } from './low-stock-note';

const network = useFakeShop({ user: 'admin' });

function renderNote() {
  const Data = createServerDataWrapper();
  return render(
    <MemoryRouter>
      <Data>
        <LowStockNote />
      </Data>
    </MemoryRouter>,
  );
}

it('keeps its box while the count is on its way, then says how many are low', async () => {
  network.on('GET', '/tools', listPage([], 3));
  const { container } = renderNote();
  expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  expect(await screen.findByRole('status')).toHaveTextContent('3 products are low on stock.');
  expect(screen.getByRole('link', { name: 'Restock in Manage Products' })).toBeInTheDocument();
});

it('leaves no box when the count cannot be loaded', async () => {
  network.on('GET', '/tools', apiError(503, 'down'));
  const { container } = renderNote();
  await waitFor(() => expect(container).toBeEmptyDOMElement(), { timeout: 4000 });
  expect(screen.queryByRole('status')).toBeNull();
});
