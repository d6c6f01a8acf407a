import type { Connection } from 'mongoose';
import { buildIndexes, isTransientSchemaError } from './indexes';

/** A connection with one model whose createIndexes answers the given failures, then succeeds. */
function connectionFailing(...failures: Error[]) {
  const createIndexes = jest.fn(async () => {
    const failure = failures.shift();
    if (failure) throw failure;
  });
  const model = {
    schema: { get: () => undefined, indexes: () => [[{ email: 1 }, {}]] },
    collection: { name: 'orders' },
    createIndexes,
  };
  return { connection: { models: { Order: model } } as unknown as Connection, createIndexes };
}

const noPause = () => Promise.resolve();

it('tries a model again when another process made the database answer a deadlock', async () => {
  const { connection, createIndexes } = connectionFailing(
    Object.assign(new Error('deadlock detected'), { code: 1 }),
    Object.assign(new Error('Write conflict'), { code: 112 }),
  );
  await expect(buildIndexes(connection, noPause)).resolves.toEqual(['orders {"email":1}']);
  expect(createIndexes).toHaveBeenCalledTimes(3);
});

it('does not retry other failures, and gives up after eight attempts', async () => {
  const refused = connectionFailing(
    Object.assign(new Error('Index key too large'), { code: 17280 }),
  );
  await expect(buildIndexes(refused.connection, noPause)).rejects.toThrow('Index key too large');
  expect(refused.createIndexes).toHaveBeenCalledTimes(1);

  const deadlocks = Array.from({ length: 9 }, () => new Error('deadlock detected'));
  const stuck = connectionFailing(...deadlocks);
  await expect(buildIndexes(stuck.connection, noPause)).rejects.toThrow('deadlock detected');
  expect(stuck.createIndexes).toHaveBeenCalledTimes(8);
  expect(isTransientSchemaError(undefined)).toBe(false);
});
