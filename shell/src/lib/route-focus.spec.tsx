/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { pageAnnouncement, useRouteFocus } from './route-focus';

describe('the announcement of a new page', () => {
  it("is the page's heading", () => {
    expect(pageAnnouncement('  My Orders ', 'My Orders | Toolshop')).toBe('My Orders page');
  });

  it('is the tab title without the shop name when the page has no heading', () => {
    expect(pageAnnouncement(null, 'Blogs | Toolshop')).toBe('Blogs');
    expect(pageAnnouncement('', 'Toolshop')).toBe('Toolshop');
  });
});

describe('useRouteFocus', () => {
  /** A page whose heading comes a moment after it mounts (a lazily loaded page, its data). */
  function LatePage() {
    const [shown, setShown] = useState(false);
    useEffect(() => {
      const timer = setTimeout(() => setShown(true), 20);
      return () => clearTimeout(timer);
    }, []);
    return shown ? <h1>Orders</h1> : <p>Loading</p>;
  }

  function Shop() {
    const main = useRef<HTMLElement>(null);
    const announcement = useRouteFocus(useLocation().pathname, main);
    return (
      <>
        <Link to="/tools">Tools</Link>
        <Link to="/orders">Orders</Link>
        <Link to="/search">Search</Link>
        <main ref={main}>
          <Routes>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/tools" element={<h1>Tools</h1>} />
            <Route path="/orders" element={<LatePage />} />
            <Route
              path="/search"
              element={
                <>
                  <h1>Search</h1>
                  <input aria-label="Search" autoFocus />
                </>
              }
            />
          </Routes>
        </main>
        <p data-testid="live">{announcement}</p>
      </>
    );
  }

  const renderShop = () =>
    render(
      <MemoryRouter>
        <Shop />
      </MemoryRouter>,
    );

  it('leaves focus alone on the first page', async () => {
    renderShop();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByTestId('live').textContent).toBe('');
  });

  it("moves focus to the new page's heading and announces it", async () => {
    renderShop();
    fireEvent.click(screen.getByRole('link', { name: 'Tools' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Tools' })),
    );
    await waitFor(() => expect(screen.getByTestId('live').textContent).toBe('Tools page'));
  });

  it('waits for a heading that comes after the navigation', async () => {
    renderShop();
    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Orders' })),
    );
    await waitFor(() => expect(screen.getByTestId('live').textContent).toBe('Orders page'));
  });

  it('keeps focus where the new page put it inside <main>', async () => {
    renderShop();
    fireEvent.click(screen.getByRole('link', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('live').textContent).toBe('Search page'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }));
  });
});
