/**
 * The mail to an address nobody has proven yet: no text anyone could choose (not the name, not
 * the address typed), so a sign-up cannot make the shop send someone else a message (issue 28).
 */
export function verificationMail(email: string, link: string) {
  return {
    to: email,
    subject: 'Verify your Toolshop email address',
    text: `Hello,

please confirm that this is your email address by opening this link within 24 hours:

${link}

If you did not sign up at Toolshop, ignore this mail.
`,
  };
}

/** The link that finishes a sign-up; no user-chosen text (the address is not proven yet). */
export function signupMail(email: string, link: string) {
  return {
    to: email,
    subject: 'Finish signing up at Toolshop',
    text: `Hello,

someone, hopefully you, asked to open a Toolshop account for this email address. Open this link
within 24 hours to finish signing up; it signs you in:

${link}

If you did not sign up at Toolshop, ignore this mail: no account is made without the link.
`,
  };
}

/** To the owner of an existing account when someone signs up with its address (issue 28, item 4). */
export function alreadyRegisteredMail(email: string, signInUrl: string) {
  return {
    to: email,
    subject: 'Someone tried to sign up at Toolshop with your email address',
    text: `Hello,

someone just tried to open a new Toolshop account with this email address, which already has one.
Nothing was changed.

If it was you: sign in at ${signInUrl} with your password, or choose "Forgot password?" there
to set a new one. If it was not you, ignore this mail.
`,
  };
}

/** The reset link (to the shop's page, the token in the fragment: never sent to a server's log). */
export function resetMail(email: string, link: string) {
  return {
    to: email,
    subject: 'Choose a new Toolshop password',
    text: `Hello,

someone, hopefully you, asked to choose a new password for the Toolshop account of this email
address. Open this link within one hour to choose it; it works once:

${link}

If you did not ask, ignore this mail: your password stays as it is.
`,
  };
}

/** The same request for an address without an account: the same work, a mail that says so. */
export function noAccountMail(email: string, signUpUrl: string) {
  return {
    to: email,
    subject: 'Choose a new Toolshop password',
    text: `Hello,

someone asked to reset the Toolshop password of this email address, but no Toolshop account uses
it. If it was you, you may have signed up with another address, or you can sign up at ${signUpUrl}.
If you did not ask, ignore this mail.
`,
  };
}

/** Tells the owner the password changed (after a reset or a change in the profile). */
export function passwordChangedMail(email: string, loginUrl: string) {
  return {
    to: email,
    subject: 'Your Toolshop password was changed',
    text: `Hello,

the password of your Toolshop account was just changed, and every session of the account was
signed out.

If that was not you, choose a new password at once with "Forgot password?" at ${loginUrl}.
`,
  };
}
