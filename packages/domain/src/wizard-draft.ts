import { z } from 'zod';
import { personalAnswersSchema, systemClock, type Clock } from './personal-answers.js';
import { taxProfileAnswers } from './tax-profile.js';
import { editedFromVersion } from './api/database-id.js';

/** The wizard has 12 steps, indexed 0 to 11 (part 2 §2, §4). */
export const WIZARD_STEP_COUNT = 12;

/**
 * The body of `PUT /api/tax-profile/draft`: where the user is in the wizard and what they have
 * answered so far, so that the wizard resumes there on another device (D6, D15).
 */
export function wizardDraftSchema(clock: Clock = systemClock) {
  return z.strictObject({
    step: z
      .number({ error: 'step must be a number' })
      .int('step must be a whole number')
      .min(0, 'step must be at least 0')
      .max(WIZARD_STEP_COUNT - 1, `step must be at most ${WIZARD_STEP_COUNT - 1}`),
    personal: personalAnswersSchema(clock),
    answers: taxProfileAnswers,
    /**
     * The version of the stored profile this draft was edited from (`version` of GET
     * /api/tax-profile). Sent, a draft older than the stored one is refused with 409
     * `DRAFT_OUTDATED` instead of overwriting it; left out, the draft is saved as before.
     */
    version: editedFromVersion('version').optional(),
  });
}

export const wizardDraft = wizardDraftSchema();
export type WizardDraft = z.input<typeof wizardDraft>;
export type ParsedWizardDraft = z.output<typeof wizardDraft>;
