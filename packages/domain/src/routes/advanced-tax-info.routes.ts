import { z } from 'zod';
import {
  advancedTaxInfoQuery,
  authorizationBody,
  childrenInfoBody,
  spouseInfoBody,
  userPreferenceBody,
  userPreferenceParams,
  advancedTaxInfoResponse,
  childrenInfoResponse,
  savedAuthorization,
  savedSpouse,
  userPreferencesResponse,
} from '../api/advanced-tax-info.js';
import { advancedInfoCompletionBody, advancedInfoCompletionResponse } from '../api/tax-status.js';
import { defineRoute, file, json, serviceChecked } from './route.js';

/** `?taxYear=&language=` of the power of attorney PDF: English or German. */
export const powerOfAttorneyQuery = advancedTaxInfoQuery.extend({
  language: z.enum(['en', 'de'], { error: 'language must be en or de' }).default('en'),
});

/** Advanced Tax Information, per user and year (part 2 §7, DECISIONS D6). */
export const advancedTaxInfoRoutes = {
  getAdvancedTaxInfo: defineRoute({
    method: 'GET',
    path: '/api/advanced-tax-info',
    access: 'user',
    summary: "The year's spouse, children, authorization, toggles and relevance",
    query: advancedTaxInfoQuery,
    response: json(advancedTaxInfoResponse),
  }),
  getUserPreferences: defineRoute({
    method: 'GET',
    path: '/api/user-preferences',
    access: 'user',
    summary: "The year's section toggles and document relevance",
    query: advancedTaxInfoQuery,
    response: json(userPreferencesResponse),
  }),
  setUserPreference: defineRoute({
    method: 'POST',
    path: '/api/user-preferences/:key',
    access: 'user',
    summary: "Sets a section's toggle or a document category's relevance",
    params: userPreferenceParams,
    body: userPreferenceBody,
    response: json(userPreferencesResponse),
  }),
  saveSpouse: defineRoute({
    method: 'PUT',
    path: '/api/advanced-tax-info/spouse',
    access: 'user',
    summary: 'Saves the spouse (AHV number sealed; 409 ANSWERS_OUTDATED when edited from an older version)',
    body: serviceChecked(spouseInfoBody),
    response: json(savedSpouse),
  }),
  saveChildren: defineRoute({
    method: 'PUT',
    path: '/api/advanced-tax-info/children',
    access: 'user',
    summary: 'Saves the children (409 ANSWERS_OUTDATED when edited from an older version)',
    body: serviceChecked(childrenInfoBody),
    response: json(childrenInfoResponse),
  }),
  saveAuthorization: defineRoute({
    method: 'PUT',
    path: '/api/advanced-tax-info/authorization',
    access: 'user',
    summary: 'Saves the authorization settings (TIN sealed; 409 ANSWERS_OUTDATED when edited from an older version)',
    body: serviceChecked(authorizationBody),
    response: json(savedAuthorization),
  }),
  setAdvancedInfoCompletion: defineRoute({
    method: 'PUT',
    path: '/api/advanced-tax-info/completion',
    access: 'user',
    summary: 'Marks Advanced Tax Information complete or not',
    body: advancedInfoCompletionBody,
    response: json(advancedInfoCompletionResponse),
  }),
  powerOfAttorney: defineRoute({
    method: 'GET',
    path: '/api/advanced-tax-info/power-of-attorney',
    access: 'user',
    summary: 'The power of attorney as a PDF download',
    query: powerOfAttorneyQuery,
    response: file('application/pdf'),
  }),
} as const;
