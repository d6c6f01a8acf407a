/** @jest-environment jsdom */
import { FONT_SIZES_REM, FONT_WEIGHTS, warmFontStrikes } from './warm-font-strikes';

/** The mutation records of what a step changed are delivered (a microtask), as in a browser. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('warming the font strikes', () => {
  const laidOut: string[] = [];
  let offsetWidth: jest.SpyInstance;
  const idle: Array<() => void> = [];
  const frames: Array<() => void> = [];
  beforeEach(() => {
    laidOut.length = idle.length = frames.length = 0;
    offsetWidth = jest
      .spyOn(HTMLElement.prototype, 'offsetWidth', 'get')
      .mockImplementation(function (this: HTMLElement) {
        laidOut.push(`${this.style.fontSize} ${this.style.fontWeight}`);
        return 100;
      });
    warmFontStrikes(
      (run) => idle.push(run),
      (run) => frames.push(run),
    );
  });
  afterEach(() => offsetWidth.mockRestore());
  const step = async (queue: Array<() => void>) => {
    await delivered();
    queue.shift()!();
  };

  it('lays out each size and weight once, one per idle moment, out of sight, then leaves', async () => {
    const host = document.body.lastElementChild as HTMLElement;
    expect(host.getAttribute('aria-hidden')).toBe('true');
    expect(host.style.visibility).toBe('hidden');
    // The page may have changed before it started: the first moment waits for a frame.
    await step(idle);
    expect(laidOut).toEqual([]);
    await step(frames);

    let moments = 0;
    while (idle.length) {
      await step(idle);
      moments++;
      expect(host.children.length).toBeLessThanOrEqual(1);
    }
    const strikes = FONT_SIZES_REM.flatMap((size) => FONT_WEIGHTS.map((w) => `${size}rem ${w}`));
    expect(laidOut).toEqual(strikes);
    expect(moments).toBe(strikes.length + 1);
    expect(frames).toEqual([]);
    expect(host.isConnected).toBe(false);
  });

  it('does not lay out a page that changed since the last frame: it waits for the next one', async () => {
    await step(idle);
    await step(frames);
    await step(idle);
    expect(laidOut).toHaveLength(1);

    document.body.append(document.createElement('p'));
    await step(idle);
    expect(laidOut).toHaveLength(1);
    expect(frames).toHaveLength(1);
    await step(frames);
    await step(idle);
    expect(laidOut).toHaveLength(2);

    // A change of a word's own box is not the page's.
    await step(idle);
    expect(laidOut).toHaveLength(3);
    expect(frames).toHaveLength(0);
  });
});
