import { toIsoDate } from './iso-date.js';
import { PERSONAL_FIELDS, type PersonalAnswers, type PersonalField } from './personal-answers.js';
import type { TaxProfileAnswers, TaxProfileField } from './tax-profile.js';

/**
 * The 12-step tax-profile wizard (part 2 §2, §4, §5) as data and pure rules, so that the web app
 * and the server agree on which step is complete and what leaving a step sets.
 */
export interface WizardState {
  personal: PersonalAnswers;
  answers: TaxProfileAnswers;
}

export type WizardField = PersonalField | TaxProfileField;

export const WIZARD_STEP_IDS = [
  'personal',
  'canton',
  'taxAddress',
  'address',
  'moved',
  'firefighter',
  'maritalStatus',
  'realEstate',
  'children',
  'advanced',
  'pillar3a',
  'employment',
] as const;
export type WizardStepId = (typeof WIZARD_STEP_IDS)[number];

export interface WizardStep {
  id: WizardStepId;
  /** In the order their messages are shown: the first missing one is named. */
  requiredFields: readonly WizardField[];
}

const REQUIRED: Partial<Record<WizardStepId, readonly WizardField[]>> = {
  personal: ['salutation', 'lastName', 'firstName', 'dateOfBirth', 'religion', 'phone', 'jobName'],
  canton: ['cantonOfResidence'],
  address: ['street', 'zipCode', 'city', 'gemeinde'],
  maritalStatus: ['maritalStatus'],
  // §5: satisfied once the boolean is set; leaving the step sets false (leaveStep).
  realEstate: ['propertyOwner'],
  children: ['hasChildren'],
  employment: ['employmentType'],
};

export const WIZARD_STEPS: readonly WizardStep[] = WIZARD_STEP_IDS.map((id) => ({ id, requiredFields: REQUIRED[id] ?? [] }));

export function wizardStepIndex(id: WizardStepId): number {
  return WIZARD_STEP_IDS.indexOf(id);
}

function fieldValue(state: WizardState, field: WizardField): unknown {
  if ((PERSONAL_FIELDS as readonly string[]).includes(field)) return state.personal[field as PersonalField];
  return state.answers[field as TaxProfileField];
}

/** Text counts when not blank; a boolean counts either way (false is an answer); numbers count. */
export function isAnswered(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return true;
  if (Array.isArray(value)) return true;
  return false;
}

/** D19, step 3: another address for tax mail needs its street, zip code and city. */
const TAX_MAIL_ADDRESS_FIELDS: readonly WizardField[] = ['taxMailStreet', 'taxMailZipCode', 'taxMailCity'];

/** The fields a step requires with these answers (step 3's depend on the choice made). */
export function requiredFieldsOf(stepIndex: number, state: WizardState): readonly WizardField[] {
  const step = WIZARD_STEPS[stepIndex];
  if (!step) return [];
  if (step.id === 'taxAddress' && state.answers.taxMailTo === 'other') return TAX_MAIL_ADDRESS_FIELDS;
  return step.requiredFields;
}

/** The first required field of the step that is not answered, or null; steps outside 0–11 require nothing. */
export function firstMissingField(stepIndex: number, state: WizardState): WizardField | null {
  return requiredFieldsOf(stepIndex, state).find((field) => !isAnswered(fieldValue(state, field))) ?? null;
}

/** The first step (0–11) whose required answers are not all given, or null: what Complete waits for. */
export function firstIncompleteStep(state: WizardState): number | null {
  const index = WIZARD_STEPS.findIndex((_, i) => firstMissingField(i, state) !== null);
  return index === -1 ? null : index;
}

/** Every required field of the step that is not answered, in the step's order (issue 28: Next names them all). */
export function missingFields(stepIndex: number, state: WizardState): WizardField[] {
  return requiredFieldsOf(stepIndex, state).filter((field) => !isAnswered(fieldValue(state, field)));
}

export function isStepValid(stepIndex: number, state: WizardState): boolean {
  return firstMissingField(stepIndex, state) === null;
}

const FIELD_LABELS: Partial<Record<WizardField, string>> = {
  salutation: 'Salutation',
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  religion: 'Religion',
  phone: 'Phone number',
  jobName: 'Job',
  cantonOfResidence: 'Canton of residence',
  street: 'Street',
  zipCode: 'Zip code',
  city: 'City',
  gemeinde: 'Gemeinde',
  maritalStatus: 'Marital status',
  propertyOwner: 'Property ownership',
  hasChildren: 'Children',
  taxMailStreet: 'Street',
  taxMailZipCode: 'Zip code',
  taxMailCity: 'City',
};

/**
 * §5: '{field} is required', translated under profile.{field}_required; the employment step has
 * its own text.
 */
export function missingFieldMessage(field: WizardField): { key: string; message: string } {
  if (field === 'employmentType') return { key: 'profile.employmentType_required', message: 'Please select your employment type' };
  return { key: `profile.${field}_required`, message: `${FIELD_LABELS[field] ?? field} is required` };
}

/**
 * §4: leaving the moved step with no answer means 'no'; leaving real estate or children with no
 * answer means false; D19: leaving step 3 with no answer means the residence address. Other steps leave the state as it is.
 */
export function leaveStep(stepIndex: number, state: WizardState): WizardState {
  const { answers } = state;
  switch (WIZARD_STEP_IDS[stepIndex]) {
    case 'taxAddress':
      return answers.taxMailTo ? state : { ...state, answers: { ...answers, taxMailTo: 'residence' } };
    case 'moved':
      return answers.movedDuringYear ? state : { ...state, answers: { ...answers, movedDuringYear: 'no' } };
    case 'realEstate':
      return typeof answers.propertyOwner === 'boolean' ? state : { ...state, answers: { ...answers, propertyOwner: false } };
    case 'children':
      return typeof answers.hasChildren === 'boolean' ? state : { ...state, answers: { ...answers, hasChildren: false } };
    default:
      return state;
  }
}

/** §3: the date-of-birth input starts at today minus 24 years (29 February becomes 28 February). */
export function defaultDateOfBirth(today: Date): string {
  const year = today.getFullYear() - 24;
  const date = new Date(year, today.getMonth(), today.getDate());
  if (date.getMonth() !== today.getMonth()) date.setDate(0);
  return toIsoDate(date);
}
