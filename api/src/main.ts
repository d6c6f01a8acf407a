import 'reflect-metadata';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/config';

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
  await app.listen({ port: config.port, host: config.host });
  app
    .getHttpAdapter()
    .getInstance()
    .log.info(`Toolshop API on ${config.publicUrl} (docs at ${config.publicUrl}/docs)`);
}

void main();
