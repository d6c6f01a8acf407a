/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  IMAGE_PLACEHOLDER,
  imageSrcSet,
  ProductImage,
  resolveImageSrc,
  setImageBase,
} from '../index';

const API = 'http://localhost:5000';

describe('resolveImageSrc', () => {
  it('resolves a path on the API against the API URL, as the API does when it saves a product', () => {
    expect(resolveImageSrc('/images/drill.webp', API)).toBe(
      'http://localhost:5000/images/drill.webp',
    );
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

describe('uploaded pictures', () => {
  const id = '0123456789abcdef01234567';
  const uploaded = `${API}/images/${id}/960.webp`;

  it('lists the WebP variants of an uploaded picture, and nothing for any other link', () => {
    expect(imageSrcSet(uploaded)).toBe(
      `${API}/images/${id}/320.webp 320w, ${API}/images/${id}/640.webp 640w, ${API}/images/${id}/960.webp 960w`,
    );
    expect(imageSrcSet(`${API}/images/drill.webp`)).toBeUndefined();
    expect(imageSrcSet('https://images.example/photo.webp')).toBeUndefined();
    expect(imageSrcSet(undefined)).toBeUndefined();
  });

  it('gives an uploaded picture a srcset and sizes, lazy by default', () => {
    setImageBase(API);
    const html = renderToStaticMarkup(
      <ProductImage
        src={`/images/${id}/960.webp`}
        alt="Saw"
        sizes="(min-width: 72rem) 22rem, 100vw"
      />,
    );
    expect(html).toContain(`src="${uploaded}"`);
    expect(html).toContain(`srcSet="${API}/images/${id}/320.webp 320w,`);
    expect(html).toContain('sizes="(min-width: 72rem) 22rem, 100vw"');
    expect(html).toContain('loading="lazy"');
    const plain = renderToStaticMarkup(
      <ProductImage src="/images/drill.webp" alt="Drill" sizes="50vw" />,
    );
    expect(plain).not.toContain('srcSet');
    expect(plain).not.toContain('sizes');
  });

  it('shows the stand-in without a srcset when the picture fails to load', () => {
    render(<ProductImage src={uploaded} alt="Saw" />);
    const image = screen.getByRole('img', { name: 'Saw' });
    expect(image.getAttribute('srcset')).toContain('320w');
    expect(image.getAttribute('sizes')).toBe('100vw');
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(IMAGE_PLACEHOLDER);
    expect(image.hasAttribute('srcset')).toBe(false);
  });
});
