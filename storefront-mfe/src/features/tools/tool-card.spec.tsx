import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Tool } from '@toolshop/contracts';
import { ToolCard } from './tool-card';
import { EXAMPLE_TIERS } from '../../testing/price-tiers';
import { cordlessDrill } from '../../testing/tools';

// At the $129 base price that the example tiers break from.
const drill: Tool = { ...cordlessDrill, price: 129 };

const renderCard = (tool: Tool) =>
  render(
    <MemoryRouter>
      <ToolCard tool={tool} />
    </MemoryRouter>,
  );

it('shows the one price and the minimum order of a tool sold by the unit', () => {
  renderCard(drill);
  expect(screen.getByText('$129')).toBeTruthy();
  expect(screen.queryByText(/from/)).toBeNull();
  expect(screen.queryByText(/packs of/)).toBeNull();
});

it('shows the lowest tier price as "from" and the pack size', () => {
  renderCard({
    ...drill,
    packSize: 5,
    priceTiers: EXAMPLE_TIERS,
  });
  expect(screen.getByText('$109').closest('p')?.textContent).toBe('from $109 / unit');
  expect(screen.getByText('Minimum order').nextElementSibling?.textContent).toBe('10 · packs of 5');
});

it('formats its figures without Intl (the locale data cost the grid render 50 ms)', () => {
  const perCall = jest.spyOn(Number.prototype, 'toLocaleString');
  const made = jest.spyOn(Intl, 'NumberFormat');
  try {
    renderCard({ ...drill, minOrder: 1200, available: 48000, packSize: 1200 });
    expect(screen.getByText('Available').nextElementSibling?.textContent).toBe('48,000');
    expect(screen.getByText('Minimum order').nextElementSibling?.textContent).toBe(
      '1,200 · packs of 1,200',
    );
    expect(perCall).not.toHaveBeenCalled();
    expect(made).not.toHaveBeenCalled();
  } finally {
    perCall.mockRestore();
    made.mockRestore();
  }
});
