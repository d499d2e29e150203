import { useTranslation } from 'react-i18next';
import type { ClientFileResponse } from '@taxli/domain';
import { formatSwissDay } from '../../../lib/swiss-locale';
import { cantonLabel } from '../return-labels';
import { Facts, FileSection } from './parts';
import { addressLine } from './profile-section';

interface TaxProfileSectionProps {
  taxYear: number;
  taxProfile: ClientFileResponse['taxProfile'];
  declaration: ClientFileResponse['declaration'];
}

/**
 * The wizard's answers for the year as a readable list: each answer under the wizard's own label
 * where it reads well about someone else, its choice as the wizard names it. Unanswered questions
 * are left out.
 */
export function TaxProfileSection({ taxYear, taxProfile, declaration }: TaxProfileSectionProps) {
  const { t, i18n } = useTranslation('expert');
  const language = i18n.language;
  const yesNo = (value: boolean | 'yes' | 'no' | null | undefined) =>
    value === null || value === undefined ? undefined : t(`wizard:options.yesNo.${value === true || value === 'yes' ? 'yes' : 'no'}`);
  const option = (group: string, value: string | null | undefined) => (value ? t(`wizard:options.${group}.${value}`, { defaultValue: value }) : undefined);
  const count = (value: number | null | undefined) => (value === null || value === undefined ? undefined : String(value));

  const state = !taxProfile
    ? t('file.taxProfile.none')
    : taxProfile.isComplete && taxProfile.completedAt
      ? t('file.taxProfile.completeSince', { date: formatSwissDay(taxProfile.completedAt, language) })
      : t('file.taxProfile.draft');
  const declared = declaration
    ? t('file.taxProfile.declaration', { version: declaration.version, date: formatSwissDay(declaration.createdAt, language) })
    : t('file.taxProfile.noDeclaration');

  const a = taxProfile?.answers;
  return (
    <FileSection id="tax-profile" title={t('file.sections.taxProfile')}>
      <p className="text-sm text-slate-700">
        {state} {declared}
      </p>
      {a && (
        <Facts
          items={[
            [t('wizard:steps.canton.title'), cantonLabel(a.cantonOfResidence ?? null, language)],
            [t('file.taxProfile.address'), addressLine(a)],
            [t('wizard:fields.gemeinde'), a.gemeinde ?? undefined],
            [t('file.taxProfile.moved', { year: taxYear }), yesNo(a.movedDuringYear)],
            [t('wizard:fields.religion'), option('religion', a.religion)],
            [t('wizard:fields.maritalStatus'), option('maritalStatus', a.maritalStatus)],
            [t('wizard:fields.housingSituation'), option('housingSituation', a.housingSituation)],
            [t('wizard:fields.employmentType'), option('employmentType', a.employmentType)],
            [t('wizard:steps.firefighter.title', { year: taxYear }), yesNo(a.isFirefighter)],
            [t('wizard:steps.realEstate.title'), yesNo(a.propertyOwner)],
            [t('wizard:fields.numberOfProperties'), count(a.numberOfProperties)],
            [t('wizard:fields.propertyCountry'), a.propertyCountry ?? undefined],
            [t('wizard:fields.propertyUse'), option('propertyUse', a.propertyUse)],
            [t('wizard:steps.children.title'), yesNo(a.hasChildren)],
            [t('wizard:fields.numberOfChildren'), count(a.numberOfChildren)],
            [t('file.taxProfile.childrenAges'), a.childrenAges?.length ? a.childrenAges.join(', ') : undefined],
            [t('file.taxProfile.investments'), yesNo(a.hasInvestments)],
            [t('file.taxProfile.foreignIncome'), yesNo(a.hasForeignIncome)],
            [t('file.taxProfile.alimony'), yesNo(a.paysAlimony)],
            [t('wizard:fields.alimonyAmount'), count(a.alimonyAmount)],
            [t('wizard:fields.alimonyDuration'), a.alimonyDuration ?? undefined],
            [t('wizard:steps.pillar3a.title', { year: taxYear }), yesNo(a.hasPillar3a)],
            [t('file.taxProfile.pension'), yesNo(a.hasPension)],
            [t('file.taxProfile.ahvIv'), yesNo(a.receivesAHVIV)],
            [t('file.taxProfile.disabled'), yesNo(a.isDisabled)],
            [t('file.taxProfile.taxId'), yesNo(a.hasTaxIdentificationNumber)],
            [t('file.taxProfile.powerOfAttorney'), yesNo(a.hasPowerOfAttorney)],
            [t('file.taxProfile.taxationLevel'), a.taxationLevel ? t(`file.taxProfile.taxationLevels.${a.taxationLevel}`) : undefined],
            [t('file.taxProfile.donations'), yesNo(a.hasDonations)],
            [t('file.taxProfile.deductions'), yesNo(a.hasDeductions)],
          ]}
        />
      )}
    </FileSection>
  );
}
