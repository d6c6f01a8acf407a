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

  describe('anchored to what was in view', () => {
    /** A list of 200 px items in `main`, `above` px below the top of the page. */
    let above = 0;
    let main: HTMLElement;
    const list = (names: string[]) => {
      main.innerHTML = names.map((name) => `<p>${name}</p>`).join('');
    };
    const tools = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `Tool ${from + i}`);

    beforeEach(() => {
      above = 0;
      main = document.body.appendChild(document.createElement('main'));
      const itemTop = (element: Element) =>
        above + [...main.children].indexOf(element) * 200 - window.scrollY;
      jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
        this: Element,
      ) {
        const inList = this.parentElement === main;
        return {
          top: inList ? itemTop(this) : -window.scrollY,
          height: inList ? 200 : 100_000,
        } as DOMRect;
      });
      document.elementFromPoint = (_x: number, y: number) =>
        [...main.children].find((item) => itemTop(item) <= y && y < itemTop(item) + 200) ?? main;
    });
    afterEach(() => {
      main.remove();
      delete (document as Partial<Document>).elementFromPoint;
    });

    /**
     * Leaves the list at 1800 px for a tool's page (the element in view looked for once the window
     * holds still, or as the click begins), `meanwhile` renders the page anew, then Back.
     */
    async function leaveAndGoBack(lookedFor: 'held still' | 'click', meanwhile: () => void) {
      renderPage();
      list(tools(0, 30));
      scrollWindow(1800);
      if (lookedFor === 'held still') await new Promise((done) => setTimeout(done, 150));
      else fireEvent.pointerDown(screen.getByText('tool'));
      fireEvent.click(screen.getByText('tool'));
      meanwhile();
      await back();
      await waitFor(() => expect(window.location.pathname).toBe('/'));
    }

    it('shows it where it was though the page above it changed height', async () => {
      await leaveAndGoBack('held still', () => {
        above = 600;
        list(tools(0, 30));
      });
      await waitFor(() => expect(window.scrollY).toBe(2400));
      const inView = document.elementFromPoint(0, window.innerHeight * 0.4);
      expect(inView?.textContent).toBe('Tool 10');
    });

    it('finds it by its text when the list it was in changed', async () => {
      // a tool added at the top of the list meanwhile
      await leaveAndGoBack('click', () => list(['Tool new', ...tools(0, 30)]));
      await waitFor(() => expect(window.scrollY).toBe(2000));
    });

    it('keeps to the scroll offset when the text is not one element’s alone', async () => {
      await leaveAndGoBack('click', () => list(['Tool 10', ...tools(0, 30)]));
      await new Promise((done) => setTimeout(done, 100));
      expect(window.scrollY).toBe(1800);
    });
  });
});
