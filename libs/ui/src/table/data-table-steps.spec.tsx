/** @jest-environment jsdom */
import { Profiler } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { act, render, waitFor } from '@testing-library/react';
import { DataTable, TABLE_FIRST_ROWS, nextTableStep } from './data-table';

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
  expect(bodyRows(renderToStaticMarkup(table()))).toHaveLength(TABLE_FIRST_ROWS);
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
  expect(counts[0]).toBe(TABLE_FIRST_ROWS);
  expect(counts.at(-1)).toBe(20);
  counts.slice(1).forEach((count, i) => expect(count).toBeGreaterThan(counts[i]!));
  expect(container.querySelector('tbody tr:last-child')?.textContent).toBe('Tool 19');
});

it('sizes each step by what the last one cost, within a frame budget', () => {
  // fast frames: twice the rows each step, up to three (a frame's share at a 4x slowed CPU)
  expect(nextTableStep(1, 16)).toBe(2);
  expect(nextTableStep(2, 16)).toBe(3);
  expect(nextTableStep(16, 16)).toBe(3);
  expect(nextTableStep(2, 0)).toBe(3);
  // as many as fit 40 ms at the cost measured per row
  expect(nextTableStep(3, 45)).toBe(2);
  expect(nextTableStep(2, 40)).toBe(2);
  // slow: one row a step, never none
  expect(nextTableStep(4, 500)).toBe(1);
  expect(nextTableStep(2, 60)).toBe(1);
});

/** Renders the table with animation frames run by hand at the given times; the rows after each. */
async function rowsByFrame(frameTimes: number[]): Promise<{ rows: number[]; pending: number }> {
  const frames: FrameRequestCallback[] = [];
  const requestFrame = jest
    .spyOn(window, 'requestAnimationFrame')
    .mockImplementation((callback) => frames.push(callback));
  try {
    const container = document.body.appendChild(document.createElement('div'));
    render(table(), { container });
    // the first frame asked for shows the table if its own layout task has not yet (layOutApart)
    await act(async () => frames.shift()!(0));
    const shown = () => container.querySelectorAll('tbody tr').length;
    const rows = [shown()];
    for (const time of frameTimes) {
      // no further step until the frame comes
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(shown()).toBe(rows.at(-1));
      expect(frames).toHaveLength(1);
      await act(async () => frames.shift()!(time));
      rows.push(shown());
    }
    return { rows, pending: frames.length };
  } finally {
    requestFrame.mockRestore();
  }
}

it('adds one step per frame, after the frame that lays out the step before, more while frames are fast', async () => {
  // the first two steps as they are (the second frame also laid out the page), then doubling up
  // to three rows, each step sized by the smaller of the last two (a frame holds the step before's
  // layout)
  const { rows, pending } = await rowsByFrame([
    1000, 1100, 1116, 1132, 1148, 1164, 1180, 1196, 1212,
  ]);
  expect(rows).toEqual([1, 2, 3, 5, 7, 10, 13, 16, 19, 20]);
  expect(pending).toBe(0);
});

it('keeps steps small while frames are slow', async () => {
  const { rows } = await rowsByFrame([1000, 1100, 1200, 1216, 1316]);
  expect(rows).toEqual([1, 2, 3, 4, 6, 7]);
});
