import {
  Messages,
  RuleMessages,
  PRICE_MAX,
  QUANTITY_MAX,
  isEmailAddress,
  nameError,
  NAME_MAX_LENGTH,
  linkedInError,
  normalizeEmail,
  validateEmail,
  isProfileComplete,
  isSuggestionComplete,
  isValidQuantity,
  validateLogin,
  validateNewTool,
  validateReview,
  validateSignup,
  formatDollars,
} from './index';

describe('login and sign-up', () => {
  it('requires email and password with the spec messages', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: Messages.emailRequired,
      password: Messages.passwordRequired,
    });
  });
  it('rejects a malformed email and a short password', () => {
    expect(validateLogin({ email: 'a@b', password: '12345' })).toEqual({
      email: 'Provide a valid Email',
      password: 'Must be 6 characters or longer',
    });
  });
  it('accepts valid credentials', () => {
    expect(validateLogin({ email: 'a@b.co', password: '123456' })).toEqual({});
  });
  it('requires a name at sign-up', () => {
    expect(validateSignup({ name: ' ', email: 'a@b.co', password: '123456' })).toEqual({
      name: 'Name is Required',
    });
  });
});

describe('display names (a name is never a message of its own)', () => {
  it('refuses the phishing name of the report, line breaks, control and invisible characters', () => {
    const phishing =
      'Toolshop Security Team.\n\nWe detected a suspicious payment. Re-enter your card at http://evil.test/pay';
    expect(nameError(phishing)).toBe(RuleMessages.nameControlCharacters);
    expect(validateSignup({ name: phishing, email: 'a@b.co', password: '123456' }).name).toBe(
      RuleMessages.nameControlCharacters,
    );
    for (const name of [
      'Ada\rLovelace',
      'Ada\tLovelace',
      'Ada\u2028Lovelace',
      'Ada\u200bLovelace',
      'Ada\u202eecalevoL',
    ])
      expect(nameError(name)).toBe(RuleMessages.nameControlCharacters);
  });
  it('allows at most 60 characters', () => {
    expect(nameError('a'.repeat(NAME_MAX_LENGTH))).toBeUndefined();
    expect(nameError(' ' + 'a'.repeat(NAME_MAX_LENGTH) + ' ')).toBeUndefined();
    expect(nameError('a'.repeat(NAME_MAX_LENGTH + 1))).toBe(RuleMessages.nameTooLong);
  });
  it('refuses links, web and email addresses', () => {
    for (const name of [
      'Re-enter your card at http://evil',
      'see www.evil',
      'evil.test/pay',
      'Visit paypal.com now',
      'support@toolshop.test',
      'ｅｖｉｌ．ｃｏｍ',
    ])
      expect([name, nameError(name)]).toEqual([name, RuleMessages.nameNoLinks]);
  });
  it('accepts ordinary names of many scripts', () => {
    for (const name of [
      'Ada Lovelace',
      "Anne-Marie O'Neil",
      'J. R. R. Tolkien',
      'J.R.R. Tolkien',
      'José Ñúñez',
      '李小龍',
      'Zoë  Smith-Jones Jr.',
    ])
      expect([name, nameError(name)]).toEqual([name, undefined]);
  });
  it('keeps the spec message for a missing name', () => {
    expect(nameError(undefined)).toBe(Messages.nameRequired);
    expect(nameError('   ')).toBe(Messages.nameRequired);
  });
});

