import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteSpec } from '@taxli/domain';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { BlobStore } from './storage/blob-store.js';
import { createBlobStore, localBlobDirectory } from './storage/create-blob-store.js';
import { freeDiskSpaceOf, noLocalDisk, type FreeDiskSpace } from './storage/free-disk-space.js';
import { rateLimitKey } from './lib/client-address.js';
import { frameworkError, registerErrorHandling } from './plugins/errors.js';
import { registerStorableTextCheck } from './plugins/storable-text.js';
import { registerResponseCheck } from './plugins/response-check.js';
import { registerSecurity } from './plugins/security.js';
import { registerRequestTimeouts } from './plugins/request-timeouts.js';
import { registerWebApp } from './plugins/web-app.js';
import { registerSession, routeAccessGuard, type RouteAccess } from './plugins/session.js';
import { startHashWorker } from './storage/off-thread-sha256.js';
import { createServices, type ExtractionSettings, type Services } from './services.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { passkeyRoutes } from './features/passkeys/passkey.routes.js';
import { userRoutes } from './features/users/user.routes.js';
import { clientConfigRoutes } from './features/client-config/client-config.routes.js';
import { audioRoutes } from './features/audio/audio.routes.js';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { taxStatusRoutes } from './features/tax-status/tax-status.routes.js';
import { checklistRoutes } from './features/tax-status/checklist.routes.js';
import { advancedTaxInfoRoutes } from './features/advanced-tax-info/advanced-tax-info.routes.js';
import { notificationRoutes } from './features/notifications/notifications.routes.js';
import { messageRoutes } from './features/messages/message.routes.js';
import { expertWorkflowRoutes } from './features/expert/expert-workflow.routes.js';
import { returnWorkRoutes } from './features/expert/return-work.routes.js';
import { filesRoutes } from './features/files/files.routes.js';
import { documentCategoryRoutes } from './features/document-categories/document-categories.routes.js';
import { addressRoutes } from './features/address/address.routes.js';
import { taxProfileRoutes } from './features/tax-profile/tax-profile.routes.js';
import { cantonRoutes } from './features/cantons/cantons.routes.js';
import { adminRoutes } from './features/admin/admin.routes.js';
import { debugRoutes } from './features/debug/debug.routes.js';
import { expertDocumentsRoutes } from './features/expert/expert-documents.routes.js';
import { expertQueueRoutes } from './features/expert/expert-queue.routes.js';
import { extractionRoutes } from './features/extraction/extraction.routes.js';
import { documentFiguresRoutes } from './features/expert/document-figures.routes.js';
import { accountExportRoutes } from './features/account-export/account-export.routes.js';
import { erasureRoutes } from './features/erasure/erasure.routes.js';
import { ANSWER_COMPRESSION } from './lib/answer-compression.js';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock?: Clock;
  /** Where documents go; by default from the config (S3 when S3_BUCKET is set, else DATA_DIR/blobs). */
  blobs?: BlobStore;
  /**
   * The free disk under the local blob directory, which uploads keep above STORAGE_MIN_FREE_MB; by
   * default statfs of DATA_DIR/blobs, none for S3. Tests pass their own to fill the disk.
   */
  freeDiskSpace?: FreeDiskSpace;
  /** Pino options; tests pass false. */
  logger?: boolean | object;
  /** How documents are read (time budget, memory cap, readers' module); tests pass fake readers. */
  extraction?: Partial<ExtractionSettings>;
  /** Tests: check each JSON answer against its route table schema (plugins/response-check.ts). */
  checkResponses?: boolean;
}

