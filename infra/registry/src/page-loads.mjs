// The page load results the shell's servers report (beacons), counted per remote and version: what
// the registry judges an active version and a canary by.

/** A page load's id (issued by the shell's server with the page's map): one result per id and remote. */
export const pageLoadPattern = /^[A-Za-z0-9_-]{16,64}$/;
/** The shell's server's keyed hash of a beacon's client address (never the address itself). */
export const clientPattern = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * One document per page load and remote (`_id` "<page load id>:<remote>": an insert, the one write
 * FerretDB makes atomic, api/README.md, so a replayed report counts once), counted by queries, so
 * every registry process sees the same figures and a restart loses none. FerretDB has no TTL
 * index: each process sweeps reports older than `retentionMs` now and then.
 * @param {{ db: import('mongodb').Db, now: () => Date, retentionMs: number, perClientMinute: number,
 *           tooMany: () => Error }} options
 */
export function createPageLoads({ db, now, retentionMs, perClientMinute, tooMany }) {
  /** @type {import('mongodb').Collection<{ _id: string, [field: string]: any }>} */
  const beacons = db.collection('beacons');
  let swept = 0;
  const sweep = async () => {
    if (Date.now() - swept < 60_000) return;
    swept = Date.now();
    await beacons.deleteMany({ at: { $lt: new Date(now().getTime() - retentionMs) } });
  };

  return {
    /**
     * The page loads reported for remote@version since `since` (within the retention), ok and
     * failed, from one read (two counts may straddle another insert).
     * @param {string} remote @param {string} version @param {Date | string} [since]
     */
    count: async (remote, version, since) => {
      const filter = { remote, version, ...(since ? { at: { $gte: new Date(since) } } : {}) };
      const [counts] = await beacons
        .aggregate([
          { $match: filter },
          {
            $group: {
              _id: null,
              total: { $sum: 1 },
              errors: { $sum: { $cond: ['$error', 1, 0] } },
            },
          },
        ])
        .toArray();
      return { ok: (counts?.total ?? 0) - (counts?.errors ?? 0), errors: counts?.errors ?? 0 };
    },

    /**
     * Records one page load's result for one remote: the first report of an id and remote counts;
     * a later failure of the same page load turns its "ok" into a failure; nothing else counts
     * twice. A client over `perClientMinute` reports a minute is refused (`tooMany`). Answers
     * whether a count changed.
     * @param {{ remote: string, version: string, id: string, error: boolean, client?: string }} report
     */
    record: async ({ remote, version, id, error, client }) => {
      const _id = `${id}:${remote}`;
      if (client) {
        const recent = await beacons.countDocuments({
          client,
          at: { $gte: new Date(now().getTime() - 60_000) },
        });
        if (recent >= perClientMinute) throw tooMany();
      }
      try {
        await beacons.insertOne({
          _id,
          remote,
          version,
          error,
          at: now(),
          ...(client ? { client } : {}),
        });
      } catch (failure) {
        if (failure?.code !== 11000) throw failure;
        // The page load has a result already: only a failure after its "ok" changes it.
        if (!error) return false;
        const { modifiedCount } = await beacons.updateOne(
          { _id, version, error: false },
          { $set: { error: true } },
        );
        if (!modifiedCount) return false;
      }
      sweep().catch((failure) => console.error('[registry] sweeping old beacons failed', failure));
      return true;
    },

    init: async () => {
      await beacons.createIndex({ remote: 1, version: 1, at: 1 });
      await beacons.createIndex({ client: 1, at: 1 });
    },
  };
}
