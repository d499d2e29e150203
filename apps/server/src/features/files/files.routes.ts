import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, routes, type UploadRejectCode } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { partsWhileConnected } from '../../lib/parts-while-connected.js';
import { registerRoute } from '../../lib/register-route.js';
import { currentActor, currentUserId } from '../../plugins/session.js';
import { INLINE_TYPES } from '../../storage/content-type.js';
import type { FilesService } from './files.service.js';
import { ADVANCED_POLICY, DASHBOARD_POLICY } from './upload-policy.js';

/** The body's declared size, when the client sent one (browsers do): an upload's files cannot pass it. */
function declaredBytes(request: FastifyRequest): number | undefined {
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** The status of a refused file when it is the whole request (POST /api/upload: any other status than 200 is failure). */
const REFUSAL_STATUS: Record<UploadRejectCode, number> = {
  UNSUPPORTED_FILE_TYPE: 415,
  FILE_TOO_LARGE: 413,
  HASH_MISMATCH: 400,
  EMPTY_FILE: 400,
  INVALID_FILE_NAME: 400,
};

/** Documents: upload, the year's list, a document's versions, the bytes of one version, delete and move. */
export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    // Names as sent: a name with a path in it is refused, not silently cut to its last segment.
    preservePath: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 3 * MAX_FILES_PER_UPLOAD, fieldSize: 1024, parts: 3 * MAX_FILES_PER_UPLOAD + 10 },
  });

  registerRoute(app, routes.uploadFiles, async (request) => {
    if (!request.isMultipart()) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'files: send the files as multipart/form-data', 'files');
    }
    return files.upload(currentUserId(request), () => partsWhileConnected(request), DASHBOARD_POLICY, { declaredBytes: declaredBytes(request) });
  });

  // Advanced Tax Information's upload (part 2 §7): one file, its hash in a JSON array, only the
  // document types of §5 (checked by content), and a refused file answers an error status.
  registerRoute(app, routes.uploadAdvancedDocument, async (request) => {
    if (!request.isMultipart()) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'files: send the file as multipart/form-data', 'files');
    }
    const answer = await files.upload(currentUserId(request), () => partsWhileConnected(request), ADVANCED_POLICY, { maxFiles: 1, declaredBytes: declaredBytes(request) });
    const [result] = answer.files;
    if (result?.status === 'rejected') {
      throw new AppError(REFUSAL_STATUS[result.code], result.code, result.reason, 'files');
    }
    return answer;
  });

  // What the account's documents take of its storage quota (the dashboard shows it).
  registerRoute(app, routes.storageUsage, async (request) => files.usage(currentUserId(request)));

  registerRoute(app, routes.listFiles, async (request) => files.list(currentUserId(request), request.query.taxYear));

  registerRoute(app, routes.fileHistory, async (request) => files.history(currentActor(request), request.params.id));

  // Before the year is transmitted its owner may delete a document or a version, or move it (D7).
  registerRoute(app, routes.deleteFile, async (request) => files.deleteFile(currentUserId(request), request.params.id));

  registerRoute(app, routes.deleteFileVersion, async (request) =>
    files.deleteVersion(currentUserId(request), request.params.id, request.params.version),
  );

  registerRoute(app, routes.moveFile, async (request) =>
    files.move(currentUserId(request), request.params.id, request.body.categoryId),
  );

  registerRoute(app, routes.fileContent, async (request, reply) => {
    const { stored, body } = await files.openVersion(currentActor(request), request.params.id, request.params.version);
    const inline = request.query.inline === '1' && INLINE_TYPES.has(stored.contentType);
    reply
      .header('content-type', stored.contentType)
      .header('content-length', stored.sizeBytes)
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', stored.originalName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store');
    // Shown in the browser, a document may not run anything nor reach anything.
    if (inline) reply.header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
    return reply.send(body);
  });
};
