import { focusableIn, trappedFocusTarget } from './focus-trap';

function drawer() {
  const nav = document.createElement('nav');
  nav.innerHTML =
    '<button>Close</button><a href="/a">A</a><button disabled>Off</button><a href="/b">B</a><span>text</span>';
  document.body.append(nav);
  return nav;
}

describe('the drawer focus trap', () => {
  it('finds the enabled links and buttons in order', () => {
    expect(focusableIn(drawer()).map((e) => e.textContent)).toEqual(['Close', 'A', 'B']);
  });

  it('wraps Tab from the last to the first and Shift+Tab from the first to the last', () => {
    const [close, a, b] = focusableIn(drawer()) as [HTMLElement, HTMLElement, HTMLElement];
    const all = [close, a, b];
    expect(trappedFocusTarget(all, b, false)).toBe(close);
    expect(trappedFocusTarget(all, close, true)).toBe(b);
    expect(trappedFocusTarget(all, a, false)).toBeNull();
    expect(trappedFocusTarget(all, a, true)).toBeNull();
  });

  it('brings focus that is outside back in', () => {
    const all = focusableIn(drawer());
    expect(trappedFocusTarget(all, document.body, false)).toBe(all[0]);
    expect(trappedFocusTarget(all, document.body, true)).toBe(all[2]);
    expect(trappedFocusTarget([], document.body, false)).toBeNull();
  });
});
