import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { AppError } from '../../lib/app-error.js';
import { sounds } from './sounds.js';

/** The login page's sounds. Only the known names exist, so no path ever reaches the disk. */
export const audioRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoute(app, routes.audio, async (request, reply) => {
    const sound = sounds().get(request.params.file);
    if (!sound) throw new AppError(404, 'NOT_FOUND', 'No such sound');
    // The sounds never change within a version: let the browser keep them.
    return reply.header('Content-Type', 'audio/wav').header('Cache-Control', 'public, max-age=604800').send(sound);
  });
};
