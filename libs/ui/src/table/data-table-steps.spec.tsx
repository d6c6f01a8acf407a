/** @jest-environment jsdom */
import { Profiler } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { act, render, waitFor } from '@testing-library/react';
import { DataTable, TABLE_ROWS_STEP } from './data-table';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const rows = Array.from({ length: 20 }, (_, i) => ({ id: `r${i}`, name: `Tool ${i}` }));

const table = (currentKey?: string) => (
  <DataTable
    caption="Orders"
    rows={rows}
    rowKey={(row) => row.id}
    currentKey={currentKey}
    columns={[{ header: 'Product', kind: 'rowHeader', cell: (row) => row.name }]}
  />
);

const bodyRows = (html: string) =>
  html.match(/<tr(?: aria-current="true")?><th scope="row"/g) ?? [];

it('renders a step of rows first, not the whole list', () => {
  expect(bodyRows(renderToStaticMarkup(table()))).toHaveLength(TABLE_ROWS_STEP);
});

it('renders the row a link points at from the first render, with the rows above it', () => {
  const html = renderToStaticMarkup(table('r15'));
  expect(bodyRows(html)).toHaveLength(16);
  expect(html).toContain('<tr aria-current="true"><th scope="row"');
});

it('adds a step per render until every row is there', async () => {
  const counts: number[] = [];
  const container = document.body.appendChild(document.createElement('div'));
  render(
    <Profiler
      id="table"
      onRender={() => counts.push(container.querySelectorAll('tbody tr').length)}
    >
      {table()}
    </Profiler>,
    { container },
  );
  await waitFor(() => expect(container.querySelectorAll('tbody tr')).toHaveLength(20));
  const steps = Array.from({ length: Math.ceil(20 / TABLE_ROWS_STEP) }, (_, i) =>
    Math.min(20, (i + 1) * TABLE_ROWS_STEP),
  );
  expect(counts).toEqual(steps);
  expect(container.querySelector('tbody tr:last-child')?.textContent).toBe('Tool 19');
});

it('adds one step per frame, after the frame that lays out the step before', async () => {
  const frames: FrameRequestCallback[] = [];
  const requestFrame = jest
    .spyOn(window, 'requestAnimationFrame')
    .mockImplementation((callback) => frames.push(callback));
  try {
    const container = document.body.appendChild(document.createElement('div'));
    render(table(), { container });
    const shown = () => container.querySelectorAll('tbody tr').length;
    for (let step = 1; step * TABLE_ROWS_STEP < 20; step++) {
      expect(shown()).toBe(step * TABLE_ROWS_STEP);
      // no further step until the frame comes
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(shown()).toBe(step * TABLE_ROWS_STEP);
      expect(frames).toHaveLength(1);
      await act(async () => frames.shift()!(performance.now()));
    }
    expect(shown()).toBe(20);
    expect(frames).toHaveLength(0);
  } finally {
    requestFrame.mockRestore();
  }
});
