import {
  ApiMessages,
  ImageMessages,
  IMAGE_UPLOAD_MAX_BYTES,
  Messages,
  RuleMessages,
} from '@toolshop/contracts';
import { request as httpRequest } from 'node:http';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { ROUTE_BODY_LIMITS } from '../src/common/route-body-limits';
import { TestApi } from './support/test-api';

/** Uploads (POST /images) and the variants' links (GET /images/{id}/{width}.webp), on FerretDB. */
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ PUBLIC_URL: 'http://shop.test:5000' });
});
afterAll(() => api.stop());

const IMMUTABLE = 'public, max-age=31536000, immutable';

function upload(body: Uint8Array | string, contentType = 'image/jpeg', token = api.tokens.admin) {
  return fetch(`${api.url}/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

/** A JPEG taken sideways (EXIF orientation 6) by a camera that writes its owner and place. */
async function cameraJpeg() {
  return solid(2000, 1000)
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Artist: 'Secret Person' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A tiny PNG whose header claims `width` × `height` pixels (a decompression bomb's shape). */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(await solid(8, 8).png().toBuffer());
  // IHDR: length (4) + "IHDR" (4) after the 8-byte signature; width and height follow.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * POSTs `total` bytes as an admin's upload, in chunks, with or without a Content-Length. The API
 * may answer (and close) before all is sent: writing then stops, and a write error after the
 * answer is not a failure.
 */
function postBytes(total: number, declare: boolean) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(api.url);
    let answered = false;
    const request = httpRequest(
      {
        hostname,
        port,
        path: '/images',
        method: 'POST',
        headers: {
          authorization: `Bearer ${api.tokens.admin}`,
          'content-type': 'image/jpeg',
          ...(declare ? { 'content-length': String(total) } : {}),
        },
      },
      (response) => {
        answered = true;
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(256 * 1024, 0xff);
    let sent = 0;
    const pump = () => {
      while (sent < total && !answered && !request.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!request.write(part)) return void request.once('drain', pump);
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
}

/**
 * Starts a POST (or `method`) that declares `declared` bytes, sends the first 64 KB and never the
 * rest: answers the status, the message and how long the answer and the connection's close took.
 */
function unfinishedPost(
  path: string,
  authorization: string,
  contentType: string,
  declared: number,
  method = 'POST',
) {
  return new Promise<{ status: number; message: string; answeredMs: number; closedMs: number }>(
    (resolve, reject) => {
      const { hostname, port } = new URL(api.url);
      const started = Date.now();
      const request = httpRequest({
        hostname,
        port,
        path,
        method,
        headers: { authorization, 'content-type': contentType, 'content-length': String(declared) },
      });
      const giveUp = setTimeout(() => {
        request.destroy();
        reject(new Error(`no answer and no close within 3 s on ${path}`));
      }, 3000);
      request.on('error', () => undefined);
      request.on('response', (response) => {
        const answeredMs = Date.now() - started;
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        // The server ends the connection: the client sees its socket close without sending more.
        request.socket!.on('close', () => {
          clearTimeout(giveUp);
          resolve({
            status: response.statusCode ?? 0,
            message: (JSON.parse(body || '{}') as { message?: string }).message ?? '',
            answeredMs,
            closedMs: Date.now() - started,
          });
        });
      });
      request.write(Buffer.alloc(64 * 1024, 0xff));
    },
  );
}

describe('a large body from a caller who may not send it', () => {
  const declared = Math.floor(4.5 * 1024 * 1024);

  it.each([
    ['a junk bearer token', 'Bearer junk', 401, ApiMessages.sessionInvalid],
    ['no token', '', 401, ApiMessages.signInFirst],
  ])(
    'POST /images with %s is answered at once, without waiting for the body',
    async (_name, authorization, status, message) => {
      const answer = await unfinishedPost('/images', authorization, 'image/jpeg', declared);
      expect(answer).toMatchObject({ status, message });
      expect(answer.closedMs).toBeLessThan(3000);
    },
  );

  it('refuses a customer’s upload with 403 before its body', async () => {
    const answer = await unfinishedPost(
      '/images',
      `Bearer ${api.tokens.customer}`,
      'image/png',
      declared,
    );
    expect(answer).toMatchObject({ status: 403, message: Messages.onlyAdmin });
  });

  it('checks the token of every route with a large body limit before reading it', async () => {
    for (const [route, { limit }] of Object.entries(ROUTE_BODY_LIMITS)) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = pattern.replace(/:\w+/g, '0123456789abcdef01234567');
      const type = path === '/images' ? 'image/png' : 'application/json';
      const answer = await unfinishedPost(path, 'Bearer junk', type, limit, method);
      expect({ route, status: answer.status }).toEqual({ route, status: 401 });
    }
  });
});

describe('POST /images', () => {
  it('turns an admin’s JPEG upright, drops its metadata and serves WebP variants at immutable links', async () => {
    const original = await cameraJpeg();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('Secret Person');
    // The GPS IFD pointer (tag 0x8825, little-endian).
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const answer = await upload(original);
    expect(answer.status).toBe(201);
    const image = (await answer.json()) as { url: string; id: string; widths: number[] };
    // Upright it is 1000 wide: never upscaled to 1280.
    expect(image.widths).toEqual([320, 640, 960, 1000]);
    expect(image.url).toBe(`http://shop.test:5000/images/${image.id}/1000.webp`);

    for (const width of image.widths) {
      const variant = await fetch(`${api.url}/images/${image.id}/${width}.webp`);
      expect(variant.status).toBe(200);
      expect(variant.headers.get('content-type')).toBe('image/webp');
      expect(variant.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(variant.headers.get('x-content-type-options')).toBe('nosniff');
      expect(variant.headers.get('etag')).toMatch(/^"[\w-]{10,}"$/);
      const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: width * 2 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }

    const first = await fetch(`${api.url}/images/${image.id}/320.webp`);
    const again = await fetch(`${api.url}/images/${image.id}/320.webp`, {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);

    // The link is what a product's image field takes.
    const tool = await api.request('POST', '/tools', {
      token: api.tokens.admin,
      body: {
        name: 'Uploaded Saw',
        img: image.url,
        shortDescription: 'With a real picture',
        minOrder: 1,
        available: 5,
        price: 40,
      },
    });
    expect(tool.status).toBe(201);
  });

  it('takes PNG and WebP by their bytes, whatever the declared type', async () => {
    const png = await solid(200, 150).png().toBuffer();
    const fromPng = await upload(png, 'application/octet-stream');
    expect(fromPng.status).toBe(201);
    expect(await fromPng.json()).toMatchObject({ widths: [200], width: 200, height: 150 });

    const webp = await solid(700, 350).webp().toBuffer();
    const fromWebp = await upload(webp, 'image/png');
    expect(fromWebp.status).toBe(201);
    expect(await fromWebp.json()).toMatchObject({ widths: [320, 640, 700] });
  });

  it.each([
    ['junk declared as a JPEG', Buffer.from('definitely not a picture'), 'image/jpeg'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ['text', Buffer.from('hello'), 'text/plain'],
    ['an empty body', Buffer.alloc(0), 'image/png'],
  ])('refuses %s with 415 and the message', async (_name, bytes, type) => {
    const answer = await upload(bytes, type);
    expect(answer.status).toBe(415);
    expect(await answer.json()).toMatchObject({
      statusCode: 415,
      message: ImageMessages.wrongType,
    });
  });

  it('refuses JSON as not a picture', async () => {
    const answer = await upload(JSON.stringify({ img: 'x' }), 'application/json');
    expect(answer.status).toBe(415);
    expect(((await answer.json()) as { message: string }).message).toBe(ImageMessages.wrongType);
  });

  it('refuses a damaged picture with 400 and a decompression bomb with 413, never a 5xx', async () => {
    const jpeg = await cameraJpeg();
    const truncated = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(truncated.status).toBe(400);
    expect(((await truncated.json()) as { message: string }).message).toBe(
      ImageMessages.unreadable,
    );

    const bomb = await upload(await pngClaiming(20_000, 20_000), 'image/png');
    expect(bomb.status).toBe(413);
    expect(((await bomb.json()) as { message: string }).message).toBe(ImageMessages.tooManyPixels);

    const strip = await upload(await solid(2200, 100).png().toBuffer(), 'image/png');
    expect(strip.status).toBe(400);
    expect(((await strip.json()) as { message: string }).message).toBe(ImageMessages.badShape);
  });

  it('refuses more than 5 MB with 413, by its declared length or while it streams', async () => {
    // Declared: answered before a byte is read. Chunked, without a length: cut off once past the
    // limit (the rest is never kept).
    for (const declare of [true, false]) {
      const answer = await postBytes(IMAGE_UPLOAD_MAX_BYTES + 1, declare);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).message).toBe(ImageMessages.tooLarge);
    }
  });

  it('reads no anonymous bytes and lets only admins upload', async () => {
    const png = await solid(50, 50).png().toBuffer();
    const anonymous = await fetch(`${api.url}/images`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: png,
    });
    expect(anonymous.status).toBe(401);
    expect(await upload(png, 'image/png', api.tokens.customer)).toHaveProperty('status', 403);
  });
});

describe('a product’s image link', () => {
  it.each(['/images/../docs', '/images/%2e%2e/docs', '/images/.%2E/docs', '/images/..%5Cdocs'])(
    'refuses the dot segments of %p with 400 and stores nothing',
    async (img) => {
      const before = await api.db.collection('tools').countDocuments();
      const answer = await api.request('POST', '/tools', {
        token: api.tokens.admin,
        body: {
          name: 'Dotted Saw',
          img,
          shortDescription: 'A path that walks out of /images',
          minOrder: 1,
          available: 5,
          price: 40,
        },
      });
      expect(answer.status).toBe(400);
      expect([answer.body.message].flat().join(' ')).toContain(RuleMessages.imageLinkInvalid);
      expect(await api.db.collection('tools').countDocuments()).toBe(before);
    },
  );
});

describe('GET /images/{id}/{width}.webp', () => {
  it.each([
    '0123456789abcdef01234567/320.webp',
    '0123456789abcdef01234567/320.png',
    'not-an-id/320.webp',
    '0123456789abcdef01234567/0.webp',
  ])('answers 404 for %s', async (path) => {
    const answer = await api.request('GET', `/images/${path}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ statusCode: 404 });
  });
});
