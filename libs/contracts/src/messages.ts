import { RETURN_WINDOW_DAYS } from './constants';

/** Every user-facing text of SPEC.md §5 and §8, word for word. One source for the API and the forms. */
export const Messages = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a valid Email',
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Must be 6 characters or longer',
  nameRequired: 'Name is Required',

  toolNameRequired: 'Name is Required',
  toolImageRequired: 'Image link is Required',
  toolShortDescriptionRequired: 'shortDescription is Required',
  toolMinOrderRequired: 'Minimum Order is Required',
  toolAvailableRequired: 'Available is Required',
  toolPriceRequired: 'price is Required',

  invalidQuantity: 'enter valid quantity',

  ratingTooHigh: 'Maximum Rating is 5',
  ratingTooLow: 'Minimum rating is 1',
  opinionRequired: 'Please give short opinion',

  suggestionDialogTitle: 'Oops...',
  suggestionIncomplete: 'Please fill out the form first',

  onlyAdmin: 'failed! only admin can do this',
  addProductFailed: 'Failed to add the Product',

  suggestionAdded: 'suggestion added.You are awesome !',
  ordered: 'successfully ordered',
  reviewAdded: 'Added Review Successfully',
  profileUpdated: 'successfully updated',
  adminAssigned: 'Admin assigned successfully',
  productAdded: 'Product added successfully',
  productDeleted: 'Product deleted',
  approvedForShipping: 'Approved for shipping',
  orderCanceled: 'canceled order',
  paymentCompleted: 'Congrats! Your payment is completed.',

  notFoundTitle: 'Oops 404 Not Found!',
  notFoundText: 'Maybe You mistyped of entered wrong url',
  notFoundButton: 'Return to home',
  notFoundHero: "Page Doesn't Exist",
} as const;

export type MessageKey = keyof typeof Messages;

/** Texts of the shop's own rules, which SPEC.md leaves out (the API and the forms share them). */
export const RuleMessages = {
  minOrderAboveStock: 'The minimum order cannot be larger than the available stock',
  imageLinkInvalid:
    'The image link must be a web link or a path on the shop such as /images/drill.webp',
  imageHostNotAllowed: 'Images from this host are not allowed',
  linkedInInvalid: 'The LinkedIn link must be an http(s) URL',
  emailTooLong: 'An email address has at most 254 characters',
  emailInvisibleCharacters: 'The email contains invisible or control characters',
  quantityTooLarge: 'At most 1,000,000 at a time',
  priceTooLarge: 'The price can be at most $1,000,000',
  /** A price with cents (49.99): the shop's prices are whole dollars. */
  priceWholeDollars: 'The price must be whole dollars',
  /** A rating between 1 and 5 that is not whole (3.5). */
  ratingWholeStars: 'Give whole stars from 1 to 5',
  tooManyUnpaidOrders:
    'You have too many unpaid orders. Pay or cancel one in My Orders before ordering more.',
  adminNeedsVerifiedEmail: 'Verify your email address to use admin rights',
  nameTooLong: 'A name has at most 60 characters',
  nameControlCharacters: 'A name cannot contain line breaks, control or invisible characters',
  nameNoLinks: 'A name cannot contain a link, a web address or an email address',
} as const;

/**
 * Texts of signing up and of passwords, shared by the identity provider and the account pages.
 * Sign-up and reset answer the same whether or not the address has an account (account safety).
 */
export const IdentityMessages = {
  passwordBreached:
    'This password is on a list of common or leaked passwords, so it would be guessed quickly. Choose another, for example three or four unrelated words.',
  signupCheckInbox:
    'Check your inbox: we sent you an email. Open the link in it to finish signing up.',
  passwordResetSent:
    'If an account uses this email address, we sent it a link to choose a new password. The link works once, within one hour.',
  passwordResetDone:
    'Your password was changed and every session was signed out. Sign in with your new password.',
  passwordResetLinkInvalid:
    'This password reset link is invalid, was already used or has expired. Ask for a new one.',
  passwordChanged: 'Your password was changed. Your other sessions were signed out.',
  currentPasswordWrong: 'The current password is not right.',
  passwordTooWeak:
    'This password is too easy to guess (a word, a name, a pattern or a repeat). Make it longer, for example three or four unrelated words.',
} as const;

