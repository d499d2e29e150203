import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, pgliteDirectory } from './db/client.js';
import { createMailer } from './mail/mailer.js';
import { buildApp } from './app.js';
import { loggerOptions } from './lib/logger.js';
import { makeDataDirPrivate } from './lib/private-data-dir.js';
import { claimForServer, serveBackups } from './backup/serve-backups.js';
import { logUnhandledRejections } from './lib/unhandled-rejections.js';

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
  // Before the database opens: PGlite must never be opened by two processes (see backup/).
  const dataDirClaim = await claimForServer(config, console).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
  const database = await openDatabase(config.databaseUrl, pgliteDirectory(config.dataDir));
  // The embedded database sets its own files' modes (0666 or 0644 whatever the umask): closed again
  // once it is open (the folders, 0700, keep others out of what it creates later; the next start closes those).
  makeDataDirPrivate(config.dataDir);
  const logger = loggerOptions(config.logLevel);
  const mailer = createMailer(config);
  const app = await buildApp({ config, database, mailer, logger });
  // From here on one part's forgotten promise is logged, not the end of the server (a failed start still ends it).
  logUnhandledRejections(app.log);
  // Spouses' tax IDs saved in plaintext before they were sealed (D12) are sealed before any request.
  await app.services.advancedTaxInfo.sealLegacySpouseTaxIds();
  if (dataDirClaim) serveBackups(dataDirClaim, { database, blobs: app.deps.blobs, config }, app.log);

  const shutdown = async (): Promise<void> => {
    await dataDirClaim?.close();
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
