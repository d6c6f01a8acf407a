import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError, api, useApiQuery } from '@toolshop/auth';
import type { Tool } from '@toolshop/contracts';
import ToolDetailPage from './tool-detail-page';

jest.mock('@toolshop/auth', () => jest.requireActual('../testing/auth-mock'));
jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const query = useApiQuery as jest.Mock;
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
  );
}

beforeEach(() => jest.clearAllMocks());

it('asks the API for the tool in the URL', () => {
  query.mockReturnValue({ data: undefined, error: undefined, loading: true, reload: jest.fn() });
  renderAt('/tools/saw-1');
  expect(query).toHaveBeenCalledWith('/tools/saw-1');
});

it('lowers the shown stock by the quantity just ordered', async () => {
  query.mockReturnValue({ data: tool, error: undefined, loading: false, reload: jest.fn() });
  (api.post as jest.Mock).mockResolvedValue({ _id: 'o1' });
  renderAt('/tools/saw-1');
  expect(screen.getByTestId('tool-available').textContent).toBe('20 units');

  fireEvent.change(screen.getByLabelText('Delivery address'), { target: { value: '1 Main St' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '555 0100' } });
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '8' } });
  fireEvent.click(screen.getByRole('button', { name: 'Place order' }));

  await waitFor(() => expect(screen.getByTestId('tool-available').textContent).toBe('12 units'));
});

it('shows a not-found state for an unknown tool', () => {
  query.mockReturnValue({
    data: undefined,
    error: new ApiError(404, 'Tool not found'),
    loading: false,
    reload: jest.fn(),
  });
  renderAt('/tools/nope');
  expect(
    screen.getByRole('heading', { level: 1, name: 'We could not find that tool' }),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Browse all tools' }).getAttribute('href')).toBe('/');
});

it('offers a retry when the API cannot be reached', () => {
  const reload = jest.fn();
  query.mockReturnValue({
    data: undefined,
    error: new Error('Failed to fetch'),
    loading: false,
    reload,
  });
  renderAt('/tools/saw-1');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(reload).toHaveBeenCalled();
});
