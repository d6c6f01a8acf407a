import { fireEvent, render, screen } from '@testing-library/react';
import { QueryContent, type ListQuery } from './query-content';

function renderList(query: Partial<ListQuery<string>>) {
  const full: ListQuery<string> = {
    data: undefined,
    error: null,
    isPending: false,
    refetch: jest.fn(),
    ...query,
  };
  render(
    <QueryContent
      query={full}
      errorTitle="The tools could not be loaded"
      skeleton={<p>placeholders</p>}
      empty={{ title: 'No tools', text: 'Come back soon.' }}
    >
      {(items) => <p>{items.join(', ')}</p>}
    </QueryContent>,
  );
  return full;
}

it('shows the skeleton while the first answer is on its way', () => {
  renderList({ isPending: true });
  expect(screen.getByText('placeholders')).toBeTruthy();
});

it('shows the error with a retry that fetches again', () => {
  const query = renderList({ error: new Error('Failed to fetch') });
  expect(screen.getByRole('alert').textContent).toContain('The tools could not be loaded');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(query.refetch).toHaveBeenCalled();
});

it('says so when the list is empty', () => {
  renderList({ data: [] });
  expect(screen.getByText('No tools')).toBeTruthy();
  expect(screen.getByText('Come back soon.')).toBeTruthy();
});

it('keeps showing the items while a reload is running', () => {
  renderList({ data: ['drill', 'saw'], isPending: true });
  expect(screen.getByText('drill, saw')).toBeTruthy();
  expect(screen.queryByText('placeholders')).toBeNull();
});
