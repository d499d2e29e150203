import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createMailer } from './mail/mailer.js';
import { buildApp } from './app.js';
import { loggerOptions } from './lib/logger.js';
import { makeDataDirPrivate } from './lib/private-data-dir.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  config.webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
  makeDataDirPrivate(config.dataDir);
  const database = await openDatabase(config.databaseUrl, join(config.dataDir, 'pg'));
  const logger = loggerOptions(config.logLevel);
  const mailer = createMailer(config);
  const app = await buildApp({ config, database, mailer, logger });
  // Spouses' tax IDs saved in plaintext before they were sealed (D12) are sealed before any request.
  await app.services.advancedTaxInfo.sealLegacySpouseTaxIds();

  const shutdown = async (): Promise<void> => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Taxli is running at ${config.publicOrigin} (database: ${database.driver})`);
  if (mailer.outbox) app.log.info(`No SMTP_URL: mails go to the dev outbox, see ${config.publicOrigin}/dev/mailbox`);
  else if (!config.smtpUrl) app.log.warn('No SMTP_URL in production: sign-in codes cannot be sent');
}

void main();
