// A release's files: the hashes a publisher declares, checked against the bytes in the store.
import { createHash } from 'node:crypto';

const integrityPattern = /^sha384-[A-Za-z0-9+/]{64}$/;
const filePattern = /^(?!\/)(?!.*\.\.)[\w./@-]{1,300}$/;

/** @param {import('node:crypto').BinaryLike} body */
export const sha384 = (body) => `sha384-${createHash('sha384').update(body).digest('base64')}`;

/**
 * The files a release declares ([path, sha384] pairs), or why they cannot be recorded (a sentence
 * for a 400): 1 to 2000 relative paths, each with a sha384, mf-manifest.json among them.
 * @param {unknown} integrity @returns {{ files: [string, string][] } | { problem: string }}
 */
export function declaredFiles(integrity) {
  const files = Object.entries(integrity && typeof integrity === 'object' ? integrity : {});
  if (!files.length || files.length > 2000)
    return { problem: 'integrity must map each published file to its sha384' };
  for (const [file, hash] of files) {
    if (!filePattern.test(file) || typeof hash !== 'string' || !integrityPattern.test(hash))
      return {
        problem: `integrity of "${String(file).slice(0, 80)}" must be "sha384-<base64>" of a relative path`,
      };
  }
  if (!files.some(([file]) => file === 'mf-manifest.json'))
    return { problem: 'integrity must list mf-manifest.json' };
  return { files };
}

/** How a file's problem is told: checked on publishing (declared hashes) or later (recorded ones). */
export const PUBLISHING = { missing: 'is not in the store', differs: 'does not match its hash' };
export const RECORDED = {
  missing: 'is missing from the store',
  differs: 'does not match its recorded sha384',
};

/**
 * The files of remote@version whose bytes in the store are missing or differ from their hash, each
 * named in a sentence.
 * @param {{ get: (key: string) => Promise<any> }} store
 * @param {string} remote @param {string} version @param {Iterable<[string, string]>} files
 * @param {{ missing: string, differs: string }} words
 */
export async function storeProblems(store, remote, version, files, words) {
  const problems = [];
  for (const [path, integrity] of files) {
    const body = await store.get(`${remote}/${version}/${path}`);
    if (!body) problems.push(`${path} of ${remote} ${version} ${words.missing}`);
    else if (sha384(body) !== integrity)
      problems.push(`${path} of ${remote} ${version} in the store ${words.differs}`);
  }
  return problems;
}
