// Company accounts: a user in at most one company (a unique membership per email, even when two
// requests race), owners invite by a single-use emailed link (only its hash stored), set roles and
// monthly limits, and never lose the last owner; another company answers as a missing one.
import { CompanyMessages, MONTHLY_LIMIT_MAX } from '@toolshop/contracts';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { startSmtpCatcher, type SmtpCatcher } from './support/smtp-catcher';
import { TestApi } from './support/test-api';

let smtp: SmtpCatcher;
let api: TestApi;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  api = await TestApi.start({
    SMTP_URL: smtp.url,
    OUTBOX_POLL_MS: '200',
    SHOP_URL: 'https://shop.example',
  });
});
afterAll(async () => {
  await api.stop();
  await smtp.close();
});

let seq = 0;
/** A user of their own per call: membership is once per user. */
const freshUser = (label = 'user') => {
  const email = `${label}-${++seq}@company.test`;
  return { email, token: api.issuer.token({ email, name: label }) };
};
const create = (token: string, body: unknown) => api.request('POST', '/companies', { token, body });
const mine = (token: string) => api.request('GET', '/companies/mine', { token });
const invite = (token: string, id: string, body: unknown) =>
  api.request('POST', `/companies/${id}/invitations`, { token, body });
const accept = (token: string, invitation: string) =>
  api.request('POST', `/invitations/${invitation}/accept`, { token });
const change = (token: string, id: string, email: string, body: unknown) =>
  api.request('PATCH', `/companies/${id}/members/${email}`, { token, body });
const remove = (token: string, id: string, email: string) =>
  api.request('DELETE', `/companies/${id}/members/${email}`, { token });

async function companyOf(owner = freshUser('owner'), name = 'Baker Joinery') {
  const created = await create(owner.token, { name });
  expect(created.status).toBe(201);
  return { owner, id: created.body.insertedId as string };
}

/** Invites `email` and answers the token of the link the caught email carries. */
async function invitedToken(ownerToken: string, id: string, email: string, role = 'buyer') {
  const answer = await invite(ownerToken, id, { email, role });
  expect(answer.status).toBe(201);
  const [mail] = await smtp.waitFor((mails) => mails.some((m) => m.to.includes(email)));
  const caught = smtp.mails.find((m) => m.to.includes(email))!;
  expect(mail).toBeDefined();
  const token = /\/dashboard\/company\/join\?token=([A-Za-z0-9_-]{43})/.exec(caught.text)?.[1];
  expect(token).toBeDefined();
  return token!;
}

async function memberOf(owner: { token: string }, id: string, role = 'buyer') {
  const member = freshUser(role);
  const token = await invitedToken(owner.token, id, member.email, role);
  expect((await accept(member.token, token)).status).toBe(200);
  return member;
}

