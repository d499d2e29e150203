import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { contentDisposition } from '../../lib/content-disposition.js';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { AccountExportService, OpenedExport } from './account-export.service.js';

/**
 * The ZIP as an attachment, never cached. Fastify's HEAD would read a stream to its end (every
 * document decrypted for nothing): an empty stream keeps the announced length instead.
 */
function sendExport(reply: FastifyReply, opened: OpenedExport, bodyless: boolean): FastifyReply {
  return reply
    .header('content-type', 'application/zip')
    .header('content-length', opened.length)
    .header('content-disposition', contentDisposition('attachment', opened.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(bodyless ? Readable.from([]) : opened.stream);
}

/** "Download my data" (issue 30): the person's own export, and an administrator's on their behalf. */
export const accountExportRoutes: FastifyPluginAsyncZod<{ accountExport: AccountExportService }> = async (app, { accountExport }) => {
  registerRoute(app, routes.accountExport, async (request, reply) => {
    const bodyless = request.method === 'HEAD';
    return sendExport(reply, await accountExport.ownExport(currentUserId(request), { bodyless }), bodyless);
  });

  registerRoute(app, routes.accountExportAllowance, async (request) => accountExport.allowance(currentUserId(request)));

  registerRoute(app, routes.adminUserExport, async (request, reply) => {
    const bodyless = request.method === 'HEAD';
    return sendExport(reply, await accountExport.exportOnBehalf(currentUserId(request), request.params.userId, { bodyless }), bodyless);
  });
};
