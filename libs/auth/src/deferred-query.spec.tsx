/** @jest-environment jsdom */
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useDeferredQuery } from './deferred-query';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What each render of a page reading `use` showed, and the answer, sent when the test says. */
async function rendersOf(use: typeof useQuery) {
  const shown: string[] = [];
  let answer!: (tools: string[]) => void;
  const answered = new Promise<string[]>((resolve) => (answer = resolve));
  function Page() {
    const tools = use({ queryKey: ['tools'], queryFn: () => answered });
    shown.push(tools.data ? tools.data.join() : tools.status);
    return null;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Page />
    </QueryClientProvider>,
  );
  await act(async () => answer(['Drill', 'Saw']));
  await waitFor(() => expect(shown.at(-1)).toBe('Drill,Saw'));
  return shown;
}

it('renders an answer in a second, background pass, the first keeping what was shown', async () => {
  // useQuery renders the answer in the synchronous render its arrival causes
  expect(await rendersOf(useQuery)).toEqual(['pending', 'Drill,Saw']);
  expect(await rendersOf(useDeferredQuery as typeof useQuery)).toEqual([
    'pending',
    'pending',
    'Drill,Saw',
  ]);
});
