import {
  statusSetBody,
  taxProfileQuery,
  saveDeclarationResponse,
  taxCategoryPreferencesResponse,
  taxProfileResponse,
} from '../api/tax-profile.js';
import { taxStatusResponse } from '../api/tax-status.js';
import { saveDeclarationBody } from '../declaration-schema.js';
import { wizardDraft } from '../wizard-draft.js';
import { defineRoute, file, json, serviceChecked } from './route.js';

/** The tax profile of a year: the wizard's draft, declarations, the 1 → 2 move and the tax cards (part 2 §7). */
export const taxProfileRoutes = {
  getTaxProfile: defineRoute({
    method: 'GET',
    path: '/api/tax-profile',
    access: 'user',
    summary: "The year's tax profile: answers, wizard draft, version",
    query: taxProfileQuery,
    response: json(taxProfileResponse),
  }),
  saveTaxDraft: defineRoute({
    method: 'PUT',
    path: '/api/tax-profile/draft',
    access: 'user',
    summary: "Saves the wizard's draft (409 DRAFT_OUTDATED when older than the stored one)",
    query: taxProfileQuery,
    body: serviceChecked(wizardDraft),
    response: json(taxProfileResponse),
  }),
  reopenTaxProfile: defineRoute({
    method: 'POST',
    path: '/api/tax-profile/reopen',
    access: 'user',
    summary: "Reopens the year's completed profile for editing (409 TAX_PROFILE_TRANSMITTED once transmitted)",
    query: taxProfileQuery,
    response: json(taxProfileResponse),
  }),
  saveDeclaration: defineRoute({
    method: 'POST',
    path: '/api/tax/save-declaration',
    access: 'user',
    summary: 'Stores the tax declaration of the final submit',
    body: serviceChecked(saveDeclarationBody),
    response: json(saveDeclarationResponse),
  }),
  getDeclaration: defineRoute({
    method: 'GET',
    path: '/api/tax/declaration',
    access: 'user',
    summary: "The year's latest declaration as a JSON download",
    query: taxProfileQuery,
    response: file('application/json'),
  }),
  setStatus: defineRoute({
    method: 'POST',
    path: '/api/status/set',
    access: 'user',
    summary: "Moves the year's status (the wizard's 1 → 2)",
    body: statusSetBody,
    response: json(taxStatusResponse),
  }),
  getTaxCategoryPreferences: defineRoute({
    method: 'GET',
    path: '/api/tax-category-preferences',
    access: 'user',
    summary: "The year's tax cards: which document categories apply",
    query: taxProfileQuery,
    response: json(taxCategoryPreferencesResponse),
  }),
} as const;
