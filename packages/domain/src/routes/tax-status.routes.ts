import {
  adminTaxStatusBody,
  taxStatusQuery,
  transmitBody,
  updateNumericStatusBody,
  adminSetTaxStatusResponse,
  taxStatusResponse,
  transmitResponse,
  transmitReviewQuery,
  transmitReviewResponse,
} from '../api/tax-status.js';
import { defineRoute, file, json } from './route.js';

/** Status per tax year, its changes and transmit (DECISIONS D1). */
export const taxStatusRoutes = {
  getTaxStatus: defineRoute({
    method: 'GET',
    path: '/api/tax-status',
    access: 'user',
    summary: "The year's status (default: the year in preparation)",
    query: taxStatusQuery,
    response: json(taxStatusResponse),
  }),
  updateNumericStatus: defineRoute({
    method: 'POST',
    path: '/api/tax-status/update-numeric',
    access: 'user',
    summary: "Moves the year's status by number, as the rules allow",
    body: updateNumericStatusBody,
    response: json(taxStatusResponse),
  }),
  transmit: defineRoute({
    method: 'POST',
    path: '/api/tax-year-status/transmit',
    access: 'user',
    summary: 'Hands the year to the experts',
    body: transmitBody,
    response: json(transmitResponse),
  }),
  transmitReview: defineRoute({
    method: 'GET',
    path: '/api/tax-year-status/review',
    access: 'user',
    summary: 'What still blocks the transmit, and the latest transmission with the versions it sent',
    query: transmitReviewQuery,
    response: json(transmitReviewResponse),
  }),
  transmissionReceipt: defineRoute({
    method: 'GET',
    path: '/api/tax/receipt',
    access: 'user',
    summary: "The latest transmission's receipt as a PDF: every document sent with its SHA-256",
    query: transmitReviewQuery,
    response: file('application/pdf'),
  }),
  adminSetTaxStatus: defineRoute({
    method: 'PATCH',
    path: '/api/user/tax-status',
    access: 'admin',
    summary: "Sets a user's status for a year or all years",
    body: adminTaxStatusBody,
    response: json(adminSetTaxStatusResponse),
  }),
} as const;
