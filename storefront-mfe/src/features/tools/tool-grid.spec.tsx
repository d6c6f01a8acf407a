import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
import { LIST_MAX_LIMIT, type Tool } from '@toolshop/contracts';
import { catalogQueryOf, catalogSearch } from './catalog-params';
import { TOOL_CARDS_STEP, ToolGrid, cardsShownOf } from './tool-grid';

const network = useFakeShop({ user: null });
/** The catalog queries sent, path and query. */
const sentQueries = () => network.requests('GET', '/tools').map((request) => request.path);
const tool = (name: string): Tool => ({
  _id: name,
  name,
  img: '/x.webp',
  shortDescription: 'A tool',
  minOrder: 1,
  available: 5,
  price: 10,
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function BackButton() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(-1)}>Back</button>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/"
          element={
            <>
              <ToolGrid />
              <Location />
              <Link to="/?category=Drills">Drills link</Link>
              <Link to="/tools/elsewhere">Another page</Link>
            </>
          }
        />
        <Route path="/tools/:id" element={<BackButton />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
}

describe('catalog params', () => {
  it('reads the view from the URL, dropping values the API would refuse', () => {
    expect(
      catalogQueryOf(new URLSearchParams('q=%20drill%20&category=Saws&inStock=true&sort=price')),
    ).toEqual({ q: 'drill', category: 'Saws', inStock: true, sort: 'price' });
    expect(catalogQueryOf(new URLSearchParams('category=Hammers&sort=cheap&inStock=1'))).toEqual(
      {},
    );
    expect(catalogSearch({ q: 'a b', sort: '-createdAt' })).toBe('q=a+b');
    expect(catalogSearch({})).toBe('');
  });
});

describe('ToolGrid', () => {
  it('asks for the view in the URL and counts the results', async () => {
    network.on('GET', '/tools', [tool('Jigsaw'), tool('Circular saw')]);
    renderAt('/?q=saw&category=Saws&sort=-price');
    expect(await screen.findByText('2 tools')).toBeTruthy();
    expect(sentQueries()).toEqual(['/tools?q=saw&category=Saws&sort=-price']);
    expect((screen.getByLabelText('Search tools') as HTMLInputElement).value).toBe('saw');
    expect((screen.getByLabelText('Category') as HTMLInputElement).value).toBe('Saws');
    expect((screen.getByLabelText('Sort by') as HTMLInputElement).value).toBe('-price');
  });

  it('puts every change into the URL', async () => {
    network.on('GET', '/tools', [tool('Jigsaw')]);
    renderAt('/');
    expect(await screen.findByText('1 tool')).toBeTruthy();
    expect(sentQueries()).toEqual(['/tools']);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Drills' } });
    fireEvent.click(screen.getByLabelText('In stock only'));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name' } });
    fireEvent.change(screen.getByLabelText('Search tools'), { target: { value: 'cordless' } });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '?q=cordless&category=Drills&inStock=true&sort=name',
      ),
    );
    await waitFor(() =>
      expect(sentQueries().at(-1)).toBe('/tools?q=cordless&category=Drills&inStock=true&sort=name'),
    );
  });

  it('keeps typed text when another control changes before the search runs', async () => {
    network.on('GET', '/tools', [tool('Jigsaw')]);
    renderAt('/?sort=-price');
    await screen.findByText('1 tool');
    fireEvent.change(screen.getByLabelText('Search tools'), { target: { value: 'saw' } });
    fireEvent.click(screen.getByLabelText('In stock only'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('?q=saw&inStock=true&sort=-price'),
    );
  });

  it('follows the address when it changes from outside (a link, back)', async () => {
    network.on('GET', '/tools', [tool('Jigsaw')]);
    renderAt('/?q=saw');
    await screen.findByText('1 tool');
    fireEvent.click(screen.getByText('Drills link'));
    await waitFor(() =>
      expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Drills'),
    );
    expect((screen.getByLabelText('Search tools') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(sentQueries().at(-1)).toBe('/tools?category=Drills'));
  });

  it('offers to clear the filters when nothing matches', async () => {
    network.once('GET', '/tools', []).on('GET', '/tools', [tool('Jigsaw')]);
    renderAt('/?q=nothing&sort=price');
    expect(await screen.findByText('No tools match these filters')).toBeTruthy();
    expect(screen.getByText('0 tools')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('1 tool')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('?sort=price');
    expect((screen.getByLabelText('Search tools') as HTMLInputElement).value).toBe('');
  });

  it('lays out the cards near the screen in a task of their own (in jsdom every card is near)', async () => {
    network.on('GET', '/tools', [tool('Jigsaw'), tool('Circular saw')]);
    renderAt('/');
    const cards = await screen.findAllByRole('article');
    const laidOut = () =>
      cards.map((card) => (card as HTMLElement).style.getPropertyValue('content-visibility'));
    await waitFor(() => expect(laidOut()).toEqual(['visible', 'visible']));
  });

  it('shows a big catalogue a step at a time, and a new view from its first step', async () => {
    const catalogue = (count: number) => Array.from({ length: count }, (_, i) => tool(`Tool ${i}`));
    const total = 2 * TOOL_CARDS_STEP + 5;
    network.on('GET', '/tools', catalogue(total));
    renderAt('/');
    const cards = () => screen.getAllByRole('article').length;
    expect(await screen.findByText(`${TOOL_CARDS_STEP} of ${total} tools`)).toBeTruthy();
    expect(cards()).toBe(TOOL_CARDS_STEP);

    const more = (left: number) =>
      screen.getByRole('button', { name: `Show more tools (${left} more)` });
    fireEvent.click(more(total - TOOL_CARDS_STEP));
    expect(cards()).toBe(2 * TOOL_CARDS_STEP);
    expect(screen.getByText(`${2 * TOOL_CARDS_STEP} of ${total} tools`)).toBeTruthy();
    fireEvent.click(more(5));
    expect(cards()).toBe(total);
    expect(screen.getByText(`${total} tools`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Show more tools/ })).toBeNull();

    network.on('GET', '/tools', catalogue(total - 1));
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Drills' } });
    expect(await screen.findByText(`${TOOL_CARDS_STEP} of ${total - 1} tools`)).toBeTruthy();
    expect(cards()).toBe(TOOL_CARDS_STEP);
  });

  it('shows as many cards again on Back from another page', async () => {
    const total = 3 * TOOL_CARDS_STEP;
    network.on(
      'GET',
      '/tools',
      Array.from({ length: total }, (_, i) => tool(`Tool ${i}`)),
    );
    renderAt('/?sort=price');
    await screen.findByText(`${TOOL_CARDS_STEP} of ${total} tools`);
    fireEvent.click(screen.getByRole('button', { name: /^Show more tools/ }));
    expect(screen.getAllByRole('article')).toHaveLength(2 * TOOL_CARDS_STEP);
    // the address is still the view's
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?sort=price'));

    fireEvent.click(screen.getByRole('link', { name: 'Another page' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText(`${2 * TOOL_CARDS_STEP} of ${total} tools`)).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2 * TOOL_CARDS_STEP);
  });

  it('reads the cards an entry showed only from a well-formed state, within the API list', () => {
    expect(cardsShownOf({ toolCards: { search: 'q=saw', cards: 36 } })).toEqual({
      search: 'q=saw',
      cards: 36,
    });
    expect(cardsShownOf({ toolCards: { search: '', cards: 1e9 } })?.cards).toBe(LIST_MAX_LIMIT);
    expect(cardsShownOf({ toolCards: { search: '', cards: -3 } })?.cards).toBe(TOOL_CARDS_STEP);
    for (const wrong of [
      null,
      'x',
      {},
      { toolCards: { cards: '24' } },
      { toolCards: { search: 1 } },
    ])
      expect(cardsShownOf(wrong)).toBeUndefined();
  });

  describe('once the first the API lists are all shown', () => {
    const showAll = () => {
      while (screen.queryByRole('button', { name: /^Show more tools/ }))
        fireEvent.click(screen.getByRole('button', { name: /^Show more tools/ }));
      expect(screen.getAllByRole('article')).toHaveLength(LIST_MAX_LIMIT);
    };
    beforeEach(() =>
      network.on(
        'GET',
        '/tools',
        Array.from({ length: LIST_MAX_LIMIT }, (_, i) => tool(`Tool ${i}`)),
      ),
    );
    // (200 cards rendered in jsdom: slow on a busy machine)
    const slow = 20_000;

    it(
      'says to search or choose a category to see the others',
      async () => {
        renderAt('/?sort=price');
        // (the list the API cut may have more behind it)
        await screen.findByText(`${TOOL_CARDS_STEP} of ${LIST_MAX_LIMIT}+ tools`);
        const note = `Only the first ${LIST_MAX_LIMIT} tools are listed: search or choose a category to see the others.`;
        expect(screen.queryByText(note)).toBeNull();
        showAll();
        expect(screen.getByText(note)).toBeTruthy();
      },
      slow,
    );

    it(
      'says to narrow a search that lists them',
      async () => {
        renderAt('/?category=Drills');
        await screen.findByText(`${TOOL_CARDS_STEP} of ${LIST_MAX_LIMIT}+ tools`);
        showAll();
        expect(screen.getByText(`${LIST_MAX_LIMIT}+ tools`)).toBeTruthy();
        expect(
          screen.getByText(
            `Only the first ${LIST_MAX_LIMIT} matching tools are listed: narrow your search to see the others.`,
          ),
        ).toBeTruthy();
      },
      slow,
    );
  });
});
