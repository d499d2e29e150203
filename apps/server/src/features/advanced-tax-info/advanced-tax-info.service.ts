import {
  ADVANCED_SECTIONS,
  areDocumentsFrozen,
  authorizationBody,
  authorizationProblem,
  childrenInfoBody,
  findCategory,
  isAdvancedSectionId,
  isSectionEnabled,
  maskAhvNumber,
  normalizeAhvNumber,
  spouseInfoBody,
  type AdvancedInfoCompletionResponse,
  type AdvancedSectionId,
  type AdvancedTaxInfoResponse,
  type AuthorizationSettings,
  type ChildInfo,
  type SpouseInfo,
  type UserPreferencesResponse,
} from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import { fieldRefusal, validationError } from '../../lib/validation-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import { resolveTaxYear } from '../../lib/tax-year.js';
import { openText, sealText } from '../../storage/sealed-text.js';
import type { FilesService } from '../files/files.service.js';
import type { TaxProfileService } from '../tax-profile/tax-profile.service.js';
import type { TaxStatusService } from '../tax-status/tax-status.service.js';
import type { AdvancedTaxInfoRepository, LegacySpouse, StoredAdvancedInfo, StoredAuthorization, StoredSpouse, VersionedPart } from './advanced-tax-info.repository.js';

export interface AdvancedTaxInfoDeps {
  sections: AdvancedTaxInfoRepository;
  files: Pick<FilesService, 'countByCategory'>;
  /** The year's tax cards: a section the tax profile calls for starts on (married: Spouse; children: Children). */
  taxCards: Pick<TaxProfileService, 'sectionPreferences'>;
  /** The year's status and when it was transmitted: a transmitted year's answers are frozen (D7). */
  yearStatus: Pick<TaxStatusService, 'getStatus'>;
  audit: AuditLog;
  clock: Clock;
  /** Seals AHV numbers and tax IDs (DECISIONS D12). */
  masterKey: Buffer;
}

const AHV = 'spouse.ahvNumber';
const SPOUSE_TIN = 'spouse.taxId';
const TIN = 'authorization.tinNumber';

const PART_NAMES: Record<VersionedPart, string> = { spouse: 'spouse', children: 'children', authorization: 'authorization settings' };

/** A save refused because the part was saved again since the version it was edited from (nothing written). */
function outdated(part: VersionedPart, taxYear: number, editedFrom: number | undefined): AppError {
  return new AppError(
    409,
    'ANSWERS_OUTDATED',
    `Newer ${PART_NAMES[part]} for ${taxYear} were saved since version ${editedFrom}; load them and save again.`,
    'version',
  );
}

/**
 * What other features read of the section (the tax status's transmit rule and its answer), built
 * by services.ts on their transaction when they read it inside one.
 */
export function createSectionReads(sections: Pick<AdvancedTaxInfoRepository, 'completedAt'>) {
  return {
    /** When the year's section was marked complete, or null. */
    completedAt: (userId: number, taxYear: number): Promise<Date | null> => sections.completedAt(userId, taxYear),
  };
}

/**
 * Advanced Tax Information (part 2 §2–§5, DECISIONS D6): section toggles, document relevance,
 * spouse, children and authorization, per user and year on the server; and the completion that
 * transmit checks (D1).
 */
