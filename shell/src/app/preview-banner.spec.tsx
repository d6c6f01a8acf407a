/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { PreviewBanner, previewLabel } from './preview-banner';

describe('preview banner', () => {
  afterEach(() => {
    document.cookie = 'toolshop_preview_label=; Max-Age=0; Path=/';
  });

  it('names the previewed remote and version from the cookie the preview link set', () => {
    document.cookie = `toolshop_preview_label=${encodeURIComponent('storefront 0.2.0')}; Path=/`;
    render(<PreviewBanner />);
    expect(screen.getByRole('status').textContent).toContain('Preview: storefront 0.2.0');
    expect(screen.getByRole('link', { name: 'End preview' }).getAttribute('href')).toBe(
      '/remotes/preview/end',
    );
  });

  it('shows nothing without a preview', () => {
    const { container } = render(<PreviewBanner />);
    expect(container.innerHTML).toBe('');
    expect(previewLabel('a=1; toolshop_preview_label=%E0%A4%A')).toBe('');
  });
});
