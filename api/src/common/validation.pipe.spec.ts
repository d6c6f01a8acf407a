import { BadRequestException, type ArgumentMetadata } from '@nestjs/common';
import { EmailQuery } from './email-query';
import { PageQuery } from './pagination';
import { createValidationPipe } from './validation.pipe';

const query = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({
  type: 'query',
  metatype,
});

describe('validation pipe, empty queries', () => {
  it('answers an instance of a class that accepts an empty query, every time', async () => {
    const pipe = createValidationPipe();
    for (let i = 0; i < 3; i++) {
      const page = await pipe.transform(Object.create(null), query(PageQuery));
      expect(page).toBeInstanceOf(PageQuery);
      expect({ ...page }).toEqual({});
    }
  });

  it('a new instance each time (a handler may change its own)', async () => {
    const pipe = createValidationPipe();
    const first = await pipe.transform({}, query(PageQuery));
    const second = await pipe.transform({}, query(PageQuery));
    expect(second).not.toBe(first);
  });

  it('keeps refusing an empty query of a class with a required field', async () => {
    const pipe = createValidationPipe();
    for (let i = 0; i < 3; i++) {
      await expect(pipe.transform({}, query(EmailQuery))).rejects.toBeInstanceOf(
        BadRequestException,
      );
    }
  });

  it('still validates a query that is not empty', async () => {
    const pipe = createValidationPipe();
    await pipe.transform({}, query(PageQuery));
    await expect(pipe.transform({ limit: '0' }, query(PageQuery))).rejects.toBeInstanceOf(
      BadRequestException,
    );
    await expect(pipe.transform({ nope: '1' }, query(PageQuery))).rejects.toBeInstanceOf(
      BadRequestException,
    );
  });
});
