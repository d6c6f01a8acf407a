import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { Connection } from 'mongoose';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './config/config';
import { buildIndexes, missingIndexes } from './health/indexes';
import { runMigrations } from './migrations/run-migrations';

/**
 * Creates the indexes of every collection of the API and runs the pending data migrations
 * (migrations/: the API's own start runs them too, and finds them done), then exits: `node api/dist/sync-indexes.js`,
 * the cluster's index Job (infra/deploy), run before the API pods of a release, which start with
 * MONGODB_AUTO_INDEX=false. It needs the database's settings only (MONGODB_URI, MONGODB_*): the
 * API's modules are built but never started (no hook runs: no outbox round, no seed, nothing served),
 * so production's other required settings (SMTP, Stripe) are not asked of it.
 */
export async function syncIndexes(environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { NODE_ENV: _production, ...env } = environment;
  let config;
  try {
    config = loadConfig({ ...env, MONGODB_AUTO_INDEX: 'false', SEED: 'false' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const app = await NestFactory.create(AppModule.forRoot(config), new FastifyAdapter(), {
    logger: ['error', 'warn'],
    abortOnError: false,
  });
  try {
    const connection = app.get<Connection>(getConnectionToken());
    const built = await buildIndexes(connection);
    const missing = await missingIndexes(connection);
    if (missing.length) {
      console.error(`indexes still missing after the build: ${missing.join(', ')}`);
      return 1;
    }
    console.log(
      JSON.stringify({ msg: 'indexes in place', database: config.dbName, indexes: built }),
    );
    const migrated = await runMigrations(connection, {
      info: (msg) => console.log(JSON.stringify({ msg })),
    });
    console.log(JSON.stringify({ msg: 'data migrations done', database: config.dbName, migrated }));
    return 0;
  } finally {
    await app.close();
  }
}

if (require.main === module)
  syncIndexes().then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(`building the indexes failed: ${error.message}`);
      process.exit(1);
    },
  );
