import { accountRoutes } from './account.routes.js';
import { adminRoutes, debugRoutes } from './admin.routes.js';
import { advancedTaxInfoRoutes } from './advanced-tax-info.routes.js';
import { authRoutes } from './auth.routes.js';
import { passkeyRoutes } from './passkey.routes.js';
import { erasureRoutes } from './erasure.routes.js';
import { checklistRoutes } from './checklist.routes.js';
import { contactRoutes } from './contact.routes.js';
import { expertRoutes, returnWorkRoutes } from './expert.routes.js';
import { extractionRoutes } from './extraction.routes.js';
import { filesRoutes } from './files.routes.js';
import { healthRoutes } from './health.routes.js';
import { taxProfileRoutes } from './tax-profile.routes.js';
import { taxStatusRoutes } from './tax-status.routes.js';
import { userRoutes } from './user.routes.js';

export * from './route.js';
export { endpointList } from './endpoint-list.js';
export { audioParams } from './auth.routes.js';
export { healthResponse, type HealthResponse } from './health.routes.js';
export { powerOfAttorneyQuery } from './advanced-tax-info.routes.js';
export { versionContentUrl } from './files.routes.js';

/**
 * Every route of the API (part 2 §7): the server registers its routes from this table only, the web
 * app calls the API only through it, and docs/architecture.md lists it (scripts/route-docs.test.ts).
 * /dev/mailbox is not here: it is a developer's HTML page, not part of the API.
 */
export const routes = {
  ...healthRoutes,
  ...authRoutes,
  ...passkeyRoutes,
  ...erasureRoutes,
  ...userRoutes,
  ...taxProfileRoutes,
  ...taxStatusRoutes,
  ...checklistRoutes,
  ...advancedTaxInfoRoutes,
  ...filesRoutes,
  ...extractionRoutes,
  ...contactRoutes,
  ...returnWorkRoutes,
  ...expertRoutes,
  ...adminRoutes,
  ...accountRoutes,
  ...debugRoutes,
} as const;

export type RouteName = keyof typeof routes;
