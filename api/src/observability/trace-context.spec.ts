import { formatTraceparent, parseTraceparent } from './trace-context';

const GIVEN = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('W3C trace context', () => {
  it('continues the caller’s trace with a span of its own', () => {
    const trace = parseTraceparent(GIVEN);
    expect(trace).toMatchObject({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      parentId: '00f067aa0ba902b7',
      flags: '01',
    });
    expect(trace.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(trace.spanId).not.toBe('00f067aa0ba902b7');
    expect(formatTraceparent(trace)).toBe(`00-4bf92f3577b34da6a3ce929d0e0e4736-${trace.spanId}-01`);
  });

  it('accepts later versions with extra fields', () => {
    expect(parseTraceparent(`01${GIVEN.slice(2)}-extra`).traceId).toBe(
      '4bf92f3577b34da6a3ce929d0e0e4736',
    );
  });

  it('starts a new trace on a missing or invalid header', () => {
    for (const header of [
      undefined,
      ['a', 'b'],
      'garbage',
      `ff${GIVEN.slice(2)}`,
      `${GIVEN}-extra`,
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      GIVEN.toUpperCase(),
    ]) {
      const trace = parseTraceparent(header);
      expect(trace.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(trace.traceId).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      expect(trace.parentId).toBeUndefined();
      expect(trace.flags).toBe('00');
    }
  });
});
