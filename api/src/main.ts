import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/config';
import { exitGracefullyOnSignals } from './health/graceful-shutdown';
import { runMigrations } from './migrations/run-migrations';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const app = await createApp(config);
  const log = app.getHttpAdapter().getInstance().log;
  // The data is brought up to this code's shape before any request is served.
  try {
    await runMigrations(app.get<Connection>(getConnectionToken()), {
      info: (message) => log.info(message),
    });
  } catch (error) {
    log.error((error as Error).message);
    await app.close().catch(() => undefined);
    process.exit(1);
  }
  exitGracefullyOnSignals(app, config.shutdown, new Logger());
  await app.listen({ port: config.port, host: config.host });
  log.info(`Toolshop API on ${config.publicUrl} (docs at ${config.publicUrl}/docs)`);
}

void main();
