import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PREPARED_RETURN_MAX_BYTES, routes } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { partsWhileConnected } from '../../lib/parts-while-connected.js';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { ExpertDocumentsService } from './expert-documents.service.js';
import type { OpenedPreparedReturn, PreparedReturnService } from './prepared-return.service.js';

/** A download's headers: an attachment (never shown in the browser), its type as stored, never cached. */
function download(reply: FastifyReply, type: string, fileName: string, length: number): FastifyReply {
  return reply
    .header('content-type', type)
    .header('content-length', length)
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
}

const sendPreparedReturn = (reply: FastifyReply, opened: OpenedPreparedReturn, fileName: string) =>
  download(reply, 'application/pdf', fileName, opened.stored.sizeBytes).send(opened.body);

/**
 * The expert's downloads of a person's documents (one version, the year as a ZIP) and the prepared
 * return on both sides: the expert's upload and download, the person's download (issue 27).
 */
export const expertDocumentsRoutes: FastifyPluginAsyncZod<{ documents: ExpertDocumentsService; preparedReturns: PreparedReturnService }> = async (
  app,
  { documents, preparedReturns },
) => {
  // One PDF, no other file; the form's few plain fields are read and ignored.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: PREPARED_RETURN_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  registerRoute(app, routes.expertDocument, async (request, reply) => {
    const { userId, taxYear, versionId } = request.params;
    const opened = await documents.openDocument({ userId: currentUserId(request) }, userId, taxYear, versionId);
    return download(reply, opened.version.contentType, opened.fileName, opened.version.sizeBytes).send(opened.body);
  });

  registerRoute(app, routes.expertDocumentsZip, async (request, reply) => {
    const { userId, taxYear } = request.params;
    const bodyless = request.method === 'HEAD';
    const archive = await documents.openArchive({ userId: currentUserId(request) }, userId, taxYear, { bodyless });
    // Fastify's HEAD reads a stream to its end and throws the bytes away (a gigabyte decrypted for
    // nothing), and answers no body with length 0: an empty stream keeps the archive's length.
    return download(reply, 'application/zip', archive.fileName, archive.length).send(bodyless ? Readable.from([]) : archive.stream);
  });

  registerRoute(app, routes.expertUploadPreparedReturn, async (request, reply) => {
    if (!request.isMultipart()) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'file: send the PDF as multipart/form-data', 'file');
    }
    const { userId, taxYear } = request.params;
    const summary = await preparedReturns.upload(currentUserId(request), userId, taxYear, () => partsWhileConnected(request));
    return reply.status(201).send(summary);
  });

  registerRoute(app, routes.expertPreparedReturn, async (request, reply) => {
    const { userId, taxYear } = request.params;
    const opened = await preparedReturns.openForExpert(currentUserId(request), userId, taxYear);
    return sendPreparedReturn(reply, opened, `taxli-prepared-return-${taxYear}-${userId}.pdf`);
  });

  registerRoute(app, routes.preparedReturn, async (request, reply) => {
    const opened = await preparedReturns.openForPerson(currentUserId(request), request.query.taxYear);
    return sendPreparedReturn(reply, opened, `taxli-prepared-return-${opened.taxYear}.pdf`);
  });
};
