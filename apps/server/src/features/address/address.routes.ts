import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressSearchQuery } from '@taxli/domain';
import { currentUserId } from '../../plugins/session.js';
import type { AddressService } from './address.service.js';

/** GET /api/address/search?q=: Swiss address suggestions for the wizard and the address demo. */
export const addressRoutes: FastifyPluginAsyncZod<{ address: AddressService }> = async (app, { address }) => {
  app.get('/api/address/search', { schema: { querystring: addressSearchQuery } }, async (request) =>
    address.search(request.query.q, currentUserId(request)),
  );
};
