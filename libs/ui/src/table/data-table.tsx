import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { classNames } from '../class-names';
import { layOutApart } from '../scheduling/lay-out-apart';
import { visuallyHidden } from '../visually-hidden';
import styles from './data-table.module.css';

export interface DataColumn<Row> {
  /** The column's header; on phones also the label in front of each cell. */
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * `numeric`: right-aligned tabular figures; `actions`: the row's buttons (header for screen readers
   * only); `rowHeader`: the cell that names the row (`<th scope="row">`).
   */
  kind?: 'text' | 'numeric' | 'actions' | 'rowHeader';
  /** No label in front of the cell on phones (the cell speaks for itself, e.g. a product). */
  unlabelled?: boolean;
  /**
   * The cell's parts (a badge, notes, History) one under the other, and on a phone's card at its
   * end beside the label, rather than spread side by side across the card.
   */
  stacked?: boolean;
  /**
   * The column's width in a full table, as a CSS length (`8.5rem`, `22%`). Once any column has one,
   * the table is laid out from the widths (`table-layout: fixed`) rather than from every cell's
   * content: a row added is laid out alone, where otherwise every row is measured again (Manage All
   * Orders at a 4x slowed CPU: 60-74 ms of a frame for one row, 24-37 ms fixed). Columns without a width
   * share what the others leave; content wider than its column wraps or spills, so size for the
   * widest value it can hold.
   */
  width?: string;
  className?: string;
}

export interface DataTableProps<Row> {
  /** For screen readers (the page's heading says it visually). */
  caption: string;
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /**
   * The rows shown stand in for the ones asked for (the previous page's, while the chosen page
   * loads). Not for a refetch of the same rows: what is on screen is then already the answer.
   */
  busy?: boolean;
  /** The key of the row a link pointed at (e.g. "View order"): marked `aria-current` and highlighted. */
  currentKey?: string;
}

const KIND_CLASS = {
  text: undefined,
  numeric: styles.numeric,
  actions: styles.actions,
  rowHeader: styles.rowHeader,
} as const;

/**
 * Rows in a table's first render (the page around them is laid out in the same frame). Rendered
 * and laid out at once, 20 order rows held the main thread 70-110 ms at a 4x slowed CPU, twice (the
 * render, then the layout); after a click to My Orders, the frame of the page with two rows took
 * 13-18 ms at full speed (52-72 at 4x), about half of it the rows.
 */
export const TABLE_FIRST_ROWS = 1;

/**
 * The fewest rows a step adds. At a 4x slowed CPU a frame adding two order rows (about 130 layout
 * objects) took 20-87 ms of CPU, one row 15-30 ms (the spikes are the host's).
 */
const FEWEST_ROWS_A_STEP = 1;

/**
 * What a step may cost from one frame to the next: React's render of its rows and the frame that
 * lays out and paints the step before. A slow device stays at one row a step (at a 4x slowed CPU
 * a row's render and frame took 40-60 ms); a fast one is far below it.
 */
const STEP_BUDGET_MS = 40;

/**
 * The most rows a step adds, however fast the device: the shop holds every frame under 50 ms at
 * Lighthouse's mobile slowdown, four times a task's time where it ran. A fast device grew its steps
 * to fill its budget: 4 order rows took 11-13 ms of a frame at full speed (44-52 at 4x), 2 rows
 * 6-8 ms. With three a step, 20 rows take nine frames at 60 a second.
 */
const MOST_ROWS_A_STEP = 3;

/**
 * The next step's rows, from what the last `rows` cost (`frameMs`, one animation frame to the
 * next): as many as fit the budget at that cost per row, at most twice as many as before.
 */
export function nextTableStep(rows: number, frameMs: number): number {
  const fit = Math.floor((rows * STEP_BUDGET_MS) / Math.max(frameMs, 1));
  return Math.max(FEWEST_ROWS_A_STEP, Math.min(fit, rows * 2, MOST_ROWS_A_STEP));
}

/**
 * How many rows to render: a step more each frame, in a transition (input goes first), until there
 * are `count`; at least `atLeast` (the row a link points at is there from the start). The next step
 * waits for the frame that lays out this one (asked for at once, two or three steps were rendered
 * before a frame came and laid out together), and its size follows what the last steps cost: the
 * time from one animation frame to the next, for the smaller of the last two steps.
 */
function useRowsInSteps(count: number, atLeast: number): number {
  const [steps, setSteps] = useState({
    shown: TABLE_FIRST_ROWS,
    step: FEWEST_ROWS_A_STEP,
    before: FEWEST_ROWS_A_STEP,
  });
  const lastFrame = useRef({ at: 0, seen: 0 });
  useEffect(() => {
    if (steps.shown >= count) return;
    const frame = requestAnimationFrame((now) => {
      const { at, seen } = lastFrame.current;
      lastFrame.current = { at: now, seen: seen + 1 };
      // the time to the second frame also holds the first layout of the page the table is on;
      // after that it holds this step's render and the step before's frame: the smaller one counts
      const step =
        seen < 2 ? steps.step : nextTableStep(Math.min(steps.step, steps.before), now - at);
      startTransition(() => setSteps({ shown: steps.shown + step, step, before: steps.step }));
    });
    return () => cancelAnimationFrame(frame);
  }, [steps, count]);
  return Math.max(steps.shown, atLeast);
}

/** The shop's one table: a card around a full table on wide screens, one card per row on phones. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  busy = false,
  currentKey,
}: DataTableProps<Row>) {
  const current =
    currentKey === undefined ? -1 : rows.findIndex((row) => rowKey(row) === currentKey);
  const shown = useRowsInSteps(rows.length, current + 1);
  const fixed = columns.some((column) => column.width !== undefined);
  // the page around the table is laid out first, the table in a task of its own
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => layOutApart(frame.current!), []);
  return (
    <div ref={frame} className={styles.frame}>
      <div className={styles.card} aria-busy={busy}>
        <table className={classNames(styles.table, fixed && styles.fixed)}>
          <caption className={visuallyHidden}>{caption}</caption>
          {fixed ? (
            <colgroup>
              {columns.map((column) => (
                <col key={column.header} style={{ width: column.width }} />
              ))}
            </colgroup>
          ) : null}
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={KIND_CLASS[column.kind ?? 'text']}>
                  {column.kind === 'actions' ? (
                    <span className={visuallyHidden}>{column.header}</span>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((row) => (
              <tr
                key={rowKey(row)}
                aria-current={
                  currentKey !== undefined && rowKey(row) === currentKey ? 'true' : undefined
                }
              >
                {columns.map((column) => {
                  const kind = column.kind ?? 'text';
                  const className = classNames(KIND_CLASS[kind], column.className);
                  const content = column.stacked ? (
                    <span className={styles.stack}>{column.cell(row)}</span>
                  ) : (
                    column.cell(row)
                  );
                  if (kind === 'rowHeader') {
                    return (
                      <th key={column.header} scope="row" className={className}>
                        {content}
                      </th>
                    );
                  }
                  const label = kind === 'actions' || column.unlabelled ? undefined : column.header;
                  return (
                    <td key={column.header} data-label={label} className={className}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
