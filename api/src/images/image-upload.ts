import { ApiMessages, IMAGE_UPLOAD_MAX_BYTES, ImageMessages } from '@toolshop/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** The one route that takes a raw picture as its body. */
export const IMAGE_UPLOAD_URL = '/images';
/** The body's types the upload takes; what the picture really is comes from its bytes. */
export const IMAGE_UPLOAD_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/octet-stream',
] as const;

const httpError = (statusCode: number, message: string) =>
  Object.assign(new Error(message), { statusCode });

/**
 * Reads an upload's body: on POST /images only, only with a bearer token (an anonymous caller's
 * bytes are never read), at most IMAGE_UPLOAD_MAX_BYTES: a larger declared length is refused before
 * reading, a longer stream is cut off at the limit (nothing beyond it is kept). 413 and 401 carry
 * the API's messages; the picture's type is judged on the bytes by the route.
 */
function readUpload(
  request: FastifyRequest,
  payload: IncomingMessage,
  done: (error: Error | null, body?: Buffer) => void,
): void {
  if (request.method !== 'POST' || request.routeOptions.url !== IMAGE_UPLOAD_URL) {
    done(httpError(415, `Unsupported Media Type: ${request.headers['content-type'] ?? ''}`));
    return;
  }
  if (!/^Bearer \S/i.test(request.headers.authorization ?? '')) {
    done(httpError(401, ApiMessages.signInFirst));
    return;
  }
  const declared = Number(request.headers['content-length']);
  if (declared > IMAGE_UPLOAD_MAX_BYTES) {
    done(httpError(413, ImageMessages.tooLarge));
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > IMAGE_UPLOAD_MAX_BYTES) {
      stop();
      chunks.length = 0;
      // The rest of the stream flows on unread (Node discards it); nothing more is kept.
      done(httpError(413, ImageMessages.tooLarge));
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => {
    stop();
    done(null, Buffer.concat(chunks, size));
  };
  const onError = (error: Error) => {
    stop();
    done(httpError(400, error.message || 'The upload was interrupted'));
  };
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
}

/** Registers the reader for the upload's types (application/json and the rest stay as they are). */
export function registerImageUploads(fastify: FastifyInstance): void {
  fastify.addContentTypeParser([...IMAGE_UPLOAD_CONTENT_TYPES], readUpload);
  // Any other image type (GIF, SVG, HEIC...) reaches the route too, which refuses it with the
  // same message as any other bytes that are not a JPEG, PNG or WebP.
  fastify.addContentTypeParser(/^image\/[\w.+-]+$/i, readUpload);
}
