// The remotes' artifacts in an S3-compatible store through the AWS SDK v3: the same code writes to
// the local gofakes3 of `npm start` and to S3, R2 or GCS in production (storeConfig). A key is
// written once: every upload is conditional (If-None-Match: *), so a published version never changes.
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** @param {ReturnType<import('./config.mjs').storeConfig>} config */
export function createStore(config) {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
  });
  const Bucket = config.bucket;
  return {
    config,
    /** The public URL of a key (what browsers and the registry's checks read). */
    urlOf: (key) => `${config.publicUrl}/${key}`,
    /** Writes a new object; refuses (throws with code 'exists') when the key is already there. */
    async putNew(key, body, { contentType, cacheControl }) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            CacheControl: cacheControl,
            IfNoneMatch: '*',
          }),
        );
      } catch (error) {
        if (error?.$metadata?.httpStatusCode === 412 || error?.name === 'PreconditionFailed') {
          throw Object.assign(new Error(`${key} is already published and never changes`), {
            code: 'exists',
          });
        }
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (error?.$metadata?.httpStatusCode === 404) return false;
        throw error;
      }
    },
    /** The object's bytes, or undefined when missing. */
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error?.$metadata?.httpStatusCode === 404 || error?.name === 'NoSuchKey')
          return undefined;
        throw error;
      }
    },
    close: () => client.destroy(),
  };
}
