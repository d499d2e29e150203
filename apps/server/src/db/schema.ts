import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ChildInfo, ParsedPersonalAnswers, ParsedTaxProfileAnswers, TaxDeclaration } from '@taxli/domain';
import type { LegacySpouse, StoredAuthorization, StoredSpouse } from '../features/advanced-tax-info/advanced-tax-info.stored.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  role: text('role', { enum: ['user', 'expert', 'admin'] }).notNull().default('user'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  countryCode: text('country_code').notNull().default('+41'),
  language: text('language').notNull().default('en'),
  /** DECISIONS D14: every account has a plan; a new one starts on basic. Only administrators change it. */
  subscriptionPlan: text('subscription_plan', { enum: ['basic', 'premium'] }).default('basic'),
  isProfileComplete: boolean('is_profile_complete').notNull().default(false),
  // Personal answers of the wizard's first step (DECISIONS D15: they belong to the person, not a year).
  salutation: text('salutation', { enum: ['mr', 'mrs'] }),
  /** ISO date (YYYY-MM-DD). */
  dateOfBirth: text('date_of_birth'),
  jobName: text('job_name').notNull().default(''),
  /** The tax address: where the person lives now (the wizard's address step and the address lookup write it). */
  taxStreet: text('tax_street'),
  taxHouseNumber: text('tax_house_number'),
  taxZipCode: text('tax_zip_code'),
  taxCity: text('tax_city'),
  taxGemeinde: text('tax_gemeinde'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Status per user and tax year (DECISIONS D1); a missing row means profile_incomplete. */
export const taxYearStatuses = pgTable(
  'tax_year_statuses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    status: text('status').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
primaryKey({ columns: [t.userId, t.taxYear] })],
);

/**
 * One-time sign-in codes. Only keyed hashes of the code, the address and the IP are kept: a code
 * request for an address that never signs in leaves no readable personal data behind. Rows also
 * serve as the hourly request counters, so they live at least an hour (purged after a day): per
 * e-mail and source (the IP, or the account's own remembered browser), per IP, and per e-mail.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    emailHash: text('email_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    ipHash: text('ip_hash').notNull(),
    /**
     * Set when the request came from a browser holding the account's remember-device token
     * (DECISIONS D5): that browser is a source of its own, which strangers' requests cannot use up.
     */
    deviceHash: text('device_hash'),
    /**
     * What the code is for: signing in, or confirming "Delete my account" (issue 30). A code of one
     * purpose never counts for the other; both share the hourly request limits.
     */
    purpose: text('purpose', { enum: ['sign-in', 'account-delete'] }).notNull().default('sign-in'),
    /** Language of the request, given to the account when this code creates it. */
    language: text('language').notNull().default('en'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_codes_email_idx').on(t.emailHash, t.createdAt),
    index('login_codes_ip_idx').on(t.ipHash, t.createdAt),
    index('login_codes_created_idx').on(t.createdAt),
  ],
);

