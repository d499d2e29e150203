import {
  isAcceptableTaxYear,
  taxStatusId,
  taxStatusName,
  taxYearInPreparation,
  type GtcAcceptResponse,
  type ProfileUpdate,
  type TaxStatusName,
  type UserResponse,
} from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import { hashIp } from '../../lib/personal-hash.js';
import type { Clock } from '../../lib/clock.js';
import type { TaxAddressFields, UserRecord, UserRepository, UserSummary } from './user.repository.js';

export type { TaxAddressFields, UserRecord, UserSummary };

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
    taxAddress: {
      street: record.taxStreet,
      houseNumber: record.taxHouseNumber,
      zipCode: record.taxZipCode,
      city: record.taxCity,
      gemeinde: record.taxGemeinde,
    },
    taxYear,
    taxStatus: taxYearStatuses.find((s) => s.taxYear === taxYear)?.status ?? 'profile_incomplete',
    taxYearStatuses,
  };
}

export function createUserService({ users, clock, secret }: Deps) {
  /** The year asked for, or the one in preparation (DECISIONS D2). */
  function resolveTaxYear(requested: number | undefined): number {
    const today = clock();
    if (requested === undefined) return taxYearInPreparation(today);
    if (!isAcceptableTaxYear(requested, today)) {
      const current = today.getFullYear();
      throw new AppError(400, 'VALIDATION_ERROR', `taxYear: must be between ${current - 10} and ${current + 1}`, 'taxYear');
    }
    return requested;
  }

  async function getUser(userId: number, requestedYear?: number): Promise<UserResponse> {
    const taxYear = resolveTaxYear(requestedYear);
    const record = await users.findRecord(userId, taxYear);
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

    // The admin panel's account list (part 2 §2, D4); its changes run in the admin feature's transactions.
    listAccounts: users.listAccounts,
    findAccount: users.findAccount,

    /** The stored record with the tax-profile flag of `taxYear` (the year in preparation by default). */
    findRecord: (userId: number, taxYear?: number): Promise<UserRecord | undefined> =>
      users.findRecord(userId, taxYear ?? taxYearInPreparation(clock())),

    /** The tax address of the address lookup (part 2 §2 Address demo); clears its notification. */
    async updateTaxAddress(userId: number, address: TaxAddressFields): Promise<UserResponse> {
      await users.updateTaxAddress(userId, address, clock());
      return getUser(userId);
    },

    async updateProfile(userId: number, body: ProfileUpdate, requestedYear?: number): Promise<UserResponse> {
      const taxYear = resolveTaxYear(requestedYear);
      const { firstName, lastName, phone, countryCode, language } = body;
      await users.updateProfile(
        userId,
        { firstName, lastName, phone, countryCode, ...(language ? { language } : {}) },
        clock(),
      );
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