describe('/companies', () => {
  it('creates a company whose creator is its owner, trimmed, and answers it as mine', async () => {
    const owner = freshUser('owner');
    // No company yet: nothing to answer (204), not an error.
    const none = await mine(owner.token);
    expect(none.status).toBe(204);
    expect(none.body).toBeUndefined();
    const created = await create(owner.token, {
      name: '  Baker & Sons Joinery ',
      taxId: ' GB 123 456 789 ',
      billingAddress: ' 1 Saw Lane\nLeeds ',
      deliveryAddress: '',
    });
    expect(created.status).toBe(201);
    expect(created.body.insertedId).toMatch(/^[0-9a-f]{24}$/);
    const answer = await mine(owner.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      _id: created.body.insertedId,
      name: 'Baker & Sons Joinery',
      taxId: 'GB 123 456 789',
      billingAddress: '1 Saw Lane\nLeeds',
      role: 'owner',
      members: [{ email: owner.email, role: 'owner', joinedAt: expect.any(String) }],
      invitations: [],
      // The defaults: limits reset in UTC, only orders over a limit wait, PO numbers optional.
      timeZone: 'UTC',
      approvalFor: 'overLimit',
      purchaseOrderRequired: false,
    });
  });

  it('refuses a second company for the same user, even when both are created at once', async () => {
    const { owner } = await companyOf();
    const again = await create(owner.token, { name: 'Second' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CompanyMessages.alreadyMember);

    const racer = freshUser('racer');
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => create(racer.token, { name: `Race ${i}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await api.db.collection('company_members').countDocuments({ email: racer.email })).toBe(
      1,
    );
    // The losers leave no company behind.
    expect(await api.db.collection('companies').countDocuments({ createdBy: racer.email })).toBe(1);
    expect((await mine(racer.token)).body._id).toBe(
      answers.find((a) => a.status === 201)!.body.insertedId,
    );
  });

  it('validates every field with a 400 and a clear message', async () => {
    const user = freshUser();
    for (const [body, message] of [
      [{}, CompanyMessages.nameRequired],
      [{ name: '   ' }, CompanyMessages.nameRequired],
      [{ name: 42 }, CompanyMessages.nameRequired],
      [{ name: 'x'.repeat(121) }, CompanyMessages.nameTooLong],
      [{ name: 'Bad\u0000Co' }, CompanyMessages.nameControlCharacters],
      [{ name: 'Two\nlines' }, CompanyMessages.nameControlCharacters],
      [{ name: 'Co', taxId: 'GB<1>' }, 'A tax ID holds letters and digits'],
      [{ name: 'Co', taxId: 7 }, 'Must be text'],
      [{ name: 'Co', billingAddress: 'x'.repeat(301) }, CompanyMessages.addressTooLong],
      [{ name: 'Co', deliveryAddress: 'a\u0000b' }, CompanyMessages.addressControlCharacters],
      [{ name: 'Co', deliveryAddress: ['1 Lane'] }, CompanyMessages.notText],
      [{ name: 'Co', owner: 'someone@else.test' }, 'property owner should not exist'],
    ] as const) {
      const answer = await create(user.token, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect((await mine(user.token)).status).toBe(204);
  });

  it('invites by a single-use emailed link; the invitee joins with the role; both see the members', async () => {
    const { owner, id } = await companyOf(undefined, 'Mail & Co');
    const buyer = freshUser('buyer');
    const answer = await invite(owner.token, id, {
      email: ` ${buyer.email.toUpperCase()} `,
      role: 'buyer',
    });
    expect(answer.status).toBe(201);
    const mail = await smtp
      .waitFor((mails) => mails.some((m) => m.to.includes(buyer.email)))
      .then((mails) => mails.find((m) => m.to.includes(buyer.email))!);
    expect(mail.subject).toBe('Join Mail & Co on Toolshop');
    const token = /company\/join\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect(mail.text).toContain(`https://shop.example/dashboard/company/join?token=${token}`);
    expect(mail.html).toContain(`https://shop.example/dashboard/company/join?token=${token}`);
    expect(mail.html).toContain('Mail &#38; Co');
    // Only the token's hash is stored.
    const stored = await api.db.collection('company_invitations').findOne({ email: buyer.email });
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const pending = (await mine(owner.token)).body.invitations;
    expect(pending).toEqual([
      {
        _id: answer.body.insertedId,
        email: buyer.email,
        role: 'buyer',
        expiresAt: expect.any(String),
      },
    ]);
    const days = (Date.parse(pending[0].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // Someone else holding the link gets nothing.
    const stranger = freshUser('stranger');
    const wrong = await accept(stranger.token, token);
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe(CompanyMessages.invitationNotFound);
    expect((await accept(buyer.token, 'x'.repeat(43))).status).toBe(404);
    expect((await accept(buyer.token, 'short')).status).toBe(404);

    const joined = await accept(buyer.token, token);
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ companyId: id, companyName: 'Mail & Co', role: 'buyer' });
    const again = await accept(buyer.token, token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CompanyMessages.invitationUsed);

    const members = [
      { email: owner.email, role: 'owner', joinedAt: expect.any(String) },
      { email: buyer.email, role: 'buyer', joinedAt: expect.any(String) },
    ];
    const asOwner = (await mine(owner.token)).body;
    expect(asOwner.members).toEqual(members);
    expect(asOwner.invitations).toEqual([]);
    const asBuyer = (await mine(buyer.token)).body;
    expect(asBuyer).toMatchObject({ _id: id, role: 'buyer', members });
    // Invitations are the owners' business.
    expect(asBuyer.invitations).toBeUndefined();
  });

  it('refuses an expired invitation with a 409', async () => {
    const { owner, id } = await companyOf();
    const late = freshUser('late');
    const token = await invitedToken(owner.token, id, late.email);
    await api.db
      .collection('company_invitations')
      .updateOne({ email: late.email }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const answer = await accept(late.token, token);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('This invitation has expired');
    expect((await mine(late.token)).status).toBe(204);
  });

  it('joins once when the same invitation is accepted twice at once', async () => {
    const { owner, id } = await companyOf();
    const buyer = freshUser('twice');
    const token = await invitedToken(owner.token, id, buyer.email);
    const answers = await Promise.all([accept(buyer.token, token), accept(buyer.token, token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await api.db.collection('company_members').countDocuments({ email: buyer.email })).toBe(
      1,
    );
  });

  it('keeps a member of another company out, and their invitation usable', async () => {
    const first = await companyOf();
    const second = await companyOf();
    const token = await invitedToken(first.owner.token, first.id, second.owner.email);
    const answer = await accept(second.owner.token, token);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(CompanyMessages.alreadyMember);
    expect((await mine(first.owner.token)).body.invitations).toHaveLength(1);
    // Inviting a member of one's own company is refused at once.
    const buyer = await memberOf(first.owner, first.id);
    const twice = await invite(first.owner.token, first.id, {
      email: buyer.email,
      role: 'approver',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CompanyMessages.inviteeIsMember);
  });

  it('validates invitations', async () => {
    const { owner, id } = await companyOf();
    for (const [body, message] of [
      [{ email: 'nobody', role: 'buyer' }, 'email'],
      [{ role: 'buyer' }, 'email'],
      [{ email: 'a@b.test', role: 'boss' }, CompanyMessages.roleInvalid],
      [{ email: 'a@b.test' }, CompanyMessages.roleInvalid],
    ] as const) {
      const answer = await invite(owner.token, id, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message.toLowerCase()).toContain(message.toLowerCase());
    }
    expect(
      (await invite(owner.token, 'not-an-id', { email: 'a@b.test', role: 'buyer' })).status,
    ).toBe(400);
  });

  it('lets owners change roles and monthly limits, and remove members, never the last owner', async () => {
    const { owner, id } = await companyOf();
    const buyer = await memberOf(owner, id);
    expect((await change(owner.token, id, buyer.email, { monthlyLimit: 500 })).body).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
    });
    expect(
      (await change(owner.token, id, buyer.email.toUpperCase(), { role: 'approver' })).status,
    ).toBe(200);
    expect((await mine(buyer.token)).body.members[1]).toEqual({
      email: buyer.email,
      role: 'approver',
      monthlyLimit: 500,
      joinedAt: expect.any(String),
    });
    expect((await change(owner.token, id, buyer.email, { monthlyLimit: null })).status).toBe(200);
    expect((await mine(buyer.token)).body.members[1].monthlyLimit).toBeUndefined();
    expect((await change(owner.token, id, buyer.email, { monthlyLimit: 0 })).status).toBe(200);
    expect((await mine(buyer.token)).body.members[1].monthlyLimit).toBe(0);

    for (const body of [
      { monthlyLimit: -1 },
      { monthlyLimit: 1.5 },
      { monthlyLimit: '10' },
      { monthlyLimit: MONTHLY_LIMIT_MAX + 1 },
      { role: 'boss' },
      {},
    ]) {
      const answer = await change(owner.token, id, buyer.email, body);
      expect(answer.status).toBe(400);
    }
    expect((await change(owner.token, id, 'not an email', { role: 'buyer' })).status).toBe(400);
    const missing = await change(owner.token, id, 'nobody@company.test', { role: 'buyer' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(CompanyMessages.memberNotFound);

    // The last owner stays.
    const demote = await change(owner.token, id, owner.email, { role: 'buyer' });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(CompanyMessages.lastOwner);
    expect((await remove(owner.token, id, owner.email)).status).toBe(409);
    // With a second owner, the first may step down.
    expect((await change(owner.token, id, buyer.email, { role: 'owner' })).status).toBe(200);
    expect((await change(owner.token, id, owner.email, { role: 'buyer' })).status).toBe(200);
    // Now the first is a buyer: owner-only routes refuse them.
    const refused = await remove(owner.token, id, buyer.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CompanyMessages.ownersOnly);
    expect((await remove(buyer.token, id, owner.email)).body).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect((await mine(owner.token)).status).toBe(204);
    expect((await mine(buyer.token)).body.members).toEqual([
      expect.objectContaining({ email: buyer.email, role: 'owner' }),
    ]);
    // A removed member may start or join another company.
    expect((await create(owner.token, { name: 'Fresh start' })).status).toBe(201);
  });

  it('never loses the last owner when two owners demote each other at once', async () => {
    const { owner, id } = await companyOf();
    const second = await memberOf(owner, id, 'owner');
    const answers = await Promise.all([
      change(owner.token, id, second.email, { role: 'buyer' }),
      change(second.token, id, owner.email, { role: 'buyer' }),
    ]);
    const owners = (await mine(owner.token)).body.members.filter(
      (m: { role: string }) => m.role === 'owner',
    );
    expect(owners).toHaveLength(1);
    // The second to run finds either itself demoted (403) or the other the last owner (409).
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
  });

  it('answers another company’s id as a missing one, to members and plain customers alike', async () => {
    const { owner, id } = await companyOf();
    const buyer = await memberOf(owner, id);
    const other = await companyOf();
    const plain = freshUser('plain');
    for (const token of [other.owner.token, plain.token, api.tokens.admin]) {
      for (const answer of [
        await invite(token, id, { email: 'x@company.test', role: 'buyer' }),
        await change(token, id, buyer.email, { role: 'owner' }),
        await remove(token, id, buyer.email),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body.message).toBe(CompanyMessages.companyNotFound);
      }
    }
    expect(
      (
        await invite(owner.token, String(new Types.ObjectId()), {
          email: 'x@c.test',
          role: 'buyer',
        })
      ).status,
    ).toBe(404);
    expect((await mine(buyer.token)).body.members).toHaveLength(2);
  });

  it('lets admins read any company, and nobody else', async () => {
    const { owner, id } = await companyOf(undefined, 'Read Me Ltd');
    const read = await api.request('GET', `/companies/${id}`, { token: api.tokens.admin });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ _id: id, name: 'Read Me Ltd', invitations: [] });
    expect(read.body.role).toBeUndefined();
    expect((await api.request('GET', `/companies/${id}`, { token: owner.token })).status).toBe(403);
    const unknown = await api.request('GET', `/companies/${String(new Types.ObjectId())}`, {
      token: api.tokens.admin,
    });
    expect(unknown.status).toBe(404);
  });

  it('needs a signed-in caller', async () => {
    expect((await api.request('GET', '/companies/mine')).status).toBe(401);
    expect((await api.request('POST', '/companies', { body: { name: 'A' } })).status).toBe(401);
    expect((await api.request('POST', `/invitations/${'a'.repeat(43)}/accept`)).status).toBe(401);
  });
});
