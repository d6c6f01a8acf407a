// A minimal SMTP server for the API's tests: enough of the protocol for nodemailer. It keeps each
// message raw and decoded (subject, plain-text and HTML parts), and can refuse the next messages
// with a temporary error (451) to exercise the outbox's retries.
import { createServer, type Server } from 'node:net';

export interface CaughtMail {
  raw: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCatcher {
  server: Server;
  port: number;
  url: string;
  /** Raw messages, as the SMTP conversation delivered them. */
  messages: string[];
  /** The same, decoded. */
  mails: CaughtMail[];
  /** How many of the next messages to refuse with "451" (counts down). */
  refuse: number;
  /** Messages refused so far. */
  refused: number;
  /** Resolves once `predicate` holds for the caught mails (polls every 25 ms), or rejects after `timeoutMs`. */
  waitFor(predicate: (mails: CaughtMail[]) => boolean, timeoutMs?: number): Promise<CaughtMail[]>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (/base64/i.test(encoding ?? ''))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding ?? '')) return decodeQuotedPrintable(body);
  return body;
}

/** Headers (unfolded, lower-case names) and body of one MIME entity. */
function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const end = entity.indexOf('\n\n');
  const head = (end < 0 ? entity : entity.slice(0, end)).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end < 0 ? '' : entity.slice(end + 2) };
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / ?B?) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

export function parseMail(raw: string): CaughtMail {
  const { headers, body } = splitEntity(raw);
  const mail: CaughtMail = {
    raw,
    to: (headers.get('to') ?? '')
      .split(',')
      .map((address) => address.replace(/.*</, '').replace(/>.*/, '').trim()),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: '',
    html: '',
  };
  const visit = (entityHeaders: Map<string, string>, entityBody: string) => {
    const type = entityHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const part of entityBody.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const inner = splitEntity(part.replace(/^\n/, ''));
        visit(inner.headers, inner.body);
      }
      return;
    }
    const decoded = decodeBody(entityBody, entityHeaders.get('content-transfer-encoding'));
    if (/text\/html/i.test(type)) mail.html = decoded;
    else if (/text\/plain/i.test(type)) mail.text = decoded;
  };
  visit(headers, body);
  return mail;
}

export function startSmtpCatcher(): Promise<SmtpCatcher> {
  const catcher = {
    messages: [] as string[],
    mails: [] as CaughtMail[],
    refuse: 0,
    refused: 0,
  } as SmtpCatcher;
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let data: string | undefined;
    let buffer = '';
    socket.write('220 catcher ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            if (catcher.refuse > 0) {
              catcher.refuse--;
              catcher.refused++;
              socket.write('451 4.3.0 try again later\r\n');
            } else {
              catcher.messages.push(data);
              catcher.mails.push(parseMail(data));
              socket.write('250 queued\r\n');
            }
            data = undefined;
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 catcher\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  catcher.server = server;
  catcher.waitFor = async (predicate, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(catcher.mails)) {
      if (Date.now() > deadline)
        throw new Error(`the expected mail did not arrive within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return catcher.mails;
  };
  catcher.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      catcher.port = (server.address() as { port: number }).port;
      catcher.url = `smtp://127.0.0.1:${catcher.port}`;
      resolve(catcher);
    }),
  );
}
