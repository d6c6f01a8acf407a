import { render, screen } from '@testing-library/react';
import { apiError, createServerDataWrapper, listPage, useFakeShop } from '@toolshop/auth/testing';
import { AuditTable } from './audit-table';

const network = useFakeShop({ user: 'admin' });

it('shows who did what to which target and when, a page at a time', async () => {
  network.on(
    'GET',
    '/audit',
    listPage(
      [
        {
          _id: 'a1',
          actor: 'boss@toolshop.test',
          action: 'product.restock',
          targetId: '6651f0c2a1b2c3d4e5f60718',
          details: { available: 40 },
          before: { available: 7 },
          after: { available: 40 },
          at: '2026-11-25T15:00:00.000Z',
        },
        {
          _id: 'a2',
          actor: 'boss@toolshop.test',
          action: 'product.add',
          targetId: '6651f0c2a1b2c3d4e5f60719',
          targetName: 'Bench Grinder',
          at: '2026-11-25T14:00:00.000Z',
        },
        {
          _id: 'a3',
          actor: 'boss@toolshop.test',
          action: 'user.makeAdmin',
          targetId: 'old@toolshop.test',
          details: { note: 'an entry written before changes were recorded' },
          at: '2026-11-24T14:00:00.000Z',
        },
      ],
      30,
    ),
  );
  render(<AuditTable />, { wrapper: createServerDataWrapper() });
  const restock = (await screen.findByText('Restocked a product')).closest('tr')!;
  expect(network.requests('GET', '/audit')[0]?.path).toBe('/audit?limit=25&page=1');
  expect(restock).toHaveTextContent('boss@toolshop.test');
  expect(restock).toHaveTextContent('6651f0c2a1b2c3d4e5f60718');
  expect(restock).toHaveTextContent('available: 7 → 40');
  expect((await screen.findByText('Added a product')).closest('tr')).toHaveTextContent(
    'Bench Grinder',
  );
  // Older entries without before/after keep showing their details.
  expect((await screen.findByText('Assigned admin')).closest('tr')).toHaveTextContent(
    'note: an entry written before changes were recorded',
  );
  expect(screen.getByRole('navigation', { name: 'Audit log pages' })).toHaveTextContent(
    'Page 1 of 2',
  );
});

it('says so when nothing was recorded yet', async () => {
  network.on('GET', '/audit', listPage([]));
  render(<AuditTable />, { wrapper: createServerDataWrapper() });
  expect(await screen.findByText('No admin actions recorded yet')).toBeInTheDocument();
});

it('shows why the log could not be loaded, with Retry', async () => {
  network.once('GET', '/audit', apiError(403, 'failed! only admin can do this'));
  render(<AuditTable />, { wrapper: createServerDataWrapper() });
  expect(await screen.findByText('The audit log could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('failed! only admin can do this')).toBeInTheDocument();
  network.on('GET', '/audit', listPage([]));
  screen.getByRole('button', { name: 'Retry' }).click();
  expect(await screen.findByText('No admin actions recorded yet')).toBeInTheDocument();
});
