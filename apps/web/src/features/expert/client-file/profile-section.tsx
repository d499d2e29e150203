import { useTranslation } from 'react-i18next';
import { LANGUAGES, type ClientFileResponse } from '@taxli/domain';
import { formatSwissDay } from '../../../lib/swiss-locale';
import { Facts, FileSection } from './parts';

/** An address on one line as the Swiss write it: "Bahnhofstrasse 1, 8001 Zürich". */
export function addressLine(address: { street?: string | null; houseNumber?: string | null; zipCode?: string | null; city?: string | null }): string | undefined {
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ');
  const town = [address.zipCode, address.city].filter(Boolean).join(' ');
  return [street, town].filter(Boolean).join(', ') || undefined;
}

/** The person: name, contact, language, date of birth, job and tax address. */
export function ProfileSection({ profile }: { profile: ClientFileResponse['profile'] }) {
  const { t, i18n } = useTranslation('expert');
  const language = LANGUAGES.find((candidate) => candidate.code === profile.language)?.name ?? profile.language;
  return (
    <FileSection id="profile" title={t('file.sections.profile')}>
      <Facts
        items={[
          [t('wizard:fields.salutation'), profile.salutation ? t(`wizard:options.salutation.${profile.salutation}`, { defaultValue: profile.salutation }) : undefined],
          [t('wizard:fields.firstName'), profile.firstName],
          [t('wizard:fields.lastName'), profile.lastName],
          [t('profile.email'), <a href={`mailto:${profile.email}`} className="break-all text-brand-700 underline">{profile.email}</a>],
          [t('profile.phone'), profile.phone],
          [t('profile.language'), language],
          [t('wizard:fields.dateOfBirth'), profile.dateOfBirth ? formatSwissDay(profile.dateOfBirth, i18n.language) : undefined],
          [t('wizard:fields.jobName'), profile.jobName],
          [t('profile.taxAddress'), addressLine(profile.taxAddress)],
          [t('wizard:fields.gemeinde'), profile.taxAddress.gemeinde ?? undefined],
        ]}
      />
    </FileSection>
  );
}
