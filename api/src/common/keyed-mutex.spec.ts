import { KeyedMutex } from './keyed-mutex';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

it('runs tasks of one key one after the other, and other keys alongside', async () => {
  const mutex = new KeyedMutex();
  const log: string[] = [];
  const task = (name: string) => async () => {
    log.push(`${name} start`);
    await tick();
    log.push(`${name} end`);
    return name;
  };
  const results = await Promise.all([
    mutex.run('a', task('a1')),
    mutex.run('a', task('a2')),
    mutex.run('b', task('b1')),
  ]);
  expect(results).toEqual(['a1', 'a2', 'b1']);
  expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
  expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
});

it('keeps going after a failed task', async () => {
  const mutex = new KeyedMutex();
  await expect(mutex.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow(
    'boom',
  );
  await expect(mutex.run('a', async () => 'next')).resolves.toBe('next');
});
