import {
  documentCategoriesQuery,
  fileContentQuery,
  fileIdParams,
  filesQuery,
  fileVersionParams,
  moveFileBody,
  deleteFileResponse,
  fileRecord,
  fileVersionEntry,
  moveFileResponse,
  storageUsage,
  uploadResponse,
  documentCategoryResponse,
} from '../api/files.js';
import { z } from 'zod';
import { defineRoute, file, json, multipart, pathFor } from './route.js';

/** Documents: upload, the year's list, a document's versions, the bytes of one version, delete and move. */
export const filesRoutes = {
  uploadFiles: defineRoute({
    method: 'POST',
    path: '/api/files/upload',
    access: 'user',
    summary: "Uploads documents into a year's categories; each file accepted or refused on its own",
    body: multipart('categoryId, taxYear, hashes (a JSON array of SHA-256s, one per file), then the files'),
    response: json(uploadResponse),
  }),
  uploadAdvancedDocument: defineRoute({
    method: 'POST',
    path: '/api/upload',
    access: 'user',
    summary: "Advanced Tax Information's upload: one file; a refused file is an error status",
    body: multipart('categoryId, categoryName, taxYear, hashes (a JSON array with the SHA-256), one file'),
    response: json(uploadResponse),
  }),
  storageUsage: defineRoute({
    method: 'GET',
    path: '/api/files/usage',
    access: 'user',
    summary: "What the account's documents take of its storage quota",
    response: json(storageUsage),
  }),
  listFiles: defineRoute({
    method: 'GET',
    path: '/api/files',
    access: 'user',
    summary: "The year's documents",
    query: filesQuery,
    response: json(z.array(fileRecord)),
  }),
  fileHistory: defineRoute({
    method: 'GET',
    path: '/api/files/:id/history',
    access: 'user',
    summary: "A document's versions",
    params: fileIdParams,
    response: json(z.array(fileVersionEntry)),
  }),
  deleteFile: defineRoute({
    method: 'DELETE',
    path: '/api/files/:id',
    access: 'user',
    summary: 'Deletes a document (before the year is transmitted)',
    params: fileIdParams,
    response: json(deleteFileResponse),
  }),
  deleteFileVersion: defineRoute({
    method: 'DELETE',
    path: '/api/files/:id/versions/:version',
    access: 'user',
    summary: "Deletes one version of a document",
    params: fileVersionParams,
    response: json(deleteFileResponse),
  }),
  moveFile: defineRoute({
    method: 'PATCH',
    path: '/api/files/:id',
    access: 'user',
    summary: 'Moves a document to another category',
    params: fileIdParams,
    body: moveFileBody,
    response: json(moveFileResponse),
  }),
  fileContent: defineRoute({
    method: 'GET',
    path: '/api/files/:id/versions/:version/content',
    access: 'user',
    summary: 'The bytes of one version (inline=1 shows PDFs and images in the browser)',
    params: fileVersionParams,
    query: fileContentQuery,
    response: file('the stored type'),
  }),
  documentCategories: defineRoute({
    method: 'GET',
    path: '/api/document-categories',
    access: 'user',
    summary: 'The document categories, basic (default) or all',
    query: documentCategoriesQuery,
    response: json(z.array(documentCategoryResponse)),
  }),
} as const;

/** The app URL behind which a version's bytes are served (owner or admin only, D7). */
export function versionContentUrl(fileId: number, version: number): string {
  return pathFor(filesRoutes.fileContent, { id: fileId, version });
}
