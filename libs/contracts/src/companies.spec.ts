import {
  CompanyMessages,
  companyAddressError,
  companyNameError,
  monthlyLimitError,
  MONTHLY_LIMIT_MAX,
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
