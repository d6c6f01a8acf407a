import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SELLER } from '@toolshop/contracts';
import { accountMails } from '../src/mail/account-mails.ts';

const shop = 'https://shop.example';
const mails = accountMails(shop);

describe('the account mails', () => {
  const all = [
    mails.verificationMail('zoe@example.com', 'https://id.example/accounts/verify?token=abc'),
    mails.signupMail('zoe@example.com', 'https://id.example/accounts/verify?token=abc'),
    mails.alreadyRegisteredMail('zoe@example.com', `${shop}/login`),
    mails.resetMail('zoe@example.com', `${shop}/reset-password#token=abc`),
    mails.noAccountMail('zoe@example.com', `${shop}/signup`),
    mails.passwordChangedMail('zoe@example.com', `${shop}/login`),
  ];

  it('each have a plain-text and an HTML part in the shop layout, with the shop address', () => {
    for (const mail of all) {
      assert.equal(mail.to, 'zoe@example.com');
      assert.match(mail.html ?? '', /^<!doctype html>/);
      assert.match(mail.html ?? '', />Toolshop<\/span>/);
      for (const line of SELLER.addressLines) {
        assert.ok(mail.text.includes(line), `${mail.subject}: text footer`);
        assert.ok(mail.html?.includes(line), `${mail.subject}: HTML footer`);
      }
    }
  });

  it('put their link in a button and in the text part', () => {
    const [verification, , , reset] = all;
    assert.ok(
      verification!.text.includes(
        'Verify your email address: https://id.example/accounts/verify?token=abc',
      ),
    );
    assert.match(
      verification!.html!,
      /<a href="https:\/\/id\.example\/accounts\/verify\?token=abc"[^>]*>Verify your email address<\/a>/,
    );
    assert.ok(reset!.text.includes(`Choose a new password: ${shop}/reset-password#token=abc`));
  });

  it('carry no text the sign-up chose: the address is not proven yet', () => {
    for (const mail of all) {
      assert.ok(!mail.text.includes('zoe'), mail.subject);
      assert.ok(!mail.html!.includes('zoe'), mail.subject);
    }
  });
});
