import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/current-user';
import { useDocumentCategories, useFiles } from '../../lib/documents';
import { statusFromUser, useTaxStatus } from '../../lib/tax-status';
import { AdvancedTaxInfoButton } from './advanced-tax-info-button';
import { DocumentsPanel } from './documents/documents-panel';
import { InstallAppButton } from './install-app-button';
import { LoadingOverlay, useMinimumLoading } from './loading-overlay';
import { MessageBox } from './message-box';
import { isChecklistVisible, RequiredChecklist } from './required-checklist';
import { StatusOverview } from './status-overview';
import { TaxProfileButton } from './tax-profile-button';
import { TransmitButton } from './transmit-button';
import { TransmittedBanner } from './transmitted-banner';
import { useDashboardYear } from './use-dashboard-year';
import { YearSelector } from './year-selector';

/**
 * The dashboard (part 1 §2): the tax year, where its return stands, what is still missing, the
 * documents, and the ways forward (Advanced Tax Info, transmit, a message to the experts).
 */
export function HomePage() {
  const { t } = useTranslation(['common', 'dashboard']);
  const [year, setYear] = useDashboardYear();
  const { data: user } = useCurrentUser();
  const taxStatus = useTaxStatus(year);
  const files = useFiles(year);
  const categories = useDocumentCategories(year);
  const loading = useMinimumLoading(taxStatus.isPending || files.isPending || categories.isPending);
  if (!user) return null; // the signed-in layout renders pages only once the user has loaded

  const { status, statusId } = taxStatus;
  const firstName = user.firstName.trim();
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">
          {firstName ? t('home.welcome', { firstName }) : t('home.welcomeNoName')}
        </h1>
        <YearSelector year={year} onChange={setYear} />
      </div>

      {loading ? (
        <LoadingOverlay />
      ) : (
        <>
          <StatusOverview status={status} year={year} />

          {statusId >= 4 && <TransmittedBanner year={year} />}
          {isChecklistVisible(statusId, statusFromUser(user, year)) && <RequiredChecklist files={files.data ?? []} />}

          {statusId < 4 && <DocumentsPanel taxYear={year} />}

          <section aria-labelledby="dashboard-actions-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="dashboard-actions-heading" className="text-xl font-semibold text-slate-900">
              {t('dashboard:actions.heading')}
            </h2>
            <div className="flex flex-wrap items-start gap-6">
              <AdvancedTaxInfoButton statusId={statusId} />
              <TransmitButton taxYear={year} statusId={statusId} response={taxStatus.response} />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 pt-4">
              <TaxProfileButton statusId={statusId} profileComplete={user.isProfileComplete} />
              <InstallAppButton />
            </div>
          </section>

          <MessageBox />
        </>
      )}
    </div>
  );
}