/** A route of the app as registered, with who may call it (the route-walk test and the fuzzer read these). */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** The query parameters and body fields its schema names (none when the service checks the body). */
  queryKeys: string[];
  bodyKeys: string[];
  /** The domain route table's entry it was registered from (lib/register-route.ts); none for other routes. */
  tableRoute?: RouteSpec;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Omit<AppDeps, 'logger' | 'checkResponses' | 'extraction'>>;
    /** The services the routes call, built once; tests may call them without HTTP. */
    services: Services;
    /** Every route under /api, /dev and /cantons, in registration order. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Builds the whole app: resources, external plugins, then ours, then routes. Tests build their own. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 64 * 1024,
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  const blobs = deps.blobs ?? (await createBlobStore(deps.config));
  startHashWorker();
  const freeDiskSpace = deps.freeDiskSpace ?? (blobs.kind === 'local' ? freeDiskSpaceOf(localBlobDirectory(deps.config.dataDir)) : noLocalDisk);
  const fullDeps = { clock: systemClock, ...deps, blobs, freeDiskSpace } as FastifyInstance['deps'];
  const services = createServices({ ...fullDeps, log: app.log, extraction: deps.extraction });
  app.decorate('deps', fullDeps);
  app.decorate('services', services);
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.addHook('onRoute', (route) => {
    if (!/^\/(api|dev|cantons)\//.test(route.url)) return;
    const access = accessOf(route);
    const { tableRoute } = (route.config as { tableRoute?: RouteSpec } | undefined) ?? {};
    const keys = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});
    const [queryKeys, bodyKeys] = [keys(route.schema?.querystring), keys(route.schema?.body)];
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.registeredRoutes.push({ method, url: route.url, access, queryKeys, bodyKeys, tableRoute });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestTimeouts(app, deps.config.bodyIdleTimeoutMs);
  registerStorableTextCheck(app);
  // Before compression (an onSend hook too), so that it reads the JSON as serialised.
  if (deps.checkResponses) registerResponseCheck(app);

  await registerSecurity(app, deps.config.publicOrigin);
  // API answers above 1 KB go out compressed (brotli or gzip, as the browser accepts; settings in
  // lib/answer-compression.ts); the web app's files are compressed once at build time, and
  // documents (PDF, images) are not compressible. Answers up to 64 KB (an expert queue page is about
  // 15 KB) in one call, not through a zlib stream per answer: on this 2-core machine the stream's
  // set-up cost more than the compression itself (0.8 ms of CPU per queue page against about
  // 0.1 ms; docs/performance.md, "Expert queue").
  await app.register(compress, { global: true, syncThreshold: 64 * 1024, ...ANSWER_COMPRESSION });
  await app.register(cookie, { secret: deps.config.sessionSecret });
  // A coarse per-instance flood guard; the sign-in limits that must hold across instances are
  // counted in the database (see features/auth).
  await app.register(rateLimit, { global: true, max: deps.config.rateLimitPerMinute, timeWindow: '1 minute', keyGenerator: rateLimitKey });
  registerSession(app);

  // What crashes leave in the blob store goes at start and every hour (features/files/blob-sweep.ts).
  app.addHook('onReady', async () => services.blobSweep.start());
  app.addHook('onClose', async () => services.blobSweep.stop());
  // Retained tax years of erased accounts go when their period ends: at start and daily (ADR 0020).
  app.addHook('onReady', async () => services.retentionSweep.start());
  app.addHook('onClose', async () => services.retentionSweep.stop());
  // The job queue works while the app runs. Closing ends the reads in progress first: their jobs
  // stay in the queue and run again (on this instance's next start, or on another instance).
  app.addHook('onReady', async () => {
    try {
      await services.jobs.start();
      await services.extraction.start();
    } catch (error) {
      // A database behind the migrations (the debug panel repairs it) or a queue fault: the app
      // serves all the same; reads wait pending, and are sent again at the next start.
      app.log.error({ err: error }, 'the job queue did not start');
    }
  });
  app.addHook('onClose', async () => {
    await services.extraction.stop();
    await services.jobs.stop();
  });

  await app.register(apiRoutes, { deps: fullDeps, services });
  if (deps.config.webDistDir) await registerWebApp(app, deps.config.webDistDir);
  return app;
}

/** Who may call a route: its `config.access` (the route table's entry), signed-in people when unset. */
function accessOf(route: RouteOptions): RouteAccess {
  return (route.config as { access?: RouteAccess } | undefined)?.access ?? 'user';
}

/**
 * Every route of the API, in one scope whose guard makes signed-in the default: a route that anyone
 * may call says `config: { access: 'public' }`, an administrator's says `'admin'`.
 */
async function apiRoutes(
  app: FastifyInstance,
  { deps, services }: { deps: FastifyInstance['deps']; services: Services },
): Promise<void> {
  const { config, database, mailer, clock } = deps;
  app.addHook('onRoute', (route) => {
    const access = accessOf(route);
    if (access !== 'public') route.onRequest = [routeAccessGuard(access), ...[route.onRequest ?? []].flat()];
  });
  await app.register(healthRoutes, { database, blobs: deps.blobs });
  await app.register(clientConfigRoutes, { debugTools: config.debugTools });
  await app.register(authRoutes, { auth: services.auth, audit: services.audit, debugTools: config.debugTools });
  await app.register(passkeyRoutes, { passkeys: services.passkeys });
  await app.register(erasureRoutes, { erasure: services.erasure });
  await app.register(userRoutes, { users: services.users, inProfileSave: services.inProfileSave });
  await app.register(taxProfileRoutes, { taxProfile: services.taxProfile });
  await app.register(cantonRoutes);
  await app.register(audioRoutes);
  await app.register(devMailboxRoutes, { config, mailer });
  await app.register(taxStatusRoutes, { taxStatus: services.taxStatus, transmitReview: services.transmitReview });
  await app.register(checklistRoutes, { checklist: services.checklist, taxStatus: services.taxStatus });
  await app.register(advancedTaxInfoRoutes, { advancedTaxInfo: services.advancedTaxInfo, users: services.users });
  await app.register(notificationRoutes, { notifications: services.notifications });
  await app.register(messageRoutes, { messages: services.messages, thread: services.thread });
  await app.register(expertWorkflowRoutes, { workflow: services.expertWorkflow });
  await app.register(returnWorkRoutes, { workflow: services.expertWorkflow });
  await app.register(filesRoutes, { files: services.files });
  await app.register(documentCategoryRoutes, { clock });
  await app.register(addressRoutes, { address: services.address });
  await app.register(adminRoutes, { admin: services.admin });
  await app.register(expertDocumentsRoutes, { documents: services.expertDocuments, preparedReturns: services.preparedReturns });
  await app.register(expertQueueRoutes, { queue: services.expertQueue, clientFile: services.clientFile, progress: services.returnProgress });
  await app.register(extractionRoutes, { extraction: services.extraction, inbox: services.inbox });
  await app.register(documentFiguresRoutes, { figures: services.documentFigures });
  await app.register(accountExportRoutes, { accountExport: services.accountExport });
  // D4: the debug tools exist only when asked for, and never in production (config refuses that).
  if (config.debugTools) await app.register(debugRoutes, { debug: services.debug });
}