/** Sessions: the id is the SHA-256 of the cookie token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * How the session was authenticated (issue 30): by e-mail code, by passkey alone, or by e-mail
     * code and then a passkey assertion (the second factor experts and admins need).
     */
    authenticatedBy: text('authenticated_by', { enum: ['email-code', 'passkey', 'email-code+passkey'] })
      .notNull()
      .default('email-code'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A person's passkeys (WebAuthn credentials, issue 30): several per account, each named and
 * revocable. The public key is COSE, base64url; the counter and backup flags are checked at each use.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** Fixed for a credential's life (WebAuthn §6.1.3): an assertion that says otherwise is refused. */
    backupEligible: boolean('backup_eligible').notNull(),
    backupState: boolean('backup_state').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges, single-use and short-lived, in the database so that any instance can check
 * the answer. Each is bound to the session that asked (or, signed out, to a pre-session cookie,
 * stored as its SHA-256).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    preSessionHash: text('pre_session_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/** Remember-device tokens for quick-restore (DECISIONS D5), hashed like sessions. */
export const rememberTokens = pgTable(
  'remember_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('remember_tokens_user_idx').on(t.userId)],
);

/** The first acceptance of each terms version is the one that counts, so one row per version. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    termsVersion: text('terms_version').notNull(),
    /** As the server saw them; the client's own claims are not evidence. */
    userAgent: text('user_agent'),
    ipHash: text('ip_hash'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('terms_acceptances_user_version_idx').on(t.userId, t.termsVersion)],
);

/**
 * Audit trail. Never holds personal data in clear: e-mail addresses and IPs are keyed hashes,
 * details carry ids and outcomes only.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    actorUserId: integer('actor_user_id'),
    subjectUserId: integer('subject_user_id'),
    emailHash: text('email_hash'),
    ipHash: text('ip_hash'),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_at_idx').on(t.at)],
);


/**
 * A document: one original file name in one category of one user's tax year (DECISIONS D7).
 * Uploading the same name again adds a version; the bytes live in the blob store, encrypted.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    categoryId: integer('category_id').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_owner_name_idx').on(t.userId, t.taxYear, t.categoryId, t.originalName),
    index('documents_user_year_idx').on(t.userId, t.taxYear),
  ],
);

/**
 * One stored version of a document. The row is written only after its encrypted blob is durable,
 * so a row never points at a missing blob. `wrappedKey` is the per-file data key encrypted with
 * the master key; without the master key the blob is unreadable.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    wrappedKey: text('wrapped_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_versions_document_version_idx').on(t.documentId, t.version)],
);

/**
 * Per user and tax year: the Advanced Tax Information state (DECISIONS D6), and whether its section
 * is marked complete; transmit (3 → 4) is refused until it is.
 */
export const taxYearSections = pgTable(
  'tax_year_sections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    advancedInfoCompletedAt: timestamp('advanced_info_completed_at', { withTimezone: true }),
    /** Section toggles by section id (part 2 §4; authorization is always on). */
    sectionToggles: jsonb('section_toggles').$type<Record<string, boolean>>().notNull().default({}),
    /** Document relevance by category id. */
    documentRelevance: jsonb('document_relevance').$type<Record<string, boolean>>().notNull().default({}),
    /** The spouse (part 2 §3); its AHV number and tax ID sealed (storage/sealed-text.ts). */
    spouse: jsonb('spouse').$type<StoredSpouse | LegacySpouse>(),
    children: jsonb('children').$type<ChildInfo[]>().notNull().default([]),
    /** The Authorization tab's settings; the tax ID sealed. */
    authorization: jsonb('authorization_settings').$type<StoredAuthorization>(),
    /**
     * How often the spouse, the children and the authorization settings were saved: a save edited
     * from an older version (another tab or device saved since) is refused instead of overwriting.
     */
    spouseVersion: integer('spouse_version').notNull().default(0),
    childrenVersion: integer('children_version').notNull().default(0),
    authorizationVersion: integer('authorization_version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear] })],
);

/**
 * The tax profile of one year (DECISIONS D15): the wizard's answers, the step it was left at (a
 * draft saved at every Next), and when its final submit made it complete.
 */
export const taxProfiles = pgTable(
  'tax_profiles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    step: integer('step').notNull().default(0),
    answers: jsonb('answers').$type<ParsedTaxProfileAnswers>().notNull().default({}),
    /** The wizard's personal answers while a draft (they move to the user at the final submit). */
    personalDraft: jsonb('personal_draft').$type<ParsedPersonalAnswers>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Raised by every write: a client that sends the version its draft started from cannot overwrite a newer one. */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear] })],
);

/** The tax declarations of a year, each kept as an immutable version (part 2 §3 payload). */
export const taxDeclarations = pgTable(
  'tax_declarations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    payload: jsonb('payload').$type<TaxDeclaration>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tax_declarations_version_idx').on(t.userId, t.taxYear, t.version)],
);

/** A transmission to the experts (3 → 4); `transmissionFiles` freezes which versions were sent. */
export const transmissions = pgTable(
  'transmissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    transmittedAt: timestamp('transmitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
index('transmissions_user_year_idx').on(t.userId, t.taxYear)],
);

