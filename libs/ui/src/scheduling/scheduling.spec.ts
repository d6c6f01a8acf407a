/** @jest-environment jsdom */
import { layOutApart } from './lay-out-apart';
import { layOutNearViewport } from './lay-out-near-viewport';
import { postUrgentTask } from './post-urgent-task';

/** A stand-in for the browser's `scheduler`: the posted tasks wait in `queue` until run. */
function fakeScheduler() {
  const queue: { task: () => void; priority: string; signal: AbortSignal }[] = [];
  (globalThis as { scheduler?: unknown }).scheduler = {
    postTask: (
      task: () => void,
      { priority, signal }: { priority: string; signal: AbortSignal },
    ) => {
      queue.push({ task, priority, signal });
      return new Promise<void>(() => undefined);
    },
  };
  const runAll = () => {
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (!next.signal.aborted) next.task();
    }
  };
  return { queue, runAll };
}

afterEach(() => {
  delete (globalThis as { scheduler?: unknown }).scheduler;
  jest.useRealTimers();
});

describe('postUrgentTask', () => {
  it('posts a user-blocking task where the browser has a scheduler, and cancels it', () => {
    const { queue, runAll } = fakeScheduler();
    const ran: string[] = [];
    postUrgentTask(() => ran.push('first'));
    const cancel = postUrgentTask(() => ran.push('cancelled'));
    expect(queue.map((posted) => posted.priority)).toEqual(['user-blocking', 'user-blocking']);
    cancel();
    runAll();
    expect(ran).toEqual(['first']);
  });

  it('runs the task after the current one elsewhere', () => {
    jest.useFakeTimers();
    const ran: string[] = [];
    postUrgentTask(() => ran.push('posted'));
    const cancel = postUrgentTask(() => ran.push('cancelled'));
    ran.push('now');
    cancel();
    jest.runAllTimers();
    expect(ran).toEqual(['now', 'posted']);
  });
});

describe('layOutApart', () => {
  /** The element's content-visibility each time a layout was asked for. */
  function watchedElement() {
    const element = document.createElement('div');
    document.body.append(element);
    const layouts: string[] = [];
    element.getBoundingClientRect = () => {
      layouts.push(element.style.getPropertyValue('content-visibility') || 'visible');
      return new DOMRect();
    };
    return { element, layouts };
  }

  it('lays out the page with the content skipped, then the content, each in a task', () => {
    const { runAll } = fakeScheduler();
    const { element, layouts } = watchedElement();
    layOutApart(element);
    expect(element.style.getPropertyValue('content-visibility')).toBe('hidden');
    expect(layouts).toEqual([]);
    runAll();
    expect(layouts).toEqual(['hidden', 'visible']);
    expect(element.style.getPropertyValue('content-visibility')).toBe('');
  });

  it('shows the content in a frame that comes before its tasks', () => {
    jest.useFakeTimers();
    const { runAll } = fakeScheduler();
    const { element, layouts } = watchedElement();
    layOutApart(element);
    jest.advanceTimersByTime(20);
    expect(element.style.getPropertyValue('content-visibility')).toBe('');
    runAll();
    expect(element.style.getPropertyValue('content-visibility')).toBe('');
    expect(layouts).toEqual(['visible', 'visible']);
  });

  it('shows the content and runs nothing more once cleaned up', () => {
    jest.useFakeTimers();
    const { runAll } = fakeScheduler();
    const { element, layouts } = watchedElement();
    const cleanup = layOutApart(element);
    cleanup();
    expect(element.style.getPropertyValue('content-visibility')).toBe('');
    runAll();
    jest.runAllTimers();
    expect(layouts).toEqual([]);
  });
});

describe('layOutNearViewport', () => {
  /** Items at `tops` (in viewports), each one viewport tall, with the size reads each got. */
  function itemsAt(tops: number[]) {
    const reads: string[] = [];
    const items = tops.map((top) => {
      const item = document.createElement('div');
      item.getBoundingClientRect = () => {
        reads.push(`${top}:${item.style.getPropertyValue('content-visibility') || 'auto'}`);
        return new DOMRect(0, top * innerHeight, 100, innerHeight);
      };
      return item;
    });
    const shown = () => items.map((item) => item.style.getPropertyValue('content-visibility'));
    return { items, reads, shown };
  }

  it('lays out the items within one and a half viewports in a task after the page', () => {
    const { queue, runAll } = fakeScheduler();
    const { items, reads, shown } = itemsAt([-2.6, -2.4, 0, 2.4, 2.6]);
    layOutNearViewport(() => items);
    expect(reads).toEqual([]);
    queue.shift()!.task();
    // The page, the items skipped: the near ones are told to be laid out, not yet laid out.
    expect(reads).toEqual(['-2.6:auto', '-2.4:auto', '0:auto', '2.4:auto', '2.6:auto']);
    expect(shown()).toEqual(['', 'visible', 'visible', 'visible', '']);
    runAll();
    expect(reads.slice(5)).toEqual(['-2.4:visible']);
  });

  it('posts no second task when no item is near, and nothing once cancelled', () => {
    const { queue, runAll } = fakeScheduler();
    const far = itemsAt([3, 4]);
    layOutNearViewport(() => far.items);
    runAll();
    expect(queue).toEqual([]);
    expect(far.shown()).toEqual(['', '']);

    const near = itemsAt([0]);
    layOutNearViewport(() => near.items)();
    runAll();
    expect(near.reads).toEqual([]);
    expect(near.shown()).toEqual(['']);
  });
});