describe('email', () => {
  it('rejects a 50 000-character input in linear time (no catastrophic backtracking)', () => {
    const hostile = [
      'a@' + '.'.repeat(50_000) + '@',
      'a@' + 'b.'.repeat(25_000) + ' ',
      'a'.repeat(50_000),
    ];
    for (const input of hostile) {
      expect(validateEmail(input)).toBe(RuleMessages.emailTooLong);
      // The fastest of three calls: a busy machine can pause any one of them.
      const times = [0, 1, 2].map(() => {
        const started = performance.now();
        validateEmail(input);
        return performance.now() - started;
      });
      expect(Math.min(...times)).toBeLessThan(10);
    }
  });
  it('accepts 254 characters and refuses 255', () => {
    const local = 'a'.repeat(64);
    const at254 = `${local}@${'b'.repeat(254 - 64 - 1 - 4)}.com`;
    expect(at254).toHaveLength(254);
    expect(validateEmail(at254)).toBeUndefined();
    expect(validateEmail('x' + at254)).toBe(RuleMessages.emailTooLong);
  });
  it.each([
    'customer@toolshop.test\u200b',
    'cus\u200dtomer@toolshop.test',
    'a\u0000@b.co',
    'a@b.co\u202e',
    'a\u2028b@c.co',
  ])('refuses invisible or control characters in %j', (email) => {
    expect(validateEmail(email)).toBe(RuleMessages.emailInvisibleCharacters);
    expect(isEmailAddress(email)).toBe(false);
  });
  it('normalises to NFKC lower case, so look-alike forms are one address', () => {
    expect(normalizeEmail(' Customer@ＴＯＯＬＳＨＯＰ.test ')).toBe('customer@toolshop.test');
    expect(isEmailAddress('Customer@ＴＯＯＬＳＨＯＰ.test')).toBe(true);
  });
  it('keeps the spec’s simple pattern', () => {
    expect(validateEmail('a@b')).toBe(Messages.emailInvalid);
    expect(validateEmail('a b@c.co')).toBe(Messages.emailInvalid);
    expect(validateEmail('a@b@c.co')).toBe(Messages.emailInvalid);
    expect(validateEmail('a@b.co')).toBeUndefined();
  });
});

describe('links a person gives', () => {
  it.each(['javascript:alert(1)', 'data:text/html,x', 'linkedin.com/in/x', 'https://'])(
    'refuses %p',
    (link) => {
      expect(linkedInError(link)).toBe(RuleMessages.linkedInInvalid);
    },
  );
  it.each(['https://www.linkedin.com/in/someone', 'http://example.com'])('accepts %p', (link) => {
    expect(linkedInError(link)).toBeUndefined();
  });
});

describe('new tool', () => {
  it('names every missing field with its message', () => {
    expect(validateNewTool({})).toEqual({
      name: 'Name is Required',
      img: 'Image link is Required',
      shortDescription: 'shortDescription is Required',
      minOrder: 'Minimum Order is Required',
      available: 'Available is Required',
      price: 'price is Required',
    });
  });
  it('refuses fractional and negative numbers', () => {
    const errors = validateNewTool({
      name: 'Drill',
      img: '/x.webp',
      shortDescription: 'd',
      minOrder: 1.5,
      available: -1,
      price: 10,
    });
    expect(Object.keys(errors)).toEqual(['minOrder', 'available']);
  });
  it('says a price with cents must be whole dollars, and keeps the spec text for a missing one', () => {
    const tool = {
      name: 'Drill',
      img: '/x.webp',
      shortDescription: 'd',
      minOrder: 1,
      available: 5,
    };
    expect(validateNewTool({ ...tool, price: 49.99 })).toEqual({
      price: RuleMessages.priceWholeDollars,
    });
    expect(RuleMessages.priceWholeDollars).toBe('The price must be whole dollars');
    expect(validateNewTool({ ...tool }).price).toBe('price is Required');
    expect(validateNewTool({ ...tool, price: -3 }).price).toBe('price is Required');
    expect(validateNewTool({ ...tool, price: PRICE_MAX + 0.5 }).price).toBe(
      RuleMessages.priceWholeDollars,
    );
    expect(validateNewTool({ ...tool, price: 49 })).toEqual({});
  });
  const drill = {
    name: 'Drill',
    img: 'https://example.com/drill.webp',
    shortDescription: 'd',
    minOrder: 10,
    available: 250,
    price: 89,
  };
  it('accepts a complete tool, with a web link or a path on this site as its image', () => {
    expect(validateNewTool(drill)).toEqual({});
    expect(validateNewTool({ ...drill, img: ' /images/drill.webp ' })).toEqual({});
    expect(validateNewTool({ ...drill, img: 'http://localhost:5000/images/drill.webp' })).toEqual(
      {},
    );
    // Dots inside a name are no dot segment.
    expect(validateNewTool({ ...drill, img: '/images/drill..v2.webp' })).toEqual({});
    expect(validateNewTool({ ...drill, img: '/images/...webp' })).toEqual({});
  });
  it.each([
    'drill.webp',
    'javascript:alert(1)',
    'ftp://example.com/x.webp',
    'https://a b',
    '//tracker.example/pixel.gif',
    '/images/../docs',
    '/images/%2e%2E/docs',
    '/images/.%2e/docs',
    '/images/%252e%252e/docs',
    '/images/..\\docs',
    '/images/..%5Cdocs',
    '/images%2F..%2Fdocs',
    '/images/./drill.webp',
    'https://example.com/images/../admin.webp',
    'http://localhost:5000/images/%2E%2E',
  ])('refuses %p as an image link', (img) => {
    expect(validateNewTool({ ...drill, img })).toEqual({ img: RuleMessages.imageLinkInvalid });
  });
  it('bounds stock, minimum order and price so every total is an exact integer', () => {
    expect(
      validateNewTool({
        ...drill,
        minOrder: QUANTITY_MAX + 1,
        available: 2e9,
        price: PRICE_MAX + 1,
      }),
    ).toEqual({
      minOrder: RuleMessages.quantityTooLarge,
      available: RuleMessages.quantityTooLarge,
      price: RuleMessages.priceTooLarge,
    });
    expect(Number.isSafeInteger(QUANTITY_MAX * PRICE_MAX)).toBe(true);
    expect(
      validateNewTool({ ...drill, minOrder: 1, available: QUANTITY_MAX, price: PRICE_MAX }),
    ).toEqual({});
  });
  it('refuses a minimum order above the stock, at the available field', () => {
    expect(validateNewTool({ ...drill, minOrder: 30, available: 20 })).toEqual({
      available: 'The minimum order cannot be larger than the available stock',
    });
    expect(validateNewTool({ ...drill, minOrder: 20, available: 20 })).toEqual({});
  });
  it('keeps the spec’s messages first', () => {
    expect(validateNewTool({ ...drill, img: '  ', minOrder: 30, available: -1 })).toEqual({
      img: 'Image link is Required',
      available: 'Available is Required',
    });
  });
});