export const transmissionFiles = pgTable(
  'transmission_files',
  {
    transmissionId: integer('transmission_id')
      .notNull()
      .references(() => transmissions.id, { onDelete: 'cascade' }),
    documentVersionId: integer('document_version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.transmissionId, t.documentVersionId] })],
);

/**
 * A checklist item the person marked "not applicable" (DECISIONS D19), with their reason: one row
 * per person, year and document category. Counted like a file by the checklist and the 2 → 3 move.
 */
export const checklistNotApplicable = pgTable(
  'checklist_not_applicable',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    categoryId: integer('category_id').notNull(),
    reason: text('reason').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear, t.categoryId] })],
);

/**
 * The thread between a person and the experts, per tax year (issue 27): the person's Send Message
 * box and the experts' answers. The body is sealed (storage/sealed-text.ts).
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    /** The person whose thread it is (also for an expert's message). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null on messages sent before threads had years. */
    taxYear: integer('tax_year'),
    /** The expert who wrote it; null for the person's own message. */
    expertUserId: integer('expert_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromExpert: boolean('from_expert').notNull().default(false),
    body: text('body').notNull(),
    /** When the other side read it. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_user_idx').on(t.userId, t.createdAt),
    index('messages_thread_idx').on(t.userId, t.taxYear, t.id),
    // The queue's unread count per row: only the person's messages no expert has read yet.
    index('messages_unread_from_person_idx').on(t.userId, t.taxYear).where(sql`${t.fromExpert} = false and ${t.readAt} is null`),
  ],
);

/** Who handles a person's year, and when the return was filed with the canton (issue 27, D18). */
export const returnCases = pgTable(
  'return_cases',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    assigneeUserId: integer('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** YYYY-MM-DD, recorded by the expert at status 6. */
    filedOn: text('filed_on'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear] }), index('return_cases_assignee_idx').on(t.assigneeUserId)],
);

/** An expert's request for a document of a category; fulfilled when a file arrives in it afterwards. */
export const documentRequests = pgTable(
  'document_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    categoryId: integer('category_id').notNull(),
    /** Sealed like a message: a note may name personal matters. */
    note: text('note').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
  },
  (t) => [
    index('document_requests_user_year_idx').on(t.userId, t.taxYear),
    // The queue's open requests per row.
    index('document_requests_open_idx').on(t.userId, t.taxYear).where(sql`${t.fulfilledAt} is null`),
  ],
);

/** The prepared return (a PDF the expert uploads), encrypted like every document; the latest counts. */
export const preparedReturns = pgTable(
  'prepared_returns',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    version: integer('version').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    wrappedKey: text('wrapped_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('prepared_returns_version_idx').on(t.userId, t.taxYear, t.version)],
);

/**
 * Which version of the expert queue a reader sees (migration 0017): every transaction that writes
 * `expert_queue_rows` writes, by trigger and once, one slot row no other transaction holds (so it
 * never waits here). The slots' transaction ids (xmin), read in the same statement as a page, are the
 * page's version: a server answers a queue read from the page it kept while they are unchanged
 * (read-models/expert-queue.repository.ts). `changes` counts the changing transactions per slot; it
 * is what the write changes, read by no code (the version is the xmin).
 */
export const expertQueueChanges = pgTable('expert_queue_changes', {
  slot: integer('slot').primaryKey(),
  changes: bigint('changes', { mode: 'number' }).notNull().default(0),
});

/**
 * The expert queue as one table (issue 27 item 2): one row per person and year from status 3 on,
 * with everything a queue row shows and sorts by. No feature writes it: PostgreSQL keeps it, in the
 * transaction of each change, by triggers on the tables its parts come from (migration
 * 0009_expert_queue_rows.sql: statuses, transmissions, names, canton, assignment, requests,
 * messages). So a queue page is one index range scan instead of a join across seven tables, and it
 * can never disagree with what it shows. Read by read-models/expert-queue.repository.ts only.
 */
export const expertQueueRows = pgTable(
  'expert_queue_rows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    status: text('status').notNull(),
    /** 0: transmitted (status 4–6), 1: status 3, 2: status 4–6 set without a transmission. */
    grp: integer('grp').notNull(),
    /** The time the row waits since: the latest transmission in group 0, the status change otherwise. */
    sortAt: timestamp('sort_at', { withTimezone: true, precision: 6 }).notNull(),
    transmittedAt: timestamp('transmitted_at', { withTimezone: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    canton: text('canton'),
    assigneeUserId: integer('assignee_user_id'),
    assigneeFirstName: text('assignee_first_name'),
    assigneeLastName: text('assignee_last_name'),
    openRequests: integer('open_requests').notNull(),
    unreadMessages: integer('unread_messages').notNull(),
    /** The row as the API's JSON (a `QueueRow` of @taxli/domain), written with the row: a page joins 50 of them. */
    rowJson: text('row_json').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.taxYear] }),
    index('expert_queue_rows_order_idx').on(t.grp, t.sortAt, t.userId, t.taxYear),
    index('expert_queue_rows_status_idx').on(t.status, t.grp, t.sortAt, t.userId, t.taxYear),
    index('expert_queue_rows_assignee_idx').on(t.assigneeUserId, t.grp, t.sortAt, t.userId, t.taxYear),
    // An expert's own returns at one status: without it, the assignee index reads every return the
    // expert holds to find the few (or none) at that status (docs/performance.md, "Expert queue").
    index('expert_queue_rows_assignee_status_idx').on(t.assigneeUserId, t.status, t.grp, t.sortAt, t.userId, t.taxYear),
    /**
     * The search: a substring of "first last" or of the e-mail, case-insensitive, through trigrams
     * (pg_trgm, migration 0008). The expression must stay the very one the read model's search
     * names, or the planner cannot use it. The separator is a control character, which no search can
     * contain, so a match never spans the name and the e-mail. Without GIN's pending list
     * (fastupdate): new rows would wait there, unsorted, until a vacuum, and while it is long the
     * planner scans the whole table instead.
     */
    index('expert_queue_rows_search_idx')
      .using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName} || E'\\x01' || ${t.email}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * What a background job read out of one document version (issue 29): pending until the job ran,
 * then done (figures in `fields`), none (nothing recognised) or failed (`failureCode`). AHV numbers
 * found are kept sealed (storage/sealed-text.ts); `fields` holds them masked only. Not derived: the
 * person's confirmations and dismissals live here, so backups keep it.
 */
