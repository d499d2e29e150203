import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  buildTaxDeclaration,
  declarationFileName,
  DEFAULT_COUNTRY_CODE,
  digitsOnly,
  type ProfileUpdateBody,
  type UserResponse,
  type WizardState,
} from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { draftSaveScope } from './save-tax-draft';

export interface SubmitTaxProfileInput {
  userId: number;
  taxYear: number;
  state: WizardState;
  now: Date;
  language?: ProfileUpdateBody['language'];
  /**
   * The tax profile version the answers were edited from, read when the submit runs (after the
   * draft saves asked for before it): a newer one stored is refused with 409 DRAFT_OUTDATED.
   */
  readDraftVersion?: () => number;
  /** Called when the declaration cannot be built (part 2 §8); the profile is saved all the same. */
  onExportError?: (error: unknown) => void;
}

/** Every wizard field flat, as the final submit sends them (part 2 §7). */
export function finalSubmitBody({
  taxYear,
  state,
  language,
  draftVersion,
}: Pick<SubmitTaxProfileInput, 'taxYear' | 'state' | 'language'> & { draftVersion?: number }): ProfileUpdateBody {
  const { personal, answers } = state;
  const firstName = (personal.firstName ?? '').trim();
  const lastName = (personal.lastName ?? '').trim();
  return {
    ...personal,
    ...answers,
    firstName,
    lastName,
    name: `${firstName} ${lastName}`.trim(),
    phone: digitsOnly(personal.phone ?? ''),
    countryCode: personal.countryCode ?? DEFAULT_COUNTRY_CODE,
    // §3: set to false on the final submit.
    hasDonations: false,
    hasDeductions: false,
    isTaxProfileComplete: true,
    taxYear,
    ...(language ? { language } : {}),
    ...(draftVersion === undefined ? {} : { draftVersion }),
  };
}

/**
 * The final submit (part 2 §4, §7): PUT /api/user/profile with every field, then, as the spec's
 * client does, the declaration and the 1 → 2 move; the server already did both in its transaction,
 * so their failures are only logged.
 */
export async function submitTaxProfile(input: SubmitTaxProfileInput): Promise<UserResponse> {
  const { userId, taxYear, state, now } = input;
  const user = await callApi(routes.updateProfile, { query: { taxYear }, body: finalSubmitBody({ ...input, draftVersion: input.readDraftVersion?.() }) });
  let taxData: ReturnType<typeof buildTaxDeclaration> | undefined;
  try {
    taxData = buildTaxDeclaration({
      userId,
      taxYear,
      submitDate: now,
      personal: state.personal,
      answers: state.answers,
      taxAddress: { street: state.answers.street ?? null, city: state.answers.city ?? null },
    });
  } catch (error) {
    input.onExportError?.(error);
  }
  if (taxData) {
    await callApi(routes.saveDeclaration, { body: { taxData, filename: declarationFileName(userId, now) } })
      .catch((error: unknown) => console.error('Saving the tax declaration failed', error));
  }
  await callApi(routes.setStatus, { body: { statusId: 2, taxYear } })
    .catch((error: unknown) => console.error('Advancing the tax status failed', error));
  return user;
}

/**
 * On success the user, the year's status, tax profile and cards, and the notifications are fetched
 * again. The submit waits for the year's draft saves asked for before it (their scope), so it goes
 * on from the version they answered.
 */
export function useSubmitTaxProfile(taxYear: number) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: draftSaveScope(taxYear),
    mutationFn: submitTaxProfile,
    onSuccess: async (_user, { taxYear }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(taxYear) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.taxProfile(taxYear) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.taxCards(taxYear) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
      ]);
    },
  });
}
