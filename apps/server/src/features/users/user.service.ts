import {
  normalisePhone,
  personalAnswersSchema,
  profileAsShown,
  sameProfileShown,
  taxStatusId,
  taxStatusName,
  taxYearInPreparation,
  type GtcAcceptResponse,
  type ProfileUpdate,
  type TaxStatusName,
  type UserResponse,
} from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import { fieldRefusal, validationError } from '../../lib/validation-error.js';
import { resolveTaxYear as resolveYearAt } from '../../lib/tax-year.js';
import { hashIp } from '../../lib/personal-hash.js';
import type { Clock } from '../../lib/clock.js';
import type { NamedAccount, StoredUser, TaxAddressFields, UserRepository, UserSummary } from './user.repository.js';

export type { NamedAccount, TaxAddressFields, UserSummary };

/** The person's record with the flags of one tax year that other features keep. */
export type UserRecord = StoredUser & {
  /** DECISIONS D15: complete per year, when that year's final submit succeeded. */
  isTaxProfileComplete: boolean;
  /** Every year with a stored status, newest first. */
  taxYearStatuses: { taxYear: number; status: string }[];
};

/** What the tax profile's final submit writes to the person (inside its transaction). */
export type PersonalWriter = Pick<UserRepository, 'updatePersonal' | 'updateTaxAddress' | 'refreshProfileComplete'>;

/** What the sign-in needs of the accounts (the auth feature's dependency on this one). */
export type UserAccounts = Pick<UserRepository, 'findById' | 'findByEmail' | 'findOrCreate' | 'grantAdmin'>;

interface Deps {
  users: UserRepository;
  clock: Clock;
  secret: string;
}

/** Stored values are checked on the way out too: an unknown status reads as the first one. */
function normaliseStatus(status: string): TaxStatusName {
  return taxStatusName(taxStatusId(status));
}

/** The tax address of a stored person, as the answers carry it. */
export function taxAddressOf(record: Pick<StoredUser, 'taxStreet' | 'taxHouseNumber' | 'taxZipCode' | 'taxCity' | 'taxGemeinde'>) {
  return { street: record.taxStreet, houseNumber: record.taxHouseNumber, zipCode: record.taxZipCode, city: record.taxCity, gemeinde: record.taxGemeinde };
}

export function toUserResponse(record: UserRecord, taxYear: number): UserResponse {
  const taxYearStatuses = record.taxYearStatuses.map((s) => ({ taxYear: s.taxYear, status: normaliseStatus(s.status) }));
  return {
    id: record.id,
    email: record.email,
    name: `${record.firstName} ${record.lastName}`.trim(),
    firstName: record.firstName,
    lastName: record.lastName,
    phone: record.phone,
    countryCode: record.countryCode,
    language: record.language,
    role: record.role,
    isAdmin: record.role === 'admin',
    subscriptionPlan: record.subscriptionPlan,
    isProfileComplete: record.isProfileComplete,
    isTaxProfileComplete: record.isTaxProfileComplete,
    hasAcceptedTerms: record.hasAcceptedTerms,
    salutation: record.salutation,
    dateOfBirth: record.dateOfBirth,
    jobName: record.jobName,
    taxAddress: taxAddressOf(record),
    taxYear,
    taxStatus: taxYearStatuses.find((s) => s.taxYear === taxYear)?.status ?? 'profile_incomplete',
    taxYearStatuses,
  };
}

