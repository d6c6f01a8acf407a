import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  IMAGE_LINK_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRICE_MAX,
  QUANTITY_MAX,
  RATING_MAX,
  RATING_MIN,
  REVIEW_OPINION_MAX_LENGTH,
  WEB_LINK_PATTERN,
} from './constants';
import { packSizeError, priceTiersError, quantityIssue } from './buying';
import { CatalogMessages, isToolCategory, skuError } from './catalog';
import { hasDotSegment } from './images';
import type { NewTool, ProfileFields, Suggestion } from './entities';
import { Messages, RuleMessages } from './messages';

/** Field name -> the spec's message for the first rule it breaks. Empty when valid. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Control, format (zero-width, bidi), private-use, unassigned and line/paragraph separators. */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;

/** The one form in which an email is stored and compared: NFKC, trimmed, lower case. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/**
 * The message for an unacceptable email, or undefined. Linear in the input's length: the length is
 * capped before the spec's pattern runs (its backtracking is quadratic on long inputs).
 */
export function validateEmail(email: unknown): string | undefined {
  if (isBlank(email)) return Messages.emailRequired;
  if (typeof email !== 'string') return Messages.emailInvalid;
  const trimmed = email.trim();
  if (trimmed.length > EMAIL_MAX_LENGTH) return RuleMessages.emailTooLong;
  if (INVISIBLE_OR_CONTROL.test(trimmed)) return RuleMessages.emailInvisibleCharacters;
  const normalized = normalizeEmail(trimmed);
  if (normalized.length > EMAIL_MAX_LENGTH) return RuleMessages.emailTooLong;
  return EMAIL_PATTERN.test(normalized) ? undefined : Messages.emailInvalid;
}

export const isEmailAddress = (email: unknown): email is string =>
  validateEmail(email) === undefined;

/**
 * Something a mail client or a reader would take for a link: a scheme (`http://`), `www.`, an email
 * address, or a host name (`evil.test`, `paypal.com/login`): a letter or digit, a dot, then two
 * letters. Initials with spaces ("J. R. Tolkien", "J.R.R. Tolkien") are no host name.
 */
const LINK_LIKE = /:\/\/|\bwww\.|@|[\p{L}\p{N}_-]\.\p{L}{2,}/iu;

/**
 * A display name (sign-up, rename, the name on an order): required, at most 60 characters, one
 * line of visible text, no link. It is shown to others and written into emails, so it must not be
 * able to carry a message of its own (a phishing text as the name of a sign-up).
 */
export function nameError(name: unknown): string | undefined {
  if (isBlank(name) || typeof name !== 'string') return Messages.nameRequired;
  const trimmed = name.trim();
  if (INVISIBLE_OR_CONTROL.test(trimmed)) return RuleMessages.nameControlCharacters;
  if (trimmed.length > NAME_MAX_LENGTH) return RuleMessages.nameTooLong;
  if (LINK_LIKE.test(trimmed.normalize('NFKC'))) return RuleMessages.nameNoLinks;
  return undefined;
}

export function validatePassword(password: unknown): string | undefined {
  if (isBlank(password)) return Messages.passwordRequired;
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH)
    return Messages.passwordTooShort;
  return undefined;
}

function collect<F extends string>(checks: Record<F, string | undefined>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(checks) as F[]) {
    if (checks[field]) errors[field] = checks[field];
  }
  return errors;
}

export function validateLogin(input: { email?: unknown; password?: unknown }) {
  return collect({ email: validateEmail(input.email), password: validatePassword(input.password) });
}

export function validateSignup(input: { name?: unknown; email?: unknown; password?: unknown }) {
  return collect({
    name: nameError(input.name),
    email: validateEmail(input.email),
    password: validatePassword(input.password),
  });
}

const isWholeNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The spec's message when not a whole number; the shop's bound (exact totals) after it. */
function boundedWholeNumberError(value: unknown, required: string, max: number, tooLarge: string) {
  if (!isWholeNumber(value)) return required;
  return value > max ? tooLarge : undefined;
}

/**
 * The price of a product: the spec's message when missing or negative, a precise one for cents
 * (49.99) and the shop's bound.
 */
export function priceError(price: unknown): string | undefined {
  if (
    typeof price === 'number' &&
    Number.isFinite(price) &&
    price >= 0 &&
    !Number.isInteger(price)
  ) {
    return RuleMessages.priceWholeDollars;
  }
  return boundedWholeNumberError(
    price,
    Messages.toolPriceRequired,
    PRICE_MAX,
    RuleMessages.priceTooLarge,
  );
}

