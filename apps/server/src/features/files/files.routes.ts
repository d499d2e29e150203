import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fileContentQuery,
  fileIdParams,
  filesQuery,
  fileVersionParams,
  findCategory,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  versionContentUrl,
  type FileRecord,
  type FileVersionEntry,
} from '@taxli/domain';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/app-error.js';
import { resolveTaxYear } from '../../lib/tax-year.js';
import { currentUserId } from '../../plugins/session.js';
import { decryptStream, unwrapDataKey } from '../../storage/envelope.js';
import { INLINE_TYPES } from './content-type.js';
import { createFilesRepository, type StoredVersion } from './files.repository.js';
import { createUploadHandler } from './upload-files.js';

const notFound = () => new AppError(404, 'FILE_NOT_FOUND', 'This file does not exist or is not yours');

/** A header value for the original name: ASCII fallback plus the exact name (RFC 6266/5987). */
function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Documents: upload, the year's list, a document's versions, and the bytes of one version. */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock, config, blobs } = app.deps;
  const repository = createFilesRepository(database.db);
  const uploadFiles = createUploadHandler(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  await app.register(multipart, {
    throwFileSizeLimit: false,
    // Names as sent: a name with a path in it is refused, not silently cut to its last segment.
    preservePath: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 3 * MAX_FILES_PER_UPLOAD, fieldSize: 1024, parts: 3 * MAX_FILES_PER_UPLOAD + 10 },
  });

  /** The version if the caller may see it: its owner, or an admin (whose access is audited). */
  async function readable(request: FastifyRequest, stored: StoredVersion | undefined): Promise<StoredVersion> {
    const session = request.session;
    if (!stored || !session) throw notFound();
    if (stored.ownerId === session.userId) return stored;
    if (session.role !== 'admin') throw notFound();
    await app.audit.record({
      action: 'documents.admin_read',
      outcome: 'success',
      actorUserId: session.userId,
      subjectUserId: stored.ownerId,
      details: { documentId: stored.documentId, version: stored.version },
    });
    return stored;
  }

  api.post('/api/files/upload', { onRequest: app.requireUser }, async (request) => {
    if (!request.isMultipart()) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'files: send the files as multipart/form-data', 'files');
    }
    return uploadFiles(currentUserId(request), request.parts());
  });

  api.get('/api/files', { onRequest: app.requireUser, schema: { querystring: filesQuery } }, async (request) => {
    const taxYear = resolveTaxYear(clock(), request.query.taxYear);
    const rows = await repository.listLatest(currentUserId(request), taxYear);
    return rows.map(
      (row): FileRecord => ({
        id: row.id,
        filename: row.originalName,
        originalFileName: row.originalName,
        fileName: row.originalName,
        name: row.originalName,
        categoryId: row.categoryId,
        categoryName: findCategory(row.categoryId)?.name ?? '',
        taxYear: row.taxYear,
        uploadedAt: row.uploadedAt.toISOString(),
        createdAt: new Date(row.firstAt ?? row.uploadedAt).toISOString(),
        blobUrl: versionContentUrl(row.id, row.version),
        size: row.sizeBytes,
        version: row.version,
        versionCount: Number(row.versionCount),
        sha256: row.sha256,
      }),
    );
  });

  api.get('/api/files/:id/history', { onRequest: app.requireUser, schema: { params: fileIdParams } }, async (request) => {
    const versions = await repository.versions(request.params.id);
    await readable(request, versions[0]);
    return versions.map(
      (v): FileVersionEntry => ({
        version: v.version,
        createdAt: v.createdAt.toISOString(),
        blobUrl: versionContentUrl(v.documentId, v.version),
        filename: v.originalName,
        size: v.sizeBytes,
        sha256: v.sha256,
      }),
    );
  });

  api.get(
    '/api/files/:id/versions/:version/content',
    { onRequest: app.requireUser, schema: { params: fileVersionParams, querystring: fileContentQuery } },
    async (request, reply) => {
      const stored = await readable(request, await repository.findVersion(request.params.id, request.params.version));
      const inline = request.query.inline === '1' && INLINE_TYPES.has(stored.contentType);
      // pipeline, not pipe: a client that goes away (or a frame that fails its check) then closes the
      // stored blob's file or connection too, instead of leaving it open for good.
      const body = decryptStream(unwrapDataKey(config.masterKey, stored.wrappedKey));
      pipeline(await blobs.get(stored.storageKey), body).catch(() => undefined);
      reply
        .header('content-type', stored.contentType)
        .header('content-length', stored.sizeBytes)
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', stored.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store');
      // Shown in the browser, a document may not run anything nor reach anything.
      if (inline) reply.header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
      return reply.send(body);
    },
  );
}