export function createAdvancedTaxInfoService({ sections, files, taxCards, yearStatus, audit, clock, masterKey }: AdvancedTaxInfoDeps) {
  const yearOf = (requested: number) => resolveTaxYear(clock(), requested);

  /** Whether the year was transmitted (status 4 and later are frozen, D7), and when. */
  async function transmission(userId: number, taxYear: number): Promise<{ transmitted: boolean; transmittedAt: string | null }> {
    const status = await yearStatus.getStatus(userId, taxYear);
    const transmitted = areDocumentsFrozen(status.current_status_id);
    return { transmitted, transmittedAt: transmitted ? status.transmittedAt : null };
  }

  /**
   * After transmission the experts work from these answers: no change (the same 409 as a
   * transmitted file's). Read outside the write's transaction: a transmit in between is the
   * caller's race, as with any answer sent a moment before.
   */
  async function refuseWhenTransmitted(userId: number, taxYear: number): Promise<void> {
    if (!(await transmission(userId, taxYear)).transmitted) return;
    throw new AppError(
      409,
      'DOCUMENTS_TRANSMITTED',
      `The documents for ${taxYear} have been transmitted to the experts; their Advanced Tax Information can no longer be changed.`,
    );
  }

  /** What the person chose, else what the year's tax profile calls for, else off (authorization always on). */
  async function preferencesOf(userId: number, taxYear: number, stored: StoredAdvancedInfo | undefined): Promise<UserPreferencesResponse> {
    const preferences = await taxCards.sectionPreferences(userId, taxYear);
    const toggles = stored?.sectionToggles ?? {};
    const enabled = (section: (typeof ADVANCED_SECTIONS)[number]) =>
      section.alwaysEnabled || (toggles[section.id] ?? (section.preference ? preferences[section.preference] : isSectionEnabled(section, {})));
    return {
      taxYear,
      sections: Object.fromEntries(ADVANCED_SECTIONS.map((s) => [s.id, enabled(s)])) as Record<AdvancedSectionId, boolean>,
      relevance: stored?.documentRelevance ?? {},
    };
  }

  const seal = (purpose: string, value: string) => (value ? sealText(masterKey, purpose, value) : null);

  /** A spouse saved before tax IDs were sealed still reads: its plaintext tax ID until it is sealed. */
  function spouseOf(stored: StoredSpouse | LegacySpouse | null | undefined): SpouseInfo | null {
    if (!stored) return null;
    const { firstName, lastName, age, occupation, ahvNumberSealed, taxIdSealed } = stored;
    const ahvNumber = ahvNumberSealed ? openText(masterKey, AHV, ahvNumberSealed) : '';
    const taxId = taxIdSealed ? openText(masterKey, SPOUSE_TIN, taxIdSealed) : ('taxId' in stored ? (stored.taxId ?? '') : '');
    return { firstName, lastName, age, occupation, ahvNumber, ahvNumberMasked: ahvNumber ? maskAhvNumber(ahvNumber) : '', taxId };
  }

  function authorizationOf(taxYear: number, a: StoredAuthorization | null | undefined): AuthorizationSettings | null {
    if (!a) return null;
    return {
      taxAddressEnabled: a.taxAddressEnabled,
      powerOfAttorneyEnabled: a.powerOfAttorneyEnabled,
      canton: a.canton,
      tinNumber: a.tinNumberSealed ? openText(masterKey, TIN, a.tinNumberSealed) : '',
      powerOfAttorneyAccepted: a.powerOfAttorneyAccepted,
      lastUpdated: a.lastUpdated,
      taxYear,
    };
  }

  /** A year's section as the person sees it, AHV numbers and tax IDs opened. */
  async function read(userId: number, taxYear: number): Promise<AdvancedTaxInfoResponse> {
    const [stored, fileCounts, transmitted] = await Promise.all([
      sections.find(userId, taxYear),
      files.countByCategory(userId, taxYear),
      transmission(userId, taxYear),
    ]);
    return {
      ...(await preferencesOf(userId, taxYear, stored)),
      completed: stored?.completedAt != null,
      spouse: spouseOf(stored?.spouse),
      children: stored?.children ?? [],
      authorization: authorizationOf(taxYear, stored?.authorization),
      fileCounts,
      ...transmitted,
      versions: stored?.versions ?? { spouse: 0, children: 0, authorization: 0 },
    };
  }

  return {
    async get(userId: number, requestedYear: number): Promise<AdvancedTaxInfoResponse> {
      return read(userId, yearOf(requestedYear));
    },

    /** Every year with a stored section, as `get` answers it, for the person's data export (issue 30): any year, even one now out of range. */
    async allYearsOf(userId: number): Promise<AdvancedTaxInfoResponse[]> {
      return Promise.all((await sections.storedYears(userId)).map((taxYear) => read(userId, taxYear)));
    },

    /**
     * The year's spouse's AHV number (opened; null when none) and the section toggles the person set
     * (a section they have not touched is absent): one read, without the files, the status and the
     * tax profile `get` adds, and nothing else of the spouse opened.
     */
    async spouseAhvAndToggles(userId: number, requestedYear: number): Promise<{ spouseAhvNumber: string | null; sectionToggles: Partial<Record<AdvancedSectionId, boolean>> }> {
      const stored = await sections.find(userId, yearOf(requestedYear));
      const sealed = stored?.spouse?.ahvNumberSealed;
      return { spouseAhvNumber: sealed ? openText(masterKey, AHV, sealed) : null, sectionToggles: stored?.sectionToggles ?? {} };
    },

    async preferences(userId: number, requestedYear: number): Promise<UserPreferencesResponse> {
      const taxYear = yearOf(requestedYear);
      return preferencesOf(userId, taxYear, await sections.find(userId, taxYear));
    },

    /** A section's toggle (key = section id) or a document's relevance (key = category id). */
    async setPreference(userId: number, key: string, requestedYear: number, isRelevant: boolean): Promise<UserPreferencesResponse> {
      const taxYear = yearOf(requestedYear);
      await refuseWhenTransmitted(userId, taxYear);
      if (isAdvancedSectionId(key)) {
        if (key === 'authorization' && !isRelevant) {
          throw fieldRefusal('key', 'the Authorization section is always on', 'NOT_CHANGEABLE');
        }
        await sections.setFlag(userId, taxYear, 'sectionToggles', key, isRelevant, clock());
      } else {
        if (!findCategory(Number(key))) throw fieldRefusal('key', `there is no document category ${key}`, 'NOT_A_CHOICE');
        await sections.setFlag(userId, taxYear, 'documentRelevance', String(Number(key)), isRelevant, clock());
      }
      return preferencesOf(userId, taxYear, await sections.find(userId, taxYear));
    },

    async saveSpouse(userId: number, body: unknown): Promise<SpouseInfo & { version: number }> {
      const parsed = spouseInfoBody.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error, { input: body });
      const { taxYear: requested, ahvNumber, taxId, version: editedFrom, ...fields } = parsed.data;
      const taxYear = yearOf(requested);
      await refuseWhenTransmitted(userId, taxYear);
      const stored: StoredSpouse = {
        ...fields,
        ahvNumberSealed: seal(AHV, (ahvNumber && normalizeAhvNumber(ahvNumber)) || ''),
        taxIdSealed: seal(SPOUSE_TIN, taxId),
      };
      const version = await sections.saveSpouse(userId, taxYear, stored, editedFrom, clock());
      if (version === null) throw outdated('spouse', taxYear, editedFrom);
      await audit.record({ action: 'advanced_info.spouse_saved', outcome: 'success', actorUserId: userId, subjectUserId: userId, details: { taxYear } });
      return { ...spouseOf(stored)!, version };
    },

    async saveChildren(userId: number, body: unknown): Promise<{ taxYear: number; children: ChildInfo[]; version: number }> {
      const parsed = childrenInfoBody.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error, { input: body });
      const { children, version: editedFrom } = parsed.data;
      const taxYear = yearOf(parsed.data.taxYear);
      await refuseWhenTransmitted(userId, taxYear);
      const version = await sections.saveChildren(userId, taxYear, children, editedFrom, clock());
      if (version === null) throw outdated('children', taxYear, editedFrom);
      return { taxYear, children, version };
    },

    /** The Authorization tab's save, with the rules of part 2 §5 in their order. */
    async saveAuthorization(userId: number, body: unknown): Promise<AuthorizationSettings & { version: number }> {
      const parsed = authorizationBody.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error, { input: body });
      const settings = parsed.data;
      const taxYear = yearOf(settings.taxYear);
      await refuseWhenTransmitted(userId, taxYear);
      const problem = authorizationProblem(settings);
      if (problem?.code === 'MISSING_INFORMATION') {
        throw new AppError(400, 'MISSING_INFORMATION', 'Please select your canton and enter your Tax ID number.', settings.canton ? 'tinNumber' : 'canton');
      }
      if (problem?.code === 'INVALID_TAX_ID_FORMAT') {
        throw new AppError(400, 'INVALID_TAX_ID_FORMAT', `Please enter a valid Tax ID in the format: ${problem.format}`, 'tinNumber');
      }
      if (problem?.code === 'POWER_OF_ATTORNEY_REQUIRED') {
        throw new AppError(400, 'POWER_OF_ATTORNEY_REQUIRED', 'Please accept the Power of Attorney to continue.', 'powerOfAttorneyAccepted');
      }
      const now = clock();
      const stored: StoredAuthorization = {
        taxAddressEnabled: settings.taxAddressEnabled,
        powerOfAttorneyEnabled: settings.powerOfAttorneyEnabled,
        canton: settings.canton,
        tinNumberSealed: sealText(masterKey, TIN, settings.tinNumber.trim()),
        powerOfAttorneyAccepted: settings.powerOfAttorneyAccepted,
        lastUpdated: now.toISOString(),
      };
      const version = await sections.saveAuthorization(userId, taxYear, stored, settings.version, now);
      if (version === null) throw outdated('authorization', taxYear, settings.version);
      await audit.record({ action: 'advanced_info.authorization_saved', outcome: 'success', actorUserId: userId, subjectUserId: userId, details: { taxYear } });
      return { ...authorizationOf(taxYear, stored)!, version };
    },

    /**
     * Seals the plaintext tax IDs of spouses saved before they were sealed (the server runs it at
     * start; several instances may run it at once: each row is replaced only while still plaintext).
     */
    async sealLegacySpouseTaxIds(): Promise<number> {
      const legacy = await sections.legacySpouses();
      for (const { userId, taxYear, spouse } of legacy) {
        const { taxId = '', ...rest } = spouse;
        await sections.replaceLegacySpouse(userId, taxYear, taxId, { ...rest, taxIdSealed: rest.taxIdSealed ?? seal(SPOUSE_TIN, taxId) });
      }
      return legacy.length;
    },

    async setCompleted(userId: number, requestedYear: number, completed: boolean): Promise<AdvancedInfoCompletionResponse> {
      const taxYear = yearOf(requestedYear);
      await refuseWhenTransmitted(userId, taxYear);
      const advancedInfoCompleted = await sections.setCompleted(userId, taxYear, completed, clock());
      return { taxYear, advancedInfoCompleted };
    },
  };
}

export type AdvancedTaxInfoService = ReturnType<typeof createAdvancedTaxInfoService>;
