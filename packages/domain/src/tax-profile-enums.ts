/**
 * The choices of the tax-profile wizard (part 2 §3) as stable ids; the web app translates them
 * (profile.<enumeration>.<id>), the API and the database store the ids.
 */
export const SALUTATIONS = ['mr', 'mrs'] as const;
export type Salutation = (typeof SALUTATIONS)[number];

/** The churches Swiss cantons levy church tax for, and 'other_none' for everyone else. */
export const RELIGIONS = ['roman_catholic', 'reformed', 'christian_catholic', 'evangelical_reformed', 'other_none'] as const;
export type Religion = (typeof RELIGIONS)[number];

export const HOUSING_SITUATIONS = ['owner', 'renter', 'living_with_parents', 'other'] as const;
export type HousingSituation = (typeof HOUSING_SITUATIONS)[number];

/** As of 31 December of the tax year; 'company' is the spec's choice for a legal entity. */
export const MARITAL_STATUSES = ['individual', 'married', 'separated', 'divorced', 'widowed', 'company'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export const EMPLOYMENT_TYPES = ['employed', 'self-employed', 'farmer', 'mixed', 'retired', 'unemployed'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const PROPERTY_USES = ['owner-occupied', 'rented'] as const;
export type PropertyUse = (typeof PROPERTY_USES)[number];

export const TAXATION_LEVELS = ['cantonal', 'communal', 'federal'] as const;
export type TaxationLevel = (typeof TAXATION_LEVELS)[number];

/** D19, the wizard's step 3: where the tax office's mail goes (the residence address unless another is given). */
export const TAX_MAIL_DESTINATIONS = ['residence', 'other'] as const;
export type TaxMailDestination = (typeof TAX_MAIL_DESTINATIONS)[number];

/** Moved during the tax year: a yes/no choice, not a boolean, as in the spec's payload. */
export const MOVED = ['yes', 'no'] as const;
export type Moved = (typeof MOVED)[number];

/** Children's ages run from 0 to 18 (§9); a new child starts at 7. */
export const MIN_CHILD_AGE = 0;
export const MAX_CHILD_AGE = 18;
export const DEFAULT_CHILD_AGE = 7;
export const MAX_CHILDREN = 20;
export const MAX_PROPERTIES = 99;
/** Whole CHF per month. */
export const MAX_ALIMONY_AMOUNT = 1_000_000;
