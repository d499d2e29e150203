import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import { systemClock, type Clock } from './lib/clock.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web-app.js';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock?: Clock;
  /** Pino options; tests pass false. */
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Omit<AppDeps, 'logger'>>;
  }
}

/** Builds the whole app: external plugins, then ours, then routes. Tests build their own. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: false,
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', { clock: systemClock, ...deps } as FastifyInstance['deps']);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await registerSecurity(app, deps.config.publicOrigin);
  await app.register(cookie, { secret: deps.config.sessionSecret });
  // A coarse per-instance flood guard; the sign-in limits that must hold across instances are
  // counted in the database (see features/auth).
  await app.register(rateLimit, { global: true, max: 600, timeWindow: '1 minute' });

  await registerFeatures(app);
  if (deps.config.webDistDir) await registerWebApp(app, deps.config.webDistDir);
  return app;
}

async function registerFeatures(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async () => ({ ok: true }));
}
