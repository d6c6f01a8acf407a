/** @jest-environment jsdom */
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { render, screen } from '@testing-library/react';
import { useHydrated } from './use-hydrated';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe() {
  return <p>{useHydrated() ? 'after hydration' : 'first screen'}</p>;
}

test('a client render shows the full page at once', () => {
  render(<Probe />);
  expect(screen.getByText('after hydration')).toBeTruthy();
});

test('the server renders the first screen, the hydration matches it and then renders the rest', async () => {
  const html = renderToString(<Probe />);
  expect(html).toContain('first screen');
  const container = document.createElement('div');
  container.innerHTML = html;
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Probe />, { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  expect(container.textContent).toBe('after hydration');
});
