import {
  approvalRuleError,
  CompanyMessages,
  companyAddressError,
  companyNameError,
  monthlyLimitError,
  monthStartIn,
  MONTHLY_LIMIT_MAX,
  timeZoneError,
  validateCompany,
  validateInvitation,
} from './companies';

describe('company rules', () => {
  it('needs a one-line visible name of at most 120 characters', () => {
    expect(companyNameError(' Baker & Sons ')).toBeUndefined();
    for (const bad of [undefined, '', '   ', 7])
      expect(companyNameError(bad)).toBe(CompanyMessages.nameRequired);
    expect(companyNameError('x'.repeat(121))).toBe(CompanyMessages.nameTooLong);
    for (const bad of ['a\u0000b', 'two\nlines', 'zero\u200bwidth'])
      expect(companyNameError(bad)).toBe(CompanyMessages.nameControlCharacters);
  });

  it('takes addresses of several lines, without other control characters', () => {
    expect(companyAddressError('1 Saw Lane\r\nLeeds')).toBeUndefined();
    expect(companyAddressError(undefined)).toBeUndefined();
    expect(companyAddressError('a\u0000b')).toBe(CompanyMessages.addressControlCharacters);
    expect(companyAddressError('x'.repeat(301))).toBe(CompanyMessages.addressTooLong);
    expect(companyAddressError(['1 Lane'])).toBe(CompanyMessages.notText);
  });

  it('takes whole-dollar monthly limits from 0, or none', () => {
    for (const good of [0, 500, MONTHLY_LIMIT_MAX, null, undefined])
      expect(monthlyLimitError(good)).toBeUndefined();
    for (const bad of [-1, 1.5, '10', MONTHLY_LIMIT_MAX + 1, Number.NaN])
      expect(monthlyLimitError(bad)).toBe(CompanyMessages.monthlyLimitInvalid);
  });

  it('checks a whole company and an invitation', () => {
    expect(validateCompany({ name: 'Co', taxId: '', billingAddress: '' })).toEqual({});
    expect(validateCompany({ taxId: 'GB<1>' })).toEqual({
      name: CompanyMessages.nameRequired,
      taxId: expect.any(String),
    });
    expect(validateInvitation({ email: 'a@b.co', role: 'buyer' })).toEqual({});
    expect(validateInvitation({ email: 'a@b.co', role: 'boss' })).toEqual({
      role: CompanyMessages.roleInvalid,
    });
  });
});

describe('company settings and the month of a monthly limit', () => {
  it('accepts IANA time zones only, and the two approval rules', () => {
    expect(timeZoneError('Europe/London')).toBeUndefined();
    expect(timeZoneError('UTC')).toBeUndefined();
    expect(timeZoneError(undefined)).toBeUndefined();
    for (const bad of ['Mars/Olympus', '', 42, null, 'x'.repeat(65)])
      expect(timeZoneError(bad)).toBe(CompanyMessages.timeZoneInvalid);
    expect(approvalRuleError('overLimit')).toBeUndefined();
    expect(approvalRuleError('allBuyers')).toBeUndefined();
    expect(approvalRuleError('everyone')).toBe(CompanyMessages.approvalForInvalid);
  });

  it('starts the month at midnight on the 1st in the company’s time zone', () => {
    const at = (iso: string) => new Date(iso);
    expect(monthStartIn('UTC', at('2026-11-29T00:10:00Z'))).toEqual(at('2026-11-01T00:00:00Z'));
    // Auckland is UTC+13 in November (daylight saving): its November began on 31 October, UTC.
    expect(monthStartIn('Pacific/Auckland', at('2026-11-29T00:10:00Z'))).toEqual(
      at('2026-10-31T11:00:00Z'),
    );
    // Already 1 December in Auckland while still 30 November in UTC.
    expect(monthStartIn('Pacific/Auckland', at('2026-11-30T12:00:00Z'))).toEqual(
      at('2026-11-30T11:00:00Z'),
    );
    // Still 31 October in New York (UTC-4 then) at 02:00 UTC on 1 November.
    expect(monthStartIn('America/New_York', at('2026-11-01T02:00:00Z'))).toEqual(
      at('2026-10-01T04:00:00Z'),
    );
    // November in New York starts in daylight time (UTC-4) though it ends in standard time.
    expect(monthStartIn('America/New_York', at('2026-11-20T12:00:00Z'))).toEqual(
      at('2026-11-01T04:00:00Z'),
    );
  });
});