export function createUserService({ users, clock, secret }: Deps) {
  /** The year asked for, or the one in preparation (DECISIONS D2), by the domain's one rule. */
  const resolveTaxYear = (requested: number | undefined): number => resolveYearAt(clock(), requested);

  /**
   * The stored person and the year's flags, in one prepared statement (GET /api/user is polled by
   * every open app): the flags are columns their owners write (YearFlagColumns, wired in services.ts).
   */
  const findRecord = (userId: number, taxYear: number): Promise<UserRecord | undefined> => users.findRecord(userId, taxYear);

  async function getUser(userId: number, requestedYear?: number): Promise<UserResponse> {
    const taxYear = resolveTaxYear(requestedYear);
    const record = await findRecord(userId, taxYear);
    // The session lookup just found this user; only a deletion in between gets here.
    if (!record) throw new AppError(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again');
    return toUserResponse(record, taxYear);
  }

  return {
    getUser,

    accounts: {
      findById: users.findById,
      findByEmail: users.findByEmail,
      findOrCreate: users.findOrCreate,
      grantAdmin: users.grantAdmin,
    } satisfies UserAccounts,

    async exists(userId: number): Promise<boolean> {
      return (await users.findById(userId)) !== undefined;
    },

    resolveTaxYear,

    // The admin panel's account list (part 2 §2, D4).
    listAccounts: users.listAccounts,
    findAccount: users.findAccount,
    /** An account's name and role: who handles a return (the expert feature). */
    findNamed: users.findNamed,
    // The admin panel's changes: services.ts builds this service on the admin feature's transaction.
    markProfileIncomplete: users.markProfileIncomplete,
    changeRoleKeepingAnAdmin: users.changeRoleKeepingAnAdmin,
    changePlan: users.changePlan,

    /** What the tax profile's final submit writes to the person, on its transaction (built there by services.ts). */
    personal: {
      updatePersonal: users.updatePersonal,
      updateTaxAddress: users.updateTaxAddress,
      refreshProfileComplete: users.refreshProfileComplete,
    } satisfies PersonalWriter,

    // The debug panel's status (part 1 §3).
    countAccounts: users.countAll,
    newestAccount: users.newest,

    /** Every terms acceptance of the person (the data export). */
    termsAcceptancesOf: users.termsAcceptancesOf,

    /** The stored record with the tax-profile flag of `taxYear` (the year in preparation by default). */
    findRecord: (userId: number, taxYear?: number): Promise<UserRecord | undefined> =>
      findRecord(userId, taxYear ?? taxYearInPreparation(clock())),

    /** The tax address of the address lookup (part 2 §2 Address demo); clears its notification. */
    async updateTaxAddress(userId: number, address: TaxAddressFields): Promise<UserResponse> {
      await users.updateTaxAddress(userId, address, clock());
      return getUser(userId);
    },

    /**
     * What PUT /api/user/profile checks against the stored record, in one read, before anything is
     * written (a final submit is refused whole). The fields it shows but does not set: the plan
     * (D14: administrators set it) and the year's status (D1: the server moves it); the value the
     * person has passes (a client sends back what it shows), and so does the status the final
     * submit moves to; another is refused naming the field. And `editedFrom`: a save edited from
     * other names or phone than the stored ones (another tab or device saved since) is 409, so an
     * older form never overwrites a newer profile (exact when run after `lockForSave` in the save's
     * transaction). Answers the user as stored before the save (what the wizard's drafts compare
     * with afterwards).
     */
    /** Locks the person's row until the transaction ends: saves of one person take turns. */
    lockForSave: users.lockForSave,

    async checkAgainstStored(userId: number, requestedYear: number | undefined, body: ProfileUpdate, finalSubmit: boolean): Promise<UserResponse> {
      const user = await getUser(userId, resolveTaxYear(requestedYear));
      if (body.subscriptionPlan !== undefined && body.subscriptionPlan !== user.subscriptionPlan) {
        throw fieldRefusal('subscriptionPlan', "only Taxli's experts change the plan", 'NOT_CHANGEABLE');
      }
      const statusAfter = finalSubmit && body.taxStatus === 'documents_pending';
      if (body.taxStatus !== undefined && body.taxStatus !== user.taxStatus && !statusAfter) {
        throw fieldRefusal('taxStatus', 'the status is moved by Taxli, not set by the profile', 'NOT_CHANGEABLE');
      }
      if (body.editedFrom && !sameProfileShown(body.editedFrom, profileAsShown(user))) {
        throw new AppError(409, 'PROFILE_OUTDATED', 'Your name or phone number was changed in another tab or on another device since this form was opened; load it and save again.');
      }
      return user;
    },

    /**
     * The profile form (part 2 §5, §7): every personal field sent is stored on the person (D15:
     * names, phone, salutation, date of birth, job, language), the tax address when sent, and
     * `agreeToTerms: true` records the acceptance. Everything is checked before anything is written.
     */
    async updateProfile(userId: number, body: ProfileUpdate, requestedYear: number | undefined, consent: { userAgent?: string; ip: string }): Promise<UserResponse> {
      const taxYear = resolveTaxYear(requestedYear);
      const personal = { salutation: body.salutation, dateOfBirth: body.dateOfBirth, jobName: body.jobName ?? body.occupation };
      const extra = personalAnswersSchema(clock).pick({ salutation: true, dateOfBirth: true, jobName: true }).safeParse(personal);
      if (!extra.success) throw validationError(extra.error, { input: personal });
      const { firstName, lastName, countryCode, language } = body;
      // One stored form whatever was typed ("079 123 45 67" under +41 → "791234567", i.e. +41791234567).
      const phone = normalisePhone(countryCode, body.phone);
      const { salutation, dateOfBirth, jobName } = extra.data;
      const address = body.taxAddress
        ? {
            street: body.taxAddress.street || null,
            houseNumber: body.taxAddress.houseNumber || null,
            zipCode: body.taxAddress.zipCode || null,
            city: body.taxAddress.city || null,
            gemeinde: body.taxAddress.gemeinde || null,
          }
        : undefined;
      await users.updateProfile(
        userId,
        { firstName, lastName, phone, countryCode, language, salutation, dateOfBirth, jobName: jobName ?? undefined },
        address,
        clock(),
      );
      const record = await users.findRecord(userId, resolveTaxYear(taxYear));
      if (body.agreeToTerms === true && record && !record.hasAcceptedTerms) {
        await users.acceptTerms({ userId, userAgent: consent.userAgent?.slice(0, 512) ?? null, ipHash: hashIp(secret, consent.ip), now: clock() });
      }
      await users.refreshProfileComplete(userId);
      return getUser(userId, taxYear);
    },

    async acceptTerms(userId: number, userAgent: string | undefined, ip: string): Promise<GtcAcceptResponse> {
      const acceptedAt = await users.acceptTerms({
        userId,
        userAgent: userAgent ? userAgent.slice(0, 512) : null,
        ipHash: hashIp(secret, ip),
        now: clock(),
      });
      await users.refreshProfileComplete(userId);
      return { success: true, acceptedAt: acceptedAt.toISOString() };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
