import assert from 'node:assert/strict';
import { connect, createServer } from 'node:net';
import { after, before, test } from 'node:test';
import { startMailCatcher } from '../src/mail.mjs';
import { stopAll } from '../src/processes.mjs';

/** A minimal SMTP client: what the identity provider and the API do through SMTP_URL. */
async function sendMail(smtpUrl, { from, to, subject, text }) {
  const { hostname, port } = new URL(smtpUrl);
  const socket = connect(Number(port), hostname);
  socket.setEncoding('utf8');
  let buffer = '';
  const waiters = [];
  socket.on('data', (chunk) => {
    buffer += chunk;
    // A reply is complete at a line "NNN text" (not "NNN-text").
    const match = /(^|\r\n)(\d{3}) [^\r\n]*\r\n$/.exec(buffer);
    if (match && waiters.length) {
      const reply = buffer;
      buffer = '';
      waiters.shift()(reply);
    }
  });
  const reply = () => new Promise((resolve) => waiters.push(resolve));
  const say = async (line, expected) => {
    const answer = reply();
    socket.write(`${line}\r\n`);
    const text = await answer;
    assert.match(text, new RegExp(`^${expected}`, 'm'), `${line} -> ${text}`);
  };
  assert.match(await reply(), /^220/);
  await say('EHLO test.local', '250');
  await say(`MAIL FROM:<${from}>`, '250');
  await say(`RCPT TO:<${to}>`, '250');
  await say('DATA', '354');
  await say(`From: ${from}\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\n${text}\r\n.`, '250');
  await say('QUIT', '221');
  socket.end();
}

/** A port nothing listens on right now (the OS picks it). */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let catcher;

before(async () => {
  catcher = await startMailCatcher({
    smtpPort: await freePort(),
    webPort: await freePort(),
    quiet: true,
  });
});
after(() => stopAll());

test('the mail catcher keeps what is sent to its SMTP port and shows it through its HTTP API', async () => {
  const to = `someone-${Date.now()}@e2e.test`;
  await sendMail(catcher.smtpUrl, {
    from: 'no-reply@toolshop.test',
    to,
    subject: 'Confirm your email',
    text: 'Open http://localhost:4000/accounts/verify?token=abc to confirm.',
  });
  const list = await (await fetch(`${catcher.inbox}/api/v1/messages`)).json();
  const message = list.messages.find((m) => m.To.some((r) => r.Address === to));
  assert.ok(message, JSON.stringify(list));
  assert.equal(message.Subject, 'Confirm your email');
  const full = await (await fetch(`${catcher.inbox}/api/v1/message/${message.ID}`)).json();
  assert.match(full.Text, /verify\?token=abc/);
  assert.equal((await fetch(`${catcher.inbox}/`)).status, 200, 'the web inbox');
  assert.equal(
    (await fetch(`${catcher.inbox}/dist/app.js`)).status,
    200,
    "the web inbox's script is built in",
  );
});
