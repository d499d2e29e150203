import { gtcAcceptBody, gtcAcceptResponse, profileUpdateBody, taxYearQuery, userResponse } from '../api/user.js';
import { taxAddressBody } from '../api/tax-profile.js';
import { defineRoute, json } from './route.js';

/** The signed-in user's own record, profile, tax address and terms acceptance. */
export const userRoutes = {
  getUser: defineRoute({
    method: 'GET',
    path: '/api/user',
    access: 'user',
    summary: "The caller's record with the year's profile state",
    query: taxYearQuery,
    response: json(userResponse),
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/api/user/profile',
    access: 'user',
    summary: "Saves the profile (409 PROFILE_OUTDATED when edited from an older one); with isTaxProfileComplete: true, completes the year's tax profile",
    query: taxYearQuery,
    body: profileUpdateBody,
    response: json(userResponse),
  }),
  updateTaxAddress: defineRoute({
    method: 'PUT',
    path: '/api/user/tax-address',
    access: 'user',
    summary: 'Saves the tax address',
    body: taxAddressBody,
    response: json(userResponse),
  }),
  acceptTerms: defineRoute({
    method: 'POST',
    path: '/api/gtc/accept',
    access: 'user',
    summary: 'Records the acceptance of the terms (time, user agent, hashed address)',
    body: gtcAcceptBody,
    response: json(gtcAcceptResponse),
  }),
} as const;
