import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/config';
import { exitGracefullyOnSignals } from './health/graceful-shutdown';

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
  exitGracefullyOnSignals(app, config.shutdown, new Logger());
  await app.listen({ port: config.port, host: config.host });
  app
    .getHttpAdapter()
    .getInstance()
    .log.info(`Toolshop API on ${config.publicUrl} (docs at ${config.publicUrl}/docs)`);
}

void main();
