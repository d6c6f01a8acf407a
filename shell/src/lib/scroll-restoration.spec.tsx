/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, useNavigate } from 'react-router';
import { scrollTargetOf, useScrollRestoration } from './scroll-restoration';

describe('where a navigation scrolls to', () => {
  it('opens another page at its top, unless it names an anchor', () => {
    expect(scrollTargetOf(false, false, '', 800)).toBe(0);
    expect(scrollTargetOf(false, false, '#reviews', undefined)).toBe('keep');
  });

  it('keeps the place when the same page changes its address (a filter)', () => {
    expect(scrollTargetOf(false, true, '', 800)).toBe('keep');
  });

  it('returns on Back to where the page was left, else to its top', () => {
    expect(scrollTargetOf(true, false, '', 1200)).toBe(1200);
    expect(scrollTargetOf(true, false, '', undefined)).toBe(0);
    expect(scrollTargetOf(true, true, '', undefined)).toBe('keep');
  });
});

describe('useScrollRestoration', () => {
  let pageHeight = 0;
  const scrolledTo: number[] = [];
  const scrollWindow = (y: number) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  };

  beforeEach(() => {
    scrolledTo.length = 0;
    window.history.replaceState(null, '', '/');
    pageHeight = 5000;
    Object.defineProperty(document.documentElement, 'scrollHeight', {
      get: () => pageHeight,
      configurable: true,
    });
    jest.spyOn(window, 'scrollTo').mockImplementation(((x: number, y: number) => {
      scrolledTo.push(y);
      scrollWindow(Math.max(0, Math.min(y, pageHeight - window.innerHeight)));
    }) as typeof window.scrollTo);
    scrollWindow(0);
  });
  afterEach(() => jest.restoreAllMocks());

  function Page() {
    useScrollRestoration();
    const navigate = useNavigate();
    return (
      <>
        <button onClick={() => void navigate('/tools/1')}>tool</button>
        <button onClick={() => void navigate('/?q=drill')}>filter</button>
      </>
    );
  }
  const renderPage = () =>
    render(
      <BrowserRouter>
        <Page />
      </BrowserRouter>,
    );
  const back = () => act(() => window.history.back());
  /** Leaves the home page scrolled to `y` for a tool's page and goes Back. */
  async function leaveAtAndGoBack(y: number) {
    scrollWindow(y);
    fireEvent.click(screen.getByText('tool'));
    await back();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  }

  it('opens a new page at the top and returns on Back to where the last one was left', async () => {
    renderPage();
    scrollWindow(1800);
    fireEvent.click(screen.getByText('tool'));
    expect(scrolledTo).toEqual([0]);

    // Back: the home page is short at first (its sections render over a few frames)
    pageHeight = 1000;
    await back();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    pageHeight = 4000;
    await waitFor(() => expect(window.scrollY).toBe(1800));
  });

  it('holds the place while content arriving above moves the page', async () => {
    renderPage();
    await leaveAtAndGoBack(1800);
    await waitFor(() => expect(window.scrollY).toBe(1800));
    // cards replace their placeholders above: the browser keeps what was in view, 600 px lower
    pageHeight += 600;
    scrollWindow(2400);
    await waitFor(() => expect(window.scrollY).toBe(1800));
  });

  it('holds the place while a part of the page still loads (aria-busy)', async () => {
    renderPage();
    const main = document.body.appendChild(document.createElement('main'));
    main.innerHTML = '<div aria-busy="true">Loading tools</div>';
    await leaveAtAndGoBack(1800);
    await waitFor(() => expect(window.scrollY).toBe(1800));
    // longer than the height must hold still; then the tools arrive above
    await new Promise((done) => setTimeout(done, 400));
    main.remove();
    pageHeight += 600;
    scrollWindow(2400);
    await waitFor(() => expect(window.scrollY).toBe(1800));
  });

  it('keeps the place on a filter of the same page, and on Back from it', async () => {
    renderPage();
    scrollWindow(900);
    fireEvent.click(screen.getByText('filter'));
    scrollWindow(950);
    await back();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.scrollY).toBe(900);
  });

  it('gives way when the visitor scrolls before the page is tall enough', async () => {
    renderPage();
    pageHeight = 1200;
    await leaveAtAndGoBack(3000);
    fireEvent.wheel(window);
    pageHeight = 5000;
    await new Promise((done) => setTimeout(done, 100));
    expect(window.scrollY).toBeLessThan(3000);
  });
});
