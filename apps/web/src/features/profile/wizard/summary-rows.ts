import type { TFunction } from 'i18next';
import { cantonName, findCantonBySlug, isAlimonyOffered, type WizardState, type WizardStepId } from '@taxli/domain';

export interface SummaryRow {
  label: string;
  /** null: not answered. */
  value: string | null;
}

interface RowContext {
  t: TFunction;
  year: number;
  language: string;
}

const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);
const joined = (...parts: (string | null | undefined)[]) => text(parts.map(text).filter(Boolean).join(' '));

function yesNo(t: TFunction, value: boolean | null | undefined): string | null {
  return typeof value === 'boolean' ? t(`options.yesNo.${value ? 'yes' : 'no'}`) : null;
}

function isoDate(value: string | null | undefined, language: string): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return text(value);
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

/** One address as it is written on a Swiss letter: "Seestrasse 120, 8800 Thalwil". */
function address(street?: string | null, houseNumber?: string | null, zipCode?: string | null, city?: string | null): string | null {
  const lines = [joined(street, houseNumber), joined(zipCode, city)].filter(Boolean);
  return lines.length > 0 ? lines.join(', ') : null;
}

/**
 * Every answer of a step as the summary before Complete shows it (issue 28): the step's own
 * labels, the choices in words, "not answered" where nothing was given.
 */
export function summaryRows(stepId: WizardStepId, state: WizardState, { t, year, language }: RowContext): SummaryRow[] {
  const { personal: p, answers: a } = state;
  const option = (group: string, value: string | null | undefined) => (value ? t(`options.${group}.${value}`) : null);
  switch (stepId) {
    case 'personal':
      return [
        { label: t('fields.salutation'), value: option('salutation', p.salutation) },
        { label: t('fields.firstName'), value: text(p.firstName) },
        { label: t('fields.lastName'), value: text(p.lastName) },
        { label: t('fields.dateOfBirth'), value: isoDate(p.dateOfBirth, language) },
        { label: t('fields.religion'), value: option('religion', a.religion) },
        { label: t('fields.phone'), value: text(p.phone) ? joined(p.countryCode, p.phone) : null },
        { label: t('fields.jobName'), value: text(p.jobName) },
      ];
    case 'canton': {
      const canton = a.cantonOfResidence ? findCantonBySlug(a.cantonOfResidence) : undefined;
      return [{ label: t('steps.canton.title'), value: canton ? cantonName(canton, language) : null }];
    }
    case 'taxAddress': {
      const other = a.taxMailTo === 'other';
      const rows: SummaryRow[] = [{ label: t('steps.taxAddress.question'), value: t(`steps.taxAddress.${other ? 'other' : 'residence'}`) }];
      if (other) {
        rows.push({
          label: t('steps.taxAddress.otherHeading'),
          value: [text(a.taxMailCareOf) && `c/o ${text(a.taxMailCareOf)}`, address(a.taxMailStreet, a.taxMailHouseNumber, a.taxMailZipCode, a.taxMailCity)]
            .filter(Boolean)
            .join(', ') || null,
        });
      }
      return rows;
    }
    case 'address':
      return [
        { label: t('steps.address.title'), value: address(a.street, a.houseNumber, a.zipCode, a.city) },
        { label: t('fields.gemeinde'), value: text(a.gemeinde) },
        { label: t('fields.housingSituation'), value: option('housingSituation', a.housingSituation) },
      ];
    case 'moved':
      return [{ label: t('steps.moved.label', { year }), value: a.movedDuringYear ? t(`options.yesNo.${a.movedDuringYear}`) : null }];
    case 'firefighter':
      return [{ label: t('steps.firefighter.label', { year }), value: yesNo(t, a.isFirefighter) }];
    case 'maritalStatus':
      return [{ label: t('fields.maritalStatus'), value: option('maritalStatus', a.maritalStatus) }];
    case 'realEstate': {
      const rows: SummaryRow[] = [{ label: t('steps.realEstate.label'), value: yesNo(t, a.propertyOwner) }];
      if (a.propertyOwner) {
        rows.push(
          { label: t('fields.numberOfProperties'), value: a.numberOfProperties == null ? null : String(a.numberOfProperties) },
          { label: t('fields.propertyCountry'), value: text(a.propertyCountry) },
          { label: t('fields.propertyUse'), value: option('propertyUse', a.propertyUse) },
        );
      }
      return rows;
    }
    case 'children': {
      const rows: SummaryRow[] = [{ label: t('steps.children.label', { year }), value: yesNo(t, a.hasChildren) }];
      if (a.hasChildren) {
        rows.push(
          { label: t('fields.numberOfChildren'), value: String(a.childrenAges?.length ?? 0) },
          { label: t('summary.childrenAges'), value: a.childrenAges?.length ? a.childrenAges.join(', ') : null },
        );
      }
      return rows;
    }
    case 'advanced': {
      const rows: SummaryRow[] = [
        { label: t('steps.advanced.investments', { year }), value: yesNo(t, a.hasInvestments) },
        { label: t('steps.advanced.foreignIncome', { year }), value: yesNo(t, a.hasForeignIncome) },
      ];
      if (isAlimonyOffered(state)) {
        rows.push({ label: t('steps.advanced.alimony', { year }), value: yesNo(t, a.paysAlimony) });
        if (a.paysAlimony) {
          rows.push(
            { label: t('fields.alimonyAmount'), value: a.alimonyAmount == null ? null : String(a.alimonyAmount) },
            { label: t('fields.alimonyDuration'), value: text(a.alimonyDuration) },
          );
        }
      }
      return rows;
    }
    case 'pillar3a':
      return [{ label: t('steps.pillar3a.question', { year }), value: yesNo(t, a.hasPillar3a) }];
    case 'employment':
      return [
        { label: t('fields.employmentType'), value: option('employmentType', a.employmentType) },
        { label: t('steps.employment.pension', { year }), value: yesNo(t, a.hasPension) },
        { label: t('steps.employment.ahvIv', { year }), value: yesNo(t, a.receivesAHVIV) },
        { label: t('steps.employment.disabled'), value: yesNo(t, a.isDisabled) },
      ];
  }
}
