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
  tooManyUnpaidOrders:
    'You have too many unpaid orders. Pay or cancel one in My Orders before ordering more.',
  adminNeedsVerifiedEmail: 'Verify your email address to use admin rights',
} as const;
