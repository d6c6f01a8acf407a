import { versionText } from './releases-table';

const entry = {
  remote: 'storefront',
  by: 'storefront team',
  reason: null,
  at: '2026-11-25T10:00:00.000Z',
} as const;

describe('versionText', () => {
  it('names what an activation or rollback replaced, a canary its share, a release its version', () => {
    expect(versionText({ ...entry, action: 'release', version: '1.0.0+a' })).toBe('1.0.0+a');
    expect(versionText({ ...entry, action: 'activate', version: '2.0.0+b', from: '1.0.0+a' })).toBe(
      '1.0.0+a → 2.0.0+b',
    );
    expect(versionText({ ...entry, action: 'rollback', version: null, from: '1.0.0+a' })).toBe(
      '1.0.0+a → built-in',
    );
    expect(
      versionText({ ...entry, action: 'canary', version: '3.0.0+c', from: '2.0.0+b', percent: 10 }),
    ).toBe('3.0.0+c to 10 %');
    expect(versionText({ ...entry, action: 'refused', version: '4.0.0+d' })).toBe('4.0.0+d');
  });
});
