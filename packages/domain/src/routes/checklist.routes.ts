import { checklistItemParams, checklistQuery, checklistResponse, notApplicableBody } from '../api/checklist.js';
import { defineRoute, json } from './route.js';

/** The person's document checklist and its "not applicable" marks (DECISIONS D19). */
export const checklistRoutes = {
  getChecklist: defineRoute({
    method: 'GET',
    path: '/api/checklist',
    access: 'user',
    summary: "The year's personal document checklist: items from the tax profile, each with its reason, file and mark",
    query: checklistQuery,
    response: json(checklistResponse),
  }),
  markNotApplicable: defineRoute({
    method: 'PUT',
    path: '/api/checklist/:taxYear/items/:categoryId/not-applicable',
    access: 'user',
    summary: 'Marks a checklist item not applicable, with a reason (409 after transmission)',
    params: checklistItemParams,
    body: notApplicableBody,
    response: json(checklistResponse),
  }),
  unmarkNotApplicable: defineRoute({
    method: 'DELETE',
    path: '/api/checklist/:taxYear/items/:categoryId/not-applicable',
    access: 'user',
    summary: 'Undoes the not-applicable mark of a checklist item (409 after transmission)',
    params: checklistItemParams,
    response: json(checklistResponse),
  }),
} as const;
