/**
 * The font sizes (rem) and weights the shop's pages set: the type scale of @toolshop/ui's tokens.css
 * and the few sizes pages set themselves.
 */
export const FONT_SIZES_REM = [0.75, 0.8125, 0.875, 1, 1.0625, 1.125, 1.25, 1.5, 1.75, 2.25, 2.5];
export const FONT_WEIGHTS = [400, 500, 600, 700, 800];

type Idle = (run: () => void) => void;

const whenIdle: Idle = (run) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(run, { timeout: 2000 })
    : setTimeout(run, 50);

/**
 * Lays out a word in each size and weight once, one per idle moment, out of sight. Chromium on Linux
 * asks its browser process, in a blocking call, for the rendering settings of each font size and
 * weight the first time a layout uses them: traced at 4x slowed CPU, Manage All Orders' first layout
 * waited 20–75 ms on it (the browser process busy loading the page) and made the navigation's
 * longest task. Done ahead, the page's layout finds them cached.
 *
 * Reading the word's size lays out the whole document if anything in it changed since the last
 * frame (an idle callback of 36–63 ms at 4x laid out a page React had just changed): a moment that
 * follows a change of the page waits for the next frame, which lays it out, and measures after it.
 */
export function warmFontStrikes(
  idle: Idle = whenIdle,
  frame: Idle = (run) => requestAnimationFrame(run),
): void {
  const strikes = FONT_SIZES_REM.flatMap((size) =>
    FONT_WEIGHTS.map((weight) => ({ size: `${size}rem`, weight: String(weight) })),
  );
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  // CSSOM, not a style attribute: the shop's Content Security Policy allows only the former.
  Object.assign(host.style, {
    position: 'fixed',
    insetBlockStart: '0',
    insetInlineStart: '0',
    visibility: 'hidden',
    pointerEvents: 'none',
  });
  // Whether the page changed since the last frame laid it out (until one has: unknown, so yes).
  let pageChanged = true;
  const changes = new MutationObserver((records) => {
    if (records.some((record) => !host.contains(record.target))) pageChanged = true;
  });
  changes.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  document.body.append(host);
  const next = () => {
    if (pageChanged) {
      frame(() => {
        pageChanged = false;
        idle(next);
      });
      return;
    }
    const strike = strikes.shift();
    if (!strike) {
      changes.disconnect();
      host.remove();
      return;
    }
    const word = document.createElement('span');
    word.textContent = 'Toolshop 0123456789';
    word.style.fontSize = strike.size;
    word.style.fontWeight = strike.weight;
    host.replaceChildren(word);
    // reading a size lays the word out now, in this idle moment (the page itself is laid out)
    void word.offsetWidth;
    idle(next);
  };
  idle(next);
}