/**
 * A review's rating: the spec's messages below 1 (or missing) and above 5; whole stars between
 * (3.5 is neither too low nor too high).
 */
export function ratingError(rating: unknown): string | undefined {
  if (typeof rating !== 'number' || Number.isNaN(rating) || rating < RATING_MIN) {
    return Messages.ratingTooLow;
  }
  if (rating > RATING_MAX) return Messages.ratingTooHigh;
  if (!Number.isInteger(rating)) return RuleMessages.ratingWholeStars;
  return undefined;
}

/**
 * Image links: a path on the API or an https URL. Which https hosts are allowed is the API's
 * configuration (`IMAGE_HOSTS`), so the API checks the host after this.
 */
export function imageLinkError(img: unknown): string | undefined {
  if (isBlank(img)) return Messages.toolImageRequired;
  if (typeof img !== 'string' || !IMAGE_LINK_PATTERN.test(img.trim()) || hasDotSegment(img)) {
    return RuleMessages.imageLinkInvalid;
  }
  return undefined;
}

/** A LinkedIn link must be a web link (the page would otherwise render `javascript:` as a link). */
export function linkedInError(link: unknown): string | undefined {
  if (typeof link !== 'string' || !WEB_LINK_PATTERN.test(link.trim())) {
    return RuleMessages.linkedInInvalid;
  }
  return undefined;
}

/**
 * Add-product form and POST /tools: every field required and numbers whole and not negative
 * (SPEC.md §5, whose messages come first); then the shop's own rules: the image is a web link, the
 * minimum order fits in the stock (reported at `available`), else no one could ever order it, and
 * the optional pack size and price tiers follow buying.ts.
 */
export function validateNewTool(input: Partial<Record<keyof NewTool, unknown>>) {
  const minOrderError = boundedWholeNumberError(
    input.minOrder,
    Messages.toolMinOrderRequired,
    QUANTITY_MAX,
    RuleMessages.quantityTooLarge,
  );
  let availableError = boundedWholeNumberError(
    input.available,
    Messages.toolAvailableRequired,
    QUANTITY_MAX,
    RuleMessages.quantityTooLarge,
  );
  if (
    !minOrderError &&
    !availableError &&
    (input.minOrder as number) > (input.available as number)
  ) {
    availableError = RuleMessages.minOrderAboveStock;
  }
  return collect<keyof NewTool>({
    name: isBlank(input.name) ? Messages.toolNameRequired : undefined,
    img: imageLinkError(input.img),
    shortDescription: isBlank(input.shortDescription)
      ? Messages.toolShortDescriptionRequired
      : undefined,
    minOrder: minOrderError,
    available: availableError,
    price: priceError(input.price),
    category:
      input.category === undefined || isToolCategory(input.category)
        ? undefined
        : CatalogMessages.category,
    lowStockThreshold:
      input.lowStockThreshold === undefined
        ? undefined
        : boundedWholeNumberError(
            input.lowStockThreshold,
            CatalogMessages.lowStockThreshold,
            QUANTITY_MAX,
            RuleMessages.quantityTooLarge,
          ),
    packSize: packSizeError(input.packSize, input.minOrder),
    priceTiers: priceTiersError(input.priceTiers, input.price),
    sku: skuError(input.sku),
  });
}

/** Order quantity: between the tool's minimum order and its stock, in whole packs (buying.ts). */
export function isValidQuantity(
  quantity: unknown,
  tool: { minOrder: number; available: number; packSize?: number },
): boolean {
  return quantityIssue(quantity, tool) === undefined;
}

export function validateReview(input: { rating?: unknown; opinion?: unknown }) {
  let opinionError: string | undefined;
  if (isBlank(input.opinion)) opinionError = Messages.opinionRequired;
  else if (typeof input.opinion !== 'string' || input.opinion.length > REVIEW_OPINION_MAX_LENGTH)
    opinionError = `The opinion is limited to ${REVIEW_OPINION_MAX_LENGTH} characters`;

  return collect({ rating: ratingError(input.rating), opinion: opinionError });
}

export function isSuggestionComplete(input: Partial<Suggestion>): boolean {
  return !isBlank(input.email) && !isBlank(input.opinion);
}

export const PROFILE_FIELDS = ['email', 'location', 'phone', 'education', 'linkedIn'] as const;

/** A profile update is sent only when all five fields are filled (SPEC.md §5). */
export function isProfileComplete(input: Partial<ProfileFields>): input is Required<ProfileFields> {
  return PROFILE_FIELDS.every((field) => !isBlank(input[field]));
}
