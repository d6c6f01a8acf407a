/** @jest-environment jsdom */
import { FONT_SIZES_REM, FONT_WEIGHTS, warmFontStrikes } from './warm-font-strikes';

describe('warming the font strikes', () => {
  it('lays out each size and weight once, one per idle moment, out of sight, then leaves', () => {
    const waiting: Array<() => void> = [];
    const laidOut: string[] = [];
    const offsetWidth = jest
      .spyOn(HTMLElement.prototype, 'offsetWidth', 'get')
      .mockImplementation(function (this: HTMLElement) {
        laidOut.push(`${this.style.fontSize} ${this.style.fontWeight}`);
        return 100;
      });

    warmFontStrikes((run) => waiting.push(run));
    const host = document.body.lastElementChild as HTMLElement;
    expect(host.getAttribute('aria-hidden')).toBe('true');
    expect(host.style.visibility).toBe('hidden');
    expect(laidOut).toEqual([]);

    let moments = 0;
    while (waiting.length) {
      waiting.shift()!();
      moments++;
      expect(host.children.length).toBeLessThanOrEqual(1);
    }
    offsetWidth.mockRestore();

    const strikes = FONT_SIZES_REM.flatMap((size) => FONT_WEIGHTS.map((w) => `${size}rem ${w}`));
    expect(laidOut).toEqual(strikes);
    expect(moments).toBe(strikes.length + 1);
    expect(host.isConnected).toBe(false);
  });
});
