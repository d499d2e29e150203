import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { BlobStore } from './storage/blob-store.js';
import { createBlobStore } from './storage/create-blob-store.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web-app.js';
import { registerSession } from './plugins/session.js';
import { createAuditLog, type AuditLog } from './features/audit/audit.repository.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { userRoutes } from './features/users/user.routes.js';
import { debugRoutes } from './features/debug/debug.routes.js';
import { clientConfigRoutes } from './features/client-config/client-config.routes.js';
import { audioRoutes } from './features/audio/audio.routes.js';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes.js';
import { taxStatusRoutes } from './features/tax-status/tax-status.routes.js';
import { advancedTaxInfoRoutes } from './features/advanced-tax-info/advanced-tax-info.routes.js';
import { notificationRoutes } from './features/notifications/notifications.routes.js';
import { messageRoutes } from './features/messages/message.routes.js';
import { filesRoutes } from './features/files/files.routes.js';
import { documentCategoryRoutes } from './features/document-categories/document-categories.routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock?: Clock;
  /** Where documents go; by default from the config (S3 when S3_BUCKET is set, else DATA_DIR/blobs). */
  blobs?: BlobStore;
  /** Pino options; tests pass false. */
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Omit<AppDeps, 'logger'>>;
    /** The audit trail (DECISIONS D12), for every feature. */
    audit: AuditLog;
  }
}

/** Builds the whole app: external plugins, then ours, then routes. Tests build their own. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  const blobs = deps.blobs ?? (await createBlobStore(deps.config));
  const fullDeps = { clock: systemClock, ...deps, blobs } as FastifyInstance['deps'];
  app.decorate('deps', fullDeps);
  app.decorate('audit', createAuditLog(deps.database.db, deps.config.sessionSecret, fullDeps.clock));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await registerSecurity(app, deps.config.publicOrigin);
  await app.register(cookie, { secret: deps.config.sessionSecret });
  // A coarse per-instance flood guard; the sign-in limits that must hold across instances are
  // counted in the database (see features/auth).
  await app.register(rateLimit, { global: true, max: deps.config.rateLimitPerMinute, timeWindow: '1 minute' });
  registerSession(app);

  await registerFeatures(app);
  if (deps.config.webDistDir) await registerWebApp(app, deps.config.webDistDir);
  return app;
}

async function registerFeatures(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async () => ({ ok: true }));
  await app.register(clientConfigRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(debugRoutes);
  await app.register(audioRoutes);
  await app.register(devMailboxRoutes);
  await app.register(taxStatusRoutes);
  await app.register(advancedTaxInfoRoutes);
  await app.register(notificationRoutes);
  await app.register(messageRoutes);
  await app.register(filesRoutes);
  await app.register(documentCategoryRoutes);
}
