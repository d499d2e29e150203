import { useTranslation } from 'react-i18next';
import { ADVANCED_SECTION_IDS, type ClientFileResponse } from '@taxli/domain';
import { formatSwissDay } from '../../../lib/swiss-locale';
import type { ReturnRef } from '../api/take-return';
import { cantonLabel } from '../return-labels';
import { Facts, FileSection } from './parts';
import { RevealableValue } from './revealable-value';

interface AdvancedInfoSectionProps {
  returnRef: ReturnRef;
  info: ClientFileResponse['advancedTaxInfo'];
}

/** Advanced Tax Information: the sections the person included, spouse, children and authorization, the AHV number and tax IDs masked. */
export function AdvancedInfoSection({ returnRef, info }: AdvancedInfoSectionProps) {
  const { t, i18n } = useTranslation('expert');
  const yesNo = (value: boolean) => t(`wizard:options.yesNo.${value ? 'yes' : 'no'}`);
  const included = ADVANCED_SECTION_IDS.filter((id) => info.sections[id]).map((id) => t(`advanced:sections.${id}.short`));
  const { spouse, children, authorization } = info;
  const spouseAhv = spouse ? spouse.ahvNumberMasked || spouse.ahvNumber : '';
  return (
    <FileSection id="advanced" title={t('file.sections.advanced')}>
      <p className="text-sm text-slate-700">
        {info.completed ? t('file.advanced.completed') : t('file.advanced.notCompleted')}{' '}
        {included.length > 0 ? t('file.advanced.included', { sections: included.join(', ') }) : t('file.advanced.noneIncluded')}
      </p>

      <h3 className="text-lg font-semibold text-slate-900">{t('advanced:sections.spouse.title')}</h3>
      {spouse ? (
        <Facts
          items={[
            [t('advanced:spouse.firstName'), spouse.firstName],
            [t('advanced:spouse.lastName'), spouse.lastName],
            [t('advanced:spouse.age'), spouse.age === null ? undefined : String(spouse.age)],
            [t('advanced:spouse.occupation'), spouse.occupation],
            [
              t('advanced:spouse.ahvNumber'),
              spouseAhv ? <RevealableValue returnRef={returnRef} field="spouseAhvNumber" masked={spouseAhv} label={t('file.advanced.spouseAhv')} /> : undefined,
            ],
            [
              t('advanced:spouse.taxId'),
              spouse.taxId ? <RevealableValue returnRef={returnRef} field="spouseTaxId" masked={spouse.taxId} label={t('file.advanced.spouseTaxId')} /> : undefined,
            ],
          ]}
        />
      ) : (
        <p className="text-sm text-slate-700">{t('file.advanced.noSpouse')}</p>
      )}

      <h3 className="text-lg font-semibold text-slate-900">{t('advanced:sections.children.title')}</h3>
      {children.length === 0 ? (
        <p className="text-sm text-slate-700">{t('file.advanced.noChildren')}</p>
      ) : (
        <ol className="space-y-3">
          {children.map((child, index) => (
            <li key={index} className="rounded-md border border-slate-200 p-3">
              <p className="mb-2 font-medium text-slate-900">{t('advanced:children.child', { number: index + 1 })}</p>
              <Facts
                items={[
                  [t('advanced:children.firstName'), child.firstName],
                  [t('advanced:children.lastName'), child.lastName],
                  [t('advanced:children.birthDate'), child.birthDate ? formatSwissDay(child.birthDate, i18n.language) : undefined],
                  [t('advanced:children.schoolingInfo'), child.schoolingInfo],
                  [t('advanced:children.disability'), child.disability],
                  [t('advanced:children.alimony'), child.alimony],
                ]}
              />
            </li>
          ))}
        </ol>
      )}

      <h3 className="text-lg font-semibold text-slate-900">{t('advanced:sections.authorization.title')}</h3>
      {authorization ? (
        <Facts
          items={[
            [t('advanced:authorization.canton'), cantonLabel(authorization.canton, i18n.language)],
            [
              t('advanced:authorization.tin'),
              authorization.tinNumber ? <RevealableValue returnRef={returnRef} field="taxId" masked={authorization.tinNumber} label={t('file.advanced.taxId')} /> : undefined,
            ],
            [t('file.advanced.powerOfAttorney'), yesNo(authorization.powerOfAttorneyEnabled && authorization.powerOfAttorneyAccepted)],
          ]}
        />
      ) : (
        <p className="text-sm text-slate-700">{t('file.advanced.noAuthorization')}</p>
      )}
    </FileSection>
  );
}