describe('order quantity', () => {
  const tool = { minOrder: 10, available: 50 };
  it.each([
    [9, false],
    [10, true],
    [50, true],
    [51, false],
    [10.5, false],
    [Number.NaN, false],
  ])('%p is valid: %p', (quantity, valid) => {
    expect(isValidQuantity(quantity, tool)).toBe(valid);
  });
  it('is never valid for zero, even with a minimum order of zero', () => {
    expect(isValidQuantity(0, { minOrder: 0, available: 5 })).toBe(false);
  });
});

describe('review', () => {
  it('gives the spec messages for rating bounds and empty opinion', () => {
    expect(validateReview({ rating: 6, opinion: '' })).toEqual({
      rating: 'Maximum Rating is 5',
      opinion: 'Please give short opinion',
    });
    expect(validateReview({ rating: 0, opinion: 'ok' })).toEqual({
      rating: 'Minimum rating is 1',
    });
  });
  it('asks for whole stars when the rating lies between 1 and 5 but is not whole', () => {
    expect(validateReview({ rating: 3.5, opinion: 'ok' })).toEqual({
      rating: 'Give whole stars from 1 to 5',
    });
    expect(validateReview({ rating: 0.5, opinion: 'ok' }).rating).toBe('Minimum rating is 1');
    expect(validateReview({ rating: 5.5, opinion: 'ok' }).rating).toBe('Maximum Rating is 5');
    expect(validateReview({ rating: '4', opinion: 'ok' }).rating).toBe('Minimum rating is 1');
    expect(validateReview({ rating: 4, opinion: 'ok' })).toEqual({});
  });
  it('limits the opinion to 200 characters', () => {
    expect(validateReview({ rating: 5, opinion: 'x'.repeat(200) })).toEqual({});
    expect(validateReview({ rating: 5, opinion: 'x'.repeat(201) }).opinion).toBeDefined();
  });
});

describe('suggestion and profile', () => {
  it('needs both suggestion fields', () => {
    expect(isSuggestionComplete({ email: 'me', opinion: ' ' })).toBe(false);
    expect(isSuggestionComplete({ email: 'me', opinion: 'more drills' })).toBe(true);
  });
  it('needs all five profile fields', () => {
    const full = { email: 'a@b.co', location: 'X', phone: '1', education: 'Y', linkedIn: 'Z' };
    expect(isProfileComplete(full)).toBe(true);
    expect(isProfileComplete({ ...full, phone: '' })).toBe(false);
  });
});

it('formats whole dollars', () => {
  expect(formatDollars(1250)).toBe('$1,250');
});