/** What the API answers when a request cannot be served; the UI shows these as they are. */

export const ApiMessages = {
  invalidId: 'Invalid id',
  signInFirst: 'Please sign in first',
  sessionInvalid: 'Your session is invalid or has expired. Please sign in again.',
  tokenWithoutEmail: 'Your sign-in has no email address. Please sign in again.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  notYourRecords: 'You can only access your own records',
  notYourProfile: 'You can only change your own profile',
  emailMustBeYours: 'The email must be your own',
  profileIncomplete: 'Fill in all five fields: email, location, phone, education and linkedIn',
  userNotFound: 'No user with this email has signed in yet',
  toolNotFound: 'This product does not exist (any more)',
  toolChangedMeanwhile:
    'This product was changed by someone else meanwhile: reload it and try again',
  orderNotFound: 'This order does not exist (any more)',
  paidOrderNotCancelable: 'A paid order cannot be canceled',
  orderChangedWhileCanceling: 'This order changed while it was being canceled; please try again',
  onlyPaidOrdersShip: 'Only a paid order can be approved for shipping',
  noPaymentToRefund: 'This order has no card payment to refund',
  returnWindowClosed: `Returns are accepted within ${RETURN_WINDOW_DAYS} days of delivery`,
  rejectionNeedsReason: 'Say why the return is refused: the customer reads it',
  refundInProgress: 'A refund of this order is being made right now; reload in a moment',
  imageNotFound: 'No such image',
  databaseUnreachable: 'The database is unreachable',
  serviceUnavailable: 'The shop is briefly unavailable. Please try again in a moment.',
  internalError: 'Something went wrong on our side. Please try again.',
  bodyTooDeep: 'The request body is nested too deeply',
  badPreflight: 'A CORS preflight needs the Origin and Access-Control-Request-Method headers',
  reviewNotFound: 'This review does not exist (any more)',
  hiddenMustBeBoolean: 'hidden must be true or false',
} as const;

/** The trust and audit pages' texts. */
export const TrustMessages = {
  verifiedBuyer: 'Verified buyer',
  hidden: 'Hidden',
  hide: 'Hide',
  unhide: 'Unhide',
  reviewHidden: 'Review hidden',
  reviewShown: 'Review shown again',
  hiddenNote: 'Hidden by an admin: only you see it',
  noReviews: 'No reviews yet',
  noAuditEntries: 'No admin actions recorded yet',
} as const;

/** The card payment steps' answers. */
export const PaymentMessages = {
  orderNotFound: 'Order not found',
  alreadyPaid: 'This order is already paid',
  processing: 'A payment for this order is being processed',
  amountOutOfRange: 'This order total cannot be paid by card',
  noIntent: 'No payment was started for this order',
  foreignIntent: 'This payment does not belong to this order',
  notSucceeded: 'The payment has not succeeded',
  mismatch: 'The payment does not match this order',
  paidBeforeCancel: 'This order has already been paid',
  paymentNotFound: 'No such payment',
  webhooksOff: 'Webhooks are not configured',
  webhookUnsigned: 'Missing Stripe signature or body',
  webhookSignatureInvalid: 'Invalid Stripe signature',
} as const;

/** The order forms' words for a delivery field left blank (the tool's order form and Quick Order). */
export const DeliveryMessages = {
  address: 'Please enter a delivery address',
  phone: 'Please enter a phone number',
} as const;

/** The API's answers to malformed input that SPEC.md gives no words for. */
export const InputMessages = {
  atMost: (characters: number) => `At most ${characters} characters`,
  chooseProduct: 'Choose a product to order',
  addressRequired: 'Address is Required',
  phoneRequired: 'Phone is Required',
  orderState:
    'state must be one of awaiting_approval, unpaid, on_account, paid, shipped, delivered, return_requested, return_approved, return_received, refunded, cancelled, expired, declined, returns',
  carrierText: 'The carrier must be text',
  trackingNumberFormat: 'The tracking number may hold letters, digits, spaces and - _ . / # only',
  statsDays: 'days must be a whole number from 1 to 366',
  pageLimit: 'limit must be a whole number from 1 to 200',
  pageNumber: 'page must be a whole number of at least 1',
  opinionTooLong: (characters: number) => `The opinion is limited to ${characters} characters`,
} as const;
