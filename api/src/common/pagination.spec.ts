import type { ArgumentMetadata } from '@nestjs/common';
import { LIST_MAX_LIMIT } from '@toolshop/contracts';
import { PageQuery, pageOf, pageOfSearch } from './pagination';
import { createValidationPipe } from './validation.pipe';

const asQuery: ArgumentMetadata = { type: 'query', metatype: PageQuery };

describe('the page a raw query string asks for, before validation (cached lists)', () => {
  it('reads no query and `limit=L&page=P` as the page they ask for', () => {
    expect(pageOfSearch('')).toEqual(pageOf({}));
    expect(pageOfSearch('limit=6&page=1')).toEqual({ limit: 6, skip: 0, requested: true });
    expect(pageOfSearch(`limit=${LIST_MAX_LIMIT}&page=3`)).toEqual(
      pageOf({ limit: LIST_MAX_LIMIT, page: 3 }),
    );
  });

  it.each([
    'page=1&limit=6',
    'limit=6',
    'limit=6&page=1&toolId=000000000000000000000000',
    'limit=06&page=1',
    'limit=6.0&page=1',
    'limit=0&page=1',
    'limit=6&page=0',
    `limit=${LIST_MAX_LIMIT + 1}&page=1`,
    'limit=6&page=10001',
    'limit=6&page=1&',
    'limit=%36&page=1',
    'limit=6&page=1#x',
  ])('leaves %p to validation', (search) => {
    expect(pageOfSearch(search)).toBeUndefined();
  });

  it('answers only what the validation pipe accepts, and as it reads it', async () => {
    const pipe = createValidationPipe();
    const searches = ['', 'limit=1&page=1', 'limit=6&page=1', 'limit=200&page=10000'];
    for (const search of searches) {
      const raw = Object.fromEntries(new URLSearchParams(search));
      const validated = (await pipe.transform(raw, asQuery)) as PageQuery;
      expect(pageOfSearch(search)).toEqual(pageOf(validated));
    }
    await expect(pipe.transform({ limit: '201', page: '1' }, asQuery)).rejects.toThrow();
    await expect(pipe.transform({ limit: '6', page: '10001' }, asQuery)).rejects.toThrow();
  });
});
