import { RuleMessages } from '@toolshop/contracts';
import { resolveImageLink } from './image-link';

const API = 'http://localhost:5000';

describe('resolveImageLink', () => {
  it('stores a path on the API as a link to the API', () => {
    expect(resolveImageLink('/images/drill.webp', API, [])).toEqual({
      link: 'http://localhost:5000/images/drill.webp',
    });
  });

  it('keeps links to the API itself', () => {
    expect(resolveImageLink('http://localhost:5000/images/saw.webp', API, [])).toEqual({
      link: 'http://localhost:5000/images/saw.webp',
    });
  });

  it('accepts https links on the listed image hosts only', () => {
    const hosts = ['cdn.toolshop.example'];
    expect(resolveImageLink('https://cdn.toolshop.example/a.webp', API, hosts)).toEqual({
      link: 'https://cdn.toolshop.example/a.webp',
    });
    for (const img of [
      'http://cdn.toolshop.example/a.webp',
      'https://tracker.example/pixel.gif',
      'https://cdn.toolshop.example.evil.example/a.webp',
      'https://user:pw@cdn.toolshop.example/a.webp',
      'http://localhost:5001/images/x.webp',
    ]) {
      expect(resolveImageLink(img, API, hosts)).toEqual({
        problem: RuleMessages.imageHostNotAllowed,
      });
    }
  });

  it('refuses a protocol-relative path that would leave the API', () => {
    expect(resolveImageLink('//tracker.example/pixel.gif', API, [])).toEqual({
      problem: RuleMessages.imageHostNotAllowed,
    });
  });

  it.each([
    '/images/../docs',
    '/images/%2E%2e/docs',
    '/images/.%2e/x',
    'http://localhost:5000/a/./b',
  ])('refuses the dot segments of %p instead of storing where they lead', (img) => {
    expect(resolveImageLink(img, API, [])).toEqual({ problem: RuleMessages.imageLinkInvalid });
  });
});
