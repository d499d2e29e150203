import { extractionResponse, figuresResponse, inboxAcceptBody, inboxDecisionResponse, inboxFileParams, inboxQuery, inboxResponse } from '../api/extraction.js';
import { returnParams } from '../api/expert.js';
import { fileIdParams } from '../api/files.js';
import { defineRoute, file, json } from './route.js';

/** Documents that read themselves (issue 29): what was read, the person's review inbox, the expert's figures. */
export const extractionRoutes = {
  fileExtraction: defineRoute({
    method: 'GET',
    path: '/api/files/:id/extraction',
    access: 'user',
    summary: "What was read out of a document's latest version: pending, done, none or failed, with its figures",
    params: fileIdParams,
    response: json(extractionResponse),
  }),
  inbox: defineRoute({
    method: 'GET',
    path: '/api/inbox',
    access: 'user',
    summary: "The year's read documents awaiting the person's review: figures, a suggested category, questions",
    query: inboxQuery,
    response: json(inboxResponse),
  }),
  inboxAccept: defineRoute({
    method: 'POST',
    path: '/api/inbox/:fileId/accept',
    access: 'user',
    summary: 'Confirms the figures; moves the file to the suggested (or given) category before transmission',
    params: inboxFileParams,
    body: inboxAcceptBody,
    response: json(inboxDecisionResponse),
  }),
  inboxDismiss: defineRoute({
    method: 'POST',
    path: '/api/inbox/:fileId/dismiss',
    access: 'user',
    summary: 'Leaves the file where it is and takes it out of the inbox',
    params: inboxFileParams,
    response: json(inboxDecisionResponse),
  }),
  expertFigures: defineRoute({
    method: 'GET',
    path: '/api/expert/returns/:userId/:taxYear/figures',
    access: 'expert',
    summary: 'Figures from documents: salary per employer, bank and securities totals, each linked to its file',
    params: returnParams,
    response: json(figuresResponse),
  }),
  expertFiguresCsv: defineRoute({
    method: 'GET',
    path: '/api/expert/returns/:userId/:taxYear/figures.csv',
    access: 'expert',
    summary: 'Figures from documents as CSV',
    params: returnParams,
    response: file('text/csv'),
  }),
} as const;
