import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { AddressService } from './address.service.js';

/** GET /api/address/search?q=: Swiss address suggestions for the wizard and the address demo. */
export const addressRoutes: FastifyPluginAsyncZod<{ address: AddressService }> = async (app, { address }) => {
  registerRoute(app, routes.searchAddress, async (request) =>
    address.search(request.query.q, currentUserId(request)),
  );
};
