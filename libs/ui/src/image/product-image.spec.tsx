import { renderToStaticMarkup } from 'react-dom/server';
import { IMAGE_PLACEHOLDER, ProductImage, resolveImageSrc, setImageBase } from '../index';

const API = 'http://localhost:5000';

describe('resolveImageSrc', () => {
  it('resolves a path on the API against the API URL, as the API does when it saves a product', () => {
    expect(resolveImageSrc('/images/drill.webp', API)).toBe('http://localhost:5000/images/drill.webp');
    expect(resolveImageSrc('  /images/drill.webp ', 'https://api.shop.example/')).toBe(
      'https://api.shop.example/images/drill.webp',
    );
  });

  it('keeps absolute links as they are', () => {
    for (const link of [
      'https://images.example/drill.webp',
      'http://localhost:5000/images/saw.webp',
      'data:image/png;base64,AAAA',
      'blob:http://localhost:3000/1234',
      '//cdn.example/x.webp',
    ]) {
      expect(resolveImageSrc(link, API)).toBe(link);
    }
  });

  it('gives nothing for an empty link, and leaves a path alone without an API URL', () => {
    expect(resolveImageSrc('', API)).toBeUndefined();
    expect(resolveImageSrc('   ', API)).toBeUndefined();
    expect(resolveImageSrc(undefined, API)).toBeUndefined();
    expect(resolveImageSrc('/images/drill.webp', undefined)).toBe('/images/drill.webp');
  });
});

describe('ProductImage', () => {
  afterEach(() => setImageBase(undefined));

  it('shows a path image from the API URL set from the runtime config', () => {
    setImageBase(API);
    const html = renderToStaticMarkup(<ProductImage src="/images/drill.webp" alt="Drill" />);
    expect(html).toContain('src="http://localhost:5000/images/drill.webp"');
    expect(html).toContain('alt="Drill"');
    expect(html).toContain('loading="lazy"');
  });

  it('shows the neutral stand-in when there is no image', () => {
    const html = renderToStaticMarkup(<ProductImage src="" alt="" />);
    expect(html).toContain(`src="${IMAGE_PLACEHOLDER.replace(/&/g, '&amp;')}"`);
  });
});
