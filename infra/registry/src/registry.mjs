// The remote registry's rules, MongoDB-backed: the one source of truth of what is live. It records
// every release (with its content hashes) and every activation, canary, promotion and rollback
// (who, when, which version, why), answers each visitor's remotes map (sticky canary buckets),
// counts the shell's beacons and rolls a failing canary back by itself. Everything lives in the
// database, so several registry processes (and one restarted) see the same counts and history.
import { createHash } from 'node:crypto';
import { collectionLockStore, LeaseLocks } from '@toolshop/lease-locks';
import { isRemoteName, remoteNames } from './config.mjs';
import { clientPattern, createPageLoads, pageLoadPattern } from './page-loads.mjs';
import { declaredFiles, PUBLISHING, RECORDED, sha384, storeProblems } from './release-files.mjs';

export { sha384 };

/** An error the HTTP layer answers with its status and message. */
export class RegistryError extends Error {
  /** @param {number} status @param {string} message @param {string[]} [problems] */
  constructor(status, message, problems) {
    super(message);
    this.status = status;
    this.problems = problems;
  }
}

/** semver with build metadata, e.g. `0.1.0+3f2a9c1`: what a release's folder is named after. */
export const versionPattern = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * A document of the registry's collections: `_id` is a string of its own (a remote, a release
 * `<remote>@<version>`, a page load), never an ObjectId.
 * @typedef {{ _id: string, [field: string]: any }} Doc
 */
/** @param {import('mongodb').Db} db @param {string} name @returns {import('mongodb').Collection<Doc>} */
const collection = (db, name) => db.collection(name);

/** The visitor's bucket (0..99) of one remote: the same canary id always lands in the same one. */
export function bucketOf(canaryId, remote) {
  return createHash('sha256').update(`${remote}:${canaryId}`).digest().readUInt32BE(0) % 100;
}

/**
 * @param {{ db: import('mongodb').Db, store: ReturnType<import('./store.mjs').createStore>,
 *           gates: (remote: string, release: any) => Promise<string[]>,
 *           canary: { maxErrorRate: number, minSample: number, activeWindowMs?: number }, now?: () => Date, beaconRetentionMs?: number,
 *           beaconsPerClientMinute?: number }} deps
 *   canary.activeWindowMs: an active version is judged on its page loads of this last span (default
 *   15 minutes), so weeks of good loads do not hide a version that starts failing (a file changed
 *   behind it); a canary on all of its page loads since it began.
 *   beaconsPerClientMinute: page load results taken per client address and minute, counted in the
 *   database (so across every shell server and registry process); more are refused (429).
 */
