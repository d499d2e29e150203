import {
  buildTaxDeclaration,
  completeTaxProfileSchema,
  declarationFileName,
  isYearTransmitted,
  PERSONAL_FIELDS,
  priorityCards,
  profileCompleteness,
  saveDeclarationBodySchema,
  TAX_PROFILE_FIELDS,
  taxProfileAnswers,
  taxCardsFor,
  taxCategoryPreferences,
  wizardDraftSchema,
  WIZARD_STEP_COUNT,
  type CompleteTaxProfile,
  type PersonalAnswers,
  type PersonalField,
  type SaveDeclarationResponse,
  type TaxCategoryPreferences,
  type TaxCategoryPreferencesResponse,
  type TaxProfileAnswers,
  type TaxProfileResponse,
  type TaxStatusResponse,
  type UserResponse,
} from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import { fieldRefusal, validationError } from '../../lib/validation-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import type { TaxStatusService } from '../tax-status/tax-status.service.js';
import type { PersonalWriter, UserRecord, UserService } from '../users/user.service.js';
import type { TaxProfileRepository } from './tax-profile.repository.js';

/** The completion flag as a column of the user record's one statement: other features' door to it. */
export { taxProfileCompleteColumn } from './tax-profile.repository.js';

/**
 * What the checklist (DECISIONS D19) reads of the tax profile: the answers of the year once it is
 * completed, else null (the checklist is then D3's six). The tax status reads it for the 2 → 3 move.
 */
export function createProfileAnswerReads(profiles: Pick<TaxProfileRepository, 'find'>) {
  return {
    completedAnswers: async (userId: number, taxYear: number): Promise<TaxProfileAnswers | null> => {
      const stored = await profiles.find(userId, taxYear);
      return stored?.completedAt ? stored.answers : null;
    },
  };
}
export type ProfileAnswerReads = ReturnType<typeof createProfileAnswerReads>;

/** What the final submit writes, all in one transaction (nothing half-saved). */
export interface SubmitScope {
  profiles: TaxProfileRepository;
  personal: PersonalWriter;
  taxStatus: Pick<TaxStatusService, 'advanceAfterTaxProfileSaved'>;
  audit: AuditLog;
}

export interface TaxProfileDeps {
  profiles: TaxProfileRepository;
  users: Pick<UserService, 'findRecord' | 'getUser' | 'resolveTaxYear'>;
  taxStatus: Pick<TaxStatusService, 'getStatus' | 'adminSetStatus' | 'resolveYear' | 'advanceAfterTaxProfileSaved'>;
  audit: AuditLog;
  clock: Clock;
  inTransaction<T>(work: (scope: SubmitScope) => Promise<T>): Promise<T>;
}

export interface Actor {
  userId: number;
  isAdmin: boolean;
}

/** The wizard's groups of fields; a client names the field alone (`street`, not `answers.street`). */
const WIZARD_GROUPS = ['personal', 'answers'];

const pick = (source: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]));

const draftOutdated = (taxYear: number, version: number | undefined, field: string) =>
  new AppError(409, 'DRAFT_OUTDATED', `Newer answers for ${taxYear} were saved since version ${version}; load them and go on from there.`, field);

/** The person's own fields as the user answer gives them (`GET /api/user`). */
type PersonOnRecord = Pick<UserResponse, PersonalField>;

/** A phone number is read with its country code: when one of them changes, both are the profile's. */
const PHONE_PAIR: readonly PersonalField[] = ['phone', 'countryCode'];

function personalOf(record: UserRecord): TaxProfileResponse['personal'] {
  return {
    salutation: record.salutation,
    firstName: record.firstName,
    lastName: record.lastName,
    dateOfBirth: record.dateOfBirth,
    phone: record.phone,
    countryCode: record.countryCode as TaxProfileResponse['personal']['countryCode'],
    jobName: record.jobName,
  };
}

/**
 * The tax profile of a year (DECISIONS D15, part 2 §2–§5): the wizard's draft saved at every Next,
 * the final submit that completes the year and moves it 1 → 2, its declarations, and the tax cards
 * its answers call for.
 */
