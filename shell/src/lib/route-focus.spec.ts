import { pageAnnouncement } from './route-focus';

describe('the announcement of a new page', () => {
  it("is the page's heading", () => {
    expect(pageAnnouncement('  My Orders ', 'My Orders | Toolshop')).toBe('My Orders page');
  });

  it('is the tab title without the shop name when the page has no heading', () => {
    expect(pageAnnouncement(null, 'Blogs | Toolshop')).toBe('Blogs');
    expect(pageAnnouncement('', 'Toolshop')).toBe('Toolshop');
  });
});
