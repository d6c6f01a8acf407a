import { render, screen } from '@testing-library/react';
import { Pager } from './pager';

it('writes where the page stands with thousands separators', () => {
  render(
    <Pager
      page={1200}
      pageSize={10}
      total={50000}
      shown={10}
      label="Orders pages"
      onPage={() => {}}
    />,
  );
  const pager = screen.getByRole('navigation', { name: 'Orders pages' });
  expect(pager).toHaveTextContent('11,991–12,000 of 50,000');
  expect(pager).toHaveTextContent('Page 1,200 of 5,000');
});