export const documentExtractions = pgTable(
  'document_extractions',
  {
    versionId: integer('version_id')
      .primaryKey()
      .references(() => documentVersions.id, { onDelete: 'cascade' }),
    /** The document's owner, so that what the person confirmed before is found without the files' tables. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'done' | 'none' | 'failed'>().notNull(),
    kind: text('kind').$type<'ech-0196' | 'salary-certificate' | 'text'>(),
    source: text('source').$type<'attachment' | 'barcode' | 'text' | 'ocr'>(),
    confidence: doublePrecision('confidence'),
    fields: jsonb('fields').$type<unknown>(),
    /** The AHV numbers the document names, each sealed (purpose `extraction.ahvNumber`). */
    sealedAhvNumbers: jsonb('sealed_ahv_numbers').$type<string[]>().notNull().default([]),
    suggestedCategoryId: integer('suggested_category_id'),
    failureCode: text('failure_code'),
    /** The person accepted the figures (and the move to `confirmedCategoryId`, if any). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedCategoryId: integer('confirmed_category_id'),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_extractions_pending_idx').on(t.versionId).where(sql`${t.status} = 'pending'`),
    index('document_extractions_confirmed_idx').on(t.userId).where(sql`${t.confirmedAt} is not null`),
  ],
);

/**
 * The erasure ledger (issue 30 item 6, ADR 0020): one row per erasure, holding no personal data (a
 * user id and the account's creation instant identify the account without saying who it was). A
 * restore re-applies every erasure in it, and in its copy DATA_DIR/erasures.log, to the restored
 * data. `retained`: transmitted years stay until `retainedUntil` (the retention sweep then erases
 * them and writes a `full` row).
 */
export const erasures = pgTable(
  'erasures',
  {
    id: serial('id').primaryKey(),
    /** No foreign key: the user row is gone after a full erasure. */
    userId: integer('user_id').notNull(),
    accountCreatedAt: timestamp('account_created_at', { withTimezone: true, precision: 3 }).notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: ['full', 'retained'] }).notNull(),
    retainedUntil: timestamp('retained_until', { withTimezone: true }),
  },
  (t) => [index('erasures_user_idx').on(t.userId), index('erasures_retained_idx').on(t.retainedUntil).where(sql`${t.kind} = 'retained'`)],
);
