import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Tests only: every successful JSON answer of a route whose table entry has a response schema is
 * checked against it, after serialisation (what a client receives); a mismatch turns the answer into
 * a 500, so the test that caused it fails. Production does not check: an answer the handlers build
 * from typed services should not become a 500 for a field the schema has not caught up with yet
 * (docs/architecture.md, "Route table").
 */
export function registerResponseCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const answer = request.routeOptions.config.tableRoute?.response;
    if (answer?.kind !== 'json' || !answer.schema || reply.statusCode >= 400 || typeof payload !== 'string') return payload;
    const result = answer.schema.safeParse(JSON.parse(payload));
    if (!result.success) {
      throw new Error(`${request.method} ${request.routeOptions.url}: the answer does not match the route table:\n${z.prettifyError(result.error)}`);
    }
    return payload;
  });
}