export function createTaxProfileService(deps: TaxProfileDeps) {
  const { profiles, users, taxStatus, audit, clock } = deps;

  async function userRecord(userId: number, taxYear: number): Promise<UserRecord> {
    const record = await users.findRecord(userId, taxYear);
    // The session lookup just found this user; only a deletion in between gets here.
    if (!record) throw new AppError(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again');
    return record;
  }

  /** Issue 28: once the year is transmitted (status 4 on), its answers are what the experts work from. */
  async function refuseWhenTransmitted(userId: number, taxYear: number): Promise<void> {
    const { current_status_id: statusId } = await taxStatus.getStatus(userId, taxYear);
    if (isYearTransmitted(statusId)) {
      throw new AppError(409, 'TAX_PROFILE_TRANSMITTED', `The tax return for ${taxYear} has been transmitted; its tax profile can no longer be changed.`);
    }
  }

  async function get(userId: number, requestedYear?: number): Promise<TaxProfileResponse> {
    const taxYear = users.resolveTaxYear(requestedYear);
    const [stored, record, previous] = await Promise.all([
      profiles.find(userId, taxYear),
      userRecord(userId, taxYear),
      profiles.findLatestCompleteBefore(userId, taxYear),
    ]);
    return {
      taxYear,
      step: stored?.step ?? 0,
      personal: { ...personalOf(record), ...stored?.personalDraft },
      answers: stored?.answers ?? {},
      isComplete: stored?.completedAt != null,
      completedAt: stored?.completedAt?.toISOString() ?? null,
      updatedAt: stored?.updatedAt.toISOString() ?? null,
      version: stored?.version ?? 0,
      previousCompleteYear: previous?.taxYear ?? null,
    };
  }

  /** The wizard's final submit: checked whole, then user, profile, declaration and status in one transaction. */
  async function submit(userId: number, requestedYear: number | undefined, body: Record<string, unknown>): Promise<UserResponse> {
    const taxYear = users.resolveTaxYear(requestedYear);
    const sent = { personal: pick(body, PERSONAL_FIELDS), answers: pick(body, TAX_PROFILE_FIELDS) };
    const parsed = completeTaxProfileSchema(clock).safeParse(sent);
    if (!parsed.success) throw validationError(parsed.error, { drop: WIZARD_GROUPS, input: sent });
    const { personal, answers }: CompleteTaxProfile = parsed.data;
    await refuseWhenTransmitted(userId, taxYear);
    const now = clock();
    const draftVersion = typeof body.draftVersion === 'number' ? body.draftVersion : undefined;
    await deps.inTransaction(async (scope) => {
      // First: a submit edited from an older version writes nothing (the transaction is undone).
      if (!(await scope.profiles.saveComplete(userId, taxYear, WIZARD_STEP_COUNT - 1, answers, draftVersion, now))) {
        throw draftOutdated(taxYear, draftVersion, 'draftVersion');
      }
      await scope.personal.updatePersonal(userId, personal, now);
      await scope.personal.updateTaxAddress(
        userId,
        { street: answers.street, houseNumber: answers.houseNumber, zipCode: answers.zipCode, city: answers.city, gemeinde: answers.gemeinde },
        now,
      );
      await scope.personal.refreshProfileComplete(userId);
      const declaration = buildTaxDeclaration({
        userId,
        taxYear,
        submitDate: now,
        personal: personal as PersonalAnswers,
        answers: answers as TaxProfileAnswers,
        taxAddress: { street: answers.street, city: answers.city },
      });
      await scope.profiles.addDeclaration(userId, taxYear, declarationFileName(userId, now), declaration, now);
      await scope.taxStatus.advanceAfterTaxProfileSaved(userId, taxYear);
      await scope.audit.record({ action: 'tax_profile.complete', outcome: 'success', actorUserId: userId, subjectUserId: userId, details: { taxYear } });
    });
    return users.getUser(userId, taxYear);
  }

  return {
    get,
    submit,

    countAccountsWithACompleteYear: profiles.countAccountsWithACompleteYear,
    /** Every year's stored profile and every declaration version of a person (the data export, issue 30). */
    profilesOf: profiles.allOf,
    declarationsOf: profiles.declarationsOf,
    /** The admin panel's reset: every completed year except those reopened as a draft; answers the years reopened. */
    reopenCompleted: profiles.reopenCompleted,

    /** The debug panel's toggle (D4: admins, DEBUG_TOOLS only): a year's completion on or off, answers untouched. */
    async setCompletedForDebug(userId: number, taxYear: number, completed: boolean): Promise<void> {
      await profiles.setCompleted(userId, taxYear, completed, clock());
      await audit.record({ action: 'tax_profile.debug_set_complete', outcome: 'success', actorUserId: userId, subjectUserId: userId, details: { taxYear, completed } });
    },

    /**
     * POST /api/tax-profile/reopen: a completed year becomes a draft again (the answers kept, the
     * version raised so that tabs still holding the completed profile reload it) until the final
     * submit completes it again. A year not complete is answered as it is.
     */
    async reopen(userId: number, requestedYear: number | undefined): Promise<TaxProfileResponse> {
      const taxYear = users.resolveTaxYear(requestedYear);
      await refuseWhenTransmitted(userId, taxYear);
      if (await profiles.reopen(userId, taxYear, clock())) {
        await audit.record({ action: 'tax_profile.reopen', outcome: 'success', actorUserId: userId, subjectUserId: userId, details: { taxYear } });
      }
      return get(userId, taxYear);
    },

    async saveDraft(userId: number, requestedYear: number | undefined, body: unknown): Promise<TaxProfileResponse> {
      const taxYear = users.resolveTaxYear(requestedYear);
      const parsed = wizardDraftSchema(clock).safeParse(body);
      if (!parsed.success) throw validationError(parsed.error, { drop: WIZARD_GROUPS, input: body });
      const { version, ...draft } = parsed.data;
      await refuseWhenTransmitted(userId, taxYear);
      const saved = await profiles.saveDraft(userId, taxYear, draft, version, clock());
      if (!saved) throw draftOutdated(taxYear, version, 'version');
      return get(userId, taxYear);
    },

    /**
     * PUT /api/user/profile without the final submit may carry the wizard's answers (part 2 §3's
     * profile fields): checked here before anything is written, then merged into the year's
     * answers by `mergeAnswers`, so none of them vanishes. Answers null when none was sent.
     */
    parseProfileAnswers(body: Record<string, unknown>): TaxProfileAnswers | null {
      const sent = pick(body, TAX_PROFILE_FIELDS);
      if (Object.keys(sent).length === 0) return null;
      const parsed = taxProfileAnswers.safeParse(sent);
      if (!parsed.success) throw validationError(parsed.error, { input: sent });
      return parsed.data as TaxProfileAnswers;
    },

    /**
     * After a save of the person (the profile form, or a year's final submit): the fields it
     * changed are the profile's from now on, in every open draft (they belong to the person, not to
     * a year), so that the wizard shows them and its final submit does not write older ones back.
     */
    async followProfileChange(userId: number, before: PersonOnRecord, after: PersonOnRecord): Promise<void> {
      const changed = new Set(PERSONAL_FIELDS.filter((field) => before[field] !== after[field]));
      if (PHONE_PAIR.some((field) => changed.has(field))) PHONE_PAIR.forEach((field) => changed.add(field));
      await profiles.forgetPersonalFields(userId, [...changed], clock());
    },

    async mergeAnswers(userId: number, requestedYear: number | undefined, answers: TaxProfileAnswers): Promise<void> {
      await profiles.mergeAnswers(userId, users.resolveTaxYear(requestedYear), answers, clock());
    },

    /** POST /api/tax/save-declaration: a client's declaration, checked, kept as a new version when it differs. */
    async saveDeclaration(userId: number, body: unknown): Promise<SaveDeclarationResponse> {
      const parsed = saveDeclarationBodySchema(clock).safeParse(body);
      if (!parsed.success) throw validationError(parsed.error, { input: body });
      const { taxData, filename } = parsed.data;
      if (taxData.metadata.userId !== userId) {
        throw fieldRefusal('taxData.metadata.userId', 'must be your own user id', 'INVALID');
      }
      const taxYear = users.resolveTaxYear(taxData.metadata.taxYear);
      const saved = await profiles.addDeclaration(userId, taxYear, filename, taxData, clock());
      if (saved.isNew) {
        await audit.record({ action: 'tax_declaration.save', outcome: 'success', actorUserId: userId, subjectUserId: userId, details: { taxYear, version: saved.version } });
      }
      return { success: true, taxYear, version: saved.version, fileName: filename, isNewVersion: saved.isNew };
    },

    /** The year's latest declaration, or undefined (the experts' client file: no 404 for a year without one). */
    findLatestDeclaration: (userId: number, taxYear: number) => profiles.latestDeclaration(userId, taxYear),

    async latestDeclaration(userId: number, requestedYear?: number) {
      const taxYear = users.resolveTaxYear(requestedYear);
      const latest = await profiles.latestDeclaration(userId, taxYear);
      if (!latest) throw new AppError(404, 'NOT_FOUND', `There is no tax declaration for ${taxYear} yet`);
      return latest;
    },

    /**
     * POST /api/status/set: 1 → 2 once the year's tax profile is complete (409 before). Only
     * administrators set any other status; for everyone else that is 403.
     */
    async setStatus(actor: Actor, statusId: number, requestedYear?: number): Promise<TaxStatusResponse> {
      const taxYear = taxStatus.resolveYear(requestedYear);
      if (statusId !== 2) {
        if (!actor.isAdmin) {
          throw new AppError(403, 'STATUS_CHANGE_FORBIDDEN', 'This status change is not allowed. Only our experts can set this status.', 'statusId');
        }
        await taxStatus.adminSetStatus(actor.userId, actor.userId, taxYear, statusId as 1 | 3 | 4 | 5 | 6);
        return taxStatus.getStatus(actor.userId, taxYear);
      }
      const stored = await profiles.find(actor.userId, taxYear);
      if (!stored?.completedAt) {
        throw new AppError(409, 'TAX_PROFILE_INCOMPLETE', `Complete the tax profile for ${taxYear} first.`, 'statusId');
      }
      // The final submit already made this move; what is left to do is normally nothing.
      await taxStatus.advanceAfterTaxProfileSaved(actor.userId, taxYear);
      return taxStatus.getStatus(actor.userId, taxYear);
    },

    /** The year's answers as last saved, a draft's too: one read, without the person and the earlier years `get` adds. */
    async answers(userId: number, taxYear: number): Promise<TaxProfileResponse['answers']> {
      return (await profiles.find(userId, taxYear))?.answers ?? {};
    },

    /** Which Advanced Tax Information sections the year's answers call for: one read, no user record. */
    async sectionPreferences(userId: number, taxYear: number): Promise<TaxCategoryPreferences> {
      const stored = await profiles.find(userId, taxYear);
      return taxCategoryPreferences(stored?.answers ?? {});
    },

    async categoryPreferences(userId: number, requestedYear?: number): Promise<TaxCategoryPreferencesResponse> {
      const taxYear = users.resolveTaxYear(requestedYear);
      const [stored, record] = await Promise.all([profiles.find(userId, taxYear), userRecord(userId, taxYear)]);
      const answers = stored?.answers ?? {};
      const cards = taxCardsFor(answers);
      return {
        taxYear,
        isTaxProfileComplete: stored?.completedAt != null,
        preferences: taxCategoryPreferences(answers),
        cards,
        completeness: profileCompleteness({ personal: personalOf(record), answers }),
        priorityCards: priorityCards(cards),
      };
    },
  };
}

export type TaxProfileService = ReturnType<typeof createTaxProfileService>;