export function createRegistry({
  db,
  store,
  gates,
  canary,
  now = () => new Date(),
  beaconRetentionMs = 7 * 24 * 3600_000,
  beaconsPerClientMinute = 60,
}) {
  const activeWindowMs = canary.activeWindowMs ?? 15 * 60_000;
  const releases = collection(db, 'releases');
  const states = collection(db, 'states');
  const history = collection(db, 'history');
  // One change of a remote's state at a time across every registry process: FerretDB's updates are
  // not atomic (NOTES.md), so a lease per remote taken by a unique insert (@toolshop/lease-locks).
  const locks = new LeaseLocks(
    collectionLockStore(db.collection('locks')),
    { ttlMs: 15_000, maxWaitMs: 10_000 },
    Date.now,
    () =>
      new RegistryError(503, 'another change of this remote is in progress; try again in a moment'),
  );
  const serial = (remote, work) => locks.run(`state:${remote}`, work);
  const pageLoads = createPageLoads({
    db,
    now,
    retentionMs: beaconRetentionMs,
    perClientMinute: beaconsPerClientMinute,
    tooMany: () =>
      new RegistryError(429, 'too many beacons from this client address; try again in a minute'),
  });
  // Decisions taken once across processes: the first insert of its `_id` wins (unique `_id`).
  const decisions = collection(db, 'decisions');

  const stateOf = async (remote) =>
    (await states.findOne({ _id: remote })) ?? { _id: remote, active: null, canary: null };
  const releaseOf = async (remote, version) => releases.findOne({ _id: `${remote}@${version}` });
  const record = (entry) => history.insertOne({ ...entry, at: now() });
  const save = (state) => states.replaceOne({ _id: state._id }, state, { upsert: true });

  const assertRemote = (remote) => {
    if (!isRemoteName(remote)) throw new RegistryError(404, `no remote named "${remote}"`);
  };

  // The visitor's map changes only with a state: cache what it is built from for a moment.
  let snapshot;
  const load = async () => {
    if (snapshot && snapshot.until > Date.now()) return snapshot;
    const all = await states.find({}).toArray();
    const wanted = all.flatMap((s) =>
      [s.active?.version, s.canary?.version].filter(Boolean).map((v) => `${s._id}@${v}`),
    );
    const found = wanted.length ? await releases.find({ _id: { $in: wanted } }).toArray() : [];
    snapshot = {
      until: Date.now() + 2000,
      states: all,
      releases: new Map(found.map((r) => [r._id, r])),
    };
    return snapshot;
  };
  const invalidate = () => (snapshot = undefined);

  /** A stored release with its hashes as the contract's object (file -> sha384). */
  /** @param {Doc} stored @returns {Doc & { integrity: Record<string, string> }} */
  const withIntegrity = ({ files, ...release }) => ({
    ...release,
    integrity: Object.fromEntries(files.map(({ path, integrity }) => [path, integrity])),
  });
  const entryOf = (release) => {
    const { manifest, version, integrity } = withIntegrity(release);
    return { manifest, version, integrity };
  };

  /** The files of a release that are missing from the store or differ from their recorded sha384. */
  const tamperedFiles = (release) =>
    storeProblems(
      store,
      release.remote,
      release.version,
      release.files.map(({ path, integrity }) => [path, integrity]),
      RECORDED,
    );

  /**
   * Puts back the version that was active before the current one was activated or promoted (null:
   * the shell's built-in map), so a second rollback in a row goes one version further back; an
   * automatic fallback takes it only while its files still match their hashes (else the built-in map).
   * `only`: do nothing unless this version is the active one (a decision taken before the lock).
   */
  async function rollbackActive(remote, by, reason, automatic, only) {
    const state = await stateOf(remote);
    if (!state.active) {
      if (only) return undefined;
      throw new RegistryError(409, `${remote} has no activated version to roll back`);
    }
    const current = state.active.version;
    if (only && current !== only) return undefined;
    // What was live before this version was made live (null: the shell's built-in default map). A
    // rollback that landed on it is not what made it: two rollbacks in a row walk back two versions.
    const made = await history
      .find({ remote, action: { $in: ['activate', 'promote'] }, version: current })
      .sort({ at: -1 })
      .limit(1)
      .toArray();
    let previous = made[0]?.from ?? null;
    if (previous && automatic) {
      const release = await releaseOf(remote, previous);
      if (!release || (await tamperedFiles(release)).length) previous = null;
    }
    state.active = previous ? { version: previous, since: now() } : null;
    await save(state);
    invalidate();
    await record({
      remote,
      action: 'rollback',
      version: previous,
      from: current,
      by,
      reason,
      automatic,
    });
    return state;
  }

  /**
   * Once reports of remote@version since `since` cross the threshold: runs `fallBack` once across
   * every registry process (the first insert of the decision's `_id` wins).
   */
  async function overThreshold(remote, version, since, kind, fallBack, countFrom = since) {
    const { ok, errors } = await pageLoads.count(remote, version, countFrom);
    const total = ok + errors;
    if (total < canary.minSample || errors / total <= canary.maxErrorRate) return;
    try {
      await decisions.insertOne({
        _id: `${kind}:${remote}@${version}@${new Date(since).toISOString()}`,
        at: now(),
      });
    } catch (error) {
      if (error?.code === 11000) return;
      throw error;
    }
    const rate = Math.round((errors / total) * 100);
    const reason = `automatic: error rate ${rate} % over ${total} page loads (threshold ${Math.round(canary.maxErrorRate * 100)} %, minimum ${canary.minSample})`;
    await serial(remote, () => fallBack(reason));
  }

  async function rollbackCanary(remote, by, reason, automatic, only) {
    const state = await stateOf(remote);
    if (!state.canary || (only && state.canary.version !== only)) return undefined;
    const { version } = state.canary;
    state.canary = null;
    await save(state);
    invalidate();
    await record({
      remote,
      action: 'rollback',
      version: state.active?.version ?? null,
      from: version,
      by,
      reason,
      automatic,
    });
    return state;
  }

  return {
    /** Records a published release after checking every listed file in the store against its hash. */
    // No lock: the unique `_id` of the release's insert decides between two publishers of one version.
    release: async (remote, { version, integrity, commit }, by) => {
      assertRemote(remote);
      if (typeof version !== 'string' || !versionPattern.test(version)) {
        throw new RegistryError(
          400,
          'version must be semver with optional build metadata, e.g. 0.1.0+3f2a9c1',
        );
      }
      const declared = declaredFiles(integrity);
      if ('problem' in declared) throw new RegistryError(400, declared.problem);
      const { files } = declared;
      if (await releaseOf(remote, version))
        throw new RegistryError(
          409,
          `${remote} ${version} is already released; a version never changes`,
        );
      const [problem] = await storeProblems(store, remote, version, files, PUBLISHING);
      if (problem) throw new RegistryError(422, problem);
      const entry = {
        _id: `${remote}@${version}`,
        remote,
        version,
        manifest: store.urlOf(`${remote}/${version}/mf-manifest.json`),
        // a list, not an object: file names have dots, which FerretDB refuses in keys
        files: files.map(([path, hash]) => ({ path, integrity: hash })),
        commit: typeof commit === 'string' ? commit.slice(0, 40) : null,
        releasedBy: by,
        releasedAt: now(),
      };
      try {
        await releases.insertOne(entry);
      } catch (error) {
        if (error?.code === 11000)
          throw new RegistryError(
            409,
            `${remote} ${version} is already released; a version never changes`,
          );
        throw error;
      }
      await record({
        remote,
        action: 'release',
        version,
        by,
        reason: commit ? `commit ${commit}` : null,
        automatic: false,
      });
      return withIntegrity(entry);
    },

    /** Activates a release for every visitor (percent 100) or a sticky share of them (a canary), through the gates. */
    // The gates judge the immutable release, outside the lock (the smoke check takes seconds).
    /** @param {string} remote @param {{ version: string, percent?: number, reason?: string | null }} request @param {string} by */
    activate: async (remote, { version, percent = 100, reason = null }, by) => {
      assertRemote(remote);
      if (!Number.isInteger(percent) || percent < 1 || percent > 100)
        throw new RegistryError(400, 'percent must be a whole number from 1 to 100');
      if (typeof version !== 'string' || !versionPattern.test(version))
        throw new RegistryError(400, 'version must be a released semver');
      const release = await releaseOf(remote, version);
      if (!release) throw new RegistryError(404, `${remote} ${version} was never released`);
      // The store's bytes are checked again on every activation: a release changed since it was
      // recorded (or one of its files gone) is refused before any gate looks at it.
      const tampered = await tamperedFiles(release);
      const problems = tampered.length ? tampered : await gates(remote, withIntegrity(release));
      if (problems.length) {
        await record({
          remote,
          action: 'refused',
          version,
          by,
          reason: problems.join('; '),
          automatic: false,
        });
        throw new RegistryError(
          422,
          `${remote} ${version} was refused: ${problems.join('; ')}`,
          problems,
        );
      }
      return serial(remote, async () => {
        const state = await stateOf(remote);
        const from = state.active?.version ?? null;
        if (percent === 100) {
          state.active = { version, since: now() };
          state.canary = null;
          await save(state);
          await record({ remote, action: 'activate', version, from, by, reason, automatic: false });
        } else {
          // its reports count from here on (a beacon of an earlier canary of this version does not)
          state.canary = { version, percent, since: now() };
          await save(state);
          await record({
            remote,
            action: 'canary',
            version,
            from,
            percent,
            by,
            reason,
            automatic: false,
          });
        }
        invalidate();
        return state;
      });
    },

    /** The canary becomes the version of every visitor. */
    /** @param {string} remote @param {{ reason?: string | null }} request @param {string} by */
    promote: async (remote, { reason = null }, by) => {
      assertRemote(remote);
      return serial(remote, async () => {
        const state = await stateOf(remote);
        if (!state.canary) throw new RegistryError(409, `${remote} has no canary to promote`);
        const from = state.active?.version ?? null;
        const { version } = state.canary;
        state.active = { version, since: now() };
        state.canary = null;
        await save(state);
        invalidate();
        await record({ remote, action: 'promote', version, from, by, reason, automatic: false });
        return state;
      });
    },

    /** Ends a canary; without one, goes back to the version active before the current one. */
    /** @param {string} remote @param {{ reason?: string | null }} request @param {string} by */
    rollback: async (remote, { reason = null }, by) => {
      assertRemote(remote);
      return serial(remote, async () => {
        const ended = await rollbackCanary(remote, by, reason, false);
        if (ended) return ended;
        return rollbackActive(remote, by, reason, false);
      });
    },

    /**
     * Records the result of one page load for one remote (`id`: the page load, issued by the shell's
     * server): the first report of an id and remote is counted; a later failure of the same page
     * load turns its "ok" into a failure, nothing else counts twice. A canary over its error
     * threshold (with enough page loads) is rolled back, and so is an active version: back to the
     * version before it, recorded as automatic, once. Returns whether the report changed a count.
     */
    /** @param {{ remote: string, version: string, kind: string, id: string, client?: string }} report */
    beacon: async ({ remote, version, kind, id, client }) => {
      if (!isRemoteName(remote))
        throw new RegistryError(400, `remote must be one of ${remoteNames.join(', ')}`);
      if (typeof version !== 'string' || !versionPattern.test(version))
        throw new RegistryError(400, 'version must be a released semver');
      if (!['ok', 'load', 'render'].includes(kind))
        throw new RegistryError(400, 'kind must be ok, load or render');
      if (typeof id !== 'string' || !pageLoadPattern.test(id))
        throw new RegistryError(400, "id must be the page load's id (16 to 64 of A-Z a-z 0-9 _ -)");
      if (client !== undefined && (typeof client !== 'string' || !clientPattern.test(client))) {
        throw new RegistryError(
          400,
          "client must be the shell's server's hash of the client address (8 to 64 of A-Z a-z 0-9 _ -)",
        );
      }
      const { states: all } = await load();
      const state = all.find((s) => s._id === remote);
      if (state?.canary?.version !== version && state?.active?.version !== version) return false;
      const error = kind !== 'ok';
      if (!(await pageLoads.record({ remote, version, id, error, client }))) return false;
      if (!error) return true;
      if (state.canary?.version === version) {
        await overThreshold(remote, version, state.canary.since, 'rollback', (reason) =>
          rollbackCanary(remote, 'registry', reason, true, version),
        );
      } else if (state.active?.version === version) {
        const windowStart = new Date(
          Math.max(new Date(state.active.since).getTime(), now().getTime() - activeWindowMs),
        );
        await overThreshold(
          remote,
          version,
          state.active.since,
          'rollback-active',
          (reason) => rollbackActive(remote, 'registry', reason, true, version),
          windowStart,
        );
      }
      return true;
    },

    /** The visitor's map: each remote with a registry version, its canary when the visitor's bucket falls in it. */
    remotesFor: async (canaryId) => {
      const { states: all, releases: known } = await load();
      const map = {};
      for (const state of all) {
        const inCanary =
          state.canary &&
          typeof canaryId === 'string' &&
          bucketOf(canaryId, state._id) < state.canary.percent;
        const version = inCanary ? state.canary.version : state.active?.version;
        const release = version && known.get(`${state._id}@${version}`);
        if (release) map[state._id] = entryOf(release);
      }
      return map;
    },

    status: async () => {
      const all = await states.find({}).toArray();
      const withCounts = async (remote, entry) =>
        entry && { ...entry, reports: await pageLoads.count(remote, entry.version, entry.since) };
      return Object.fromEntries(
        await Promise.all(
          remoteNames.map(async (remote) => {
            const state = all.find((s) => s._id === remote);
            return [
              remote,
              {
                active: (await withCounts(remote, state?.active)) ?? null,
                canary: (await withCounts(remote, state?.canary)) ?? null,
              },
            ];
          }),
        ),
      );
    },

    /** One recorded release as a map entry ({ manifest, version, integrity }), or null: what a preview link serves. */
    entry: async (remote, version) => {
      assertRemote(remote);
      const release = typeof version === 'string' ? await releaseOf(remote, version) : null;
      return release ? entryOf(release) : null;
    },

    releases: async (remote) => {
      assertRemote(remote);
      return releases
        .find({ remote }, { projection: { files: 0 } })
        .sort({ releasedAt: -1 })
        .limit(50)
        .toArray();
    },

    history: async (remote, limit = 100) =>
      history
        .find(remote ? { remote } : {}, { projection: { _id: 0 } })
        .sort({ at: -1 })
        .limit(limit)
        .toArray(),

    /** Creates the indexes (the unique `_id`s carry the rules that must be atomic). */
    init: async () => {
      await history.createIndex({ remote: 1, at: -1 });
      await pageLoads.init();
    },
  };
}
