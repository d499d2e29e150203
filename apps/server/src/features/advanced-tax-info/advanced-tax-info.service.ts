import type { AdvancedInfoCompletionResponse } from '@taxli/domain';
import type { Clock } from '../../lib/clock.js';
import { resolveAdvancedInfoTaxYear } from '../../lib/tax-year.js';
import type { AdvancedTaxInfoRepository } from './advanced-tax-info.repository.js';

export interface AdvancedTaxInfoDeps {
  sections: AdvancedTaxInfoRepository;
  clock: Clock;
}

/**
 * Advanced Tax Information. For now only the section's completion flag, which transmit checks on
 * the server (DECISIONS D1, D6); the section's screen and data come with a later issue.
 */
export function createAdvancedTaxInfoService({ sections, clock }: AdvancedTaxInfoDeps) {
  return {
    async setCompleted(userId: number, requestedYear: number, completed: boolean): Promise<AdvancedInfoCompletionResponse> {
      const now = clock();
      const taxYear = resolveAdvancedInfoTaxYear(now, requestedYear);
      const advancedInfoCompleted = await sections.setCompleted(userId, taxYear, completed, now);
      return { taxYear, advancedInfoCompleted };
    },
  };
}

export type AdvancedTaxInfoService = ReturnType<typeof createAdvancedTaxInfoService>;
