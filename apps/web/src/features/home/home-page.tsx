import { Download, FileCheck2, Lock, Sparkles } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { taxStatusId, taxStatusName, TAX_STATUSES, type TaxStatusName } from '@taxli/domain';
import { StatusSteps } from '../../components/ui/status-steps';
import { loadNamespaces } from '../../lib/i18n';
import { useDebugToolsEnabled } from '../../lib/client-config';
import { useToday } from '../../lib/clock';
import { useCurrentUser } from '../../lib/current-user';
import { useDocumentCategories, useFiles } from '../../lib/documents';
import { receiptUrl } from '../../lib/transmission';
import { useTaxStatus } from './api/get-tax-status';
import { ContinueTaxProfile } from './continue-tax-profile';
import { dashboardYear } from './dashboard-year';
import { useAdvanceWhenDocumentsComplete } from './api/advance-when-documents-complete';
import { DocumentsPanel, type DocumentsPanelHandle } from './documents/documents-panel';
import { InstallAppButton } from './install-app-button';
import { LoadingOverlay } from './loading-overlay';
import { useFocusKeptThrough } from './use-focus-kept-through';
import { useShownAtLeast } from './use-shown-at-least';
import { MessageBox } from './message-box';
import { NextStepBox, nextStepFor, type OnPageTarget } from './next-step';
import { PersonalChecklist } from './checklist/personal-checklist';
import { MessageThread } from './return/message-thread';
import { ReturnPanel } from './return/return-panel';
import { statusForYear } from '../../lib/status-for-year';
import { TaxProfileButton } from './tax-profile-button';
import { TransmitButton } from './transmit-button';
import { YearSelector } from './year-selector';

// Only for admins while the server offers debug tools (D4): its code and texts load on demand.
const DebugDock = lazy(async () => {
  const [module] = await Promise.all([import('./debug/debug-dock'), loadNamespaces(['debug'])]);
  return { default: module.DebugDock };
});

/** Advanced Tax Info unlocks at status 3, looked at 200 ms after the status arrives (part 1 §4). */
function useAdvancedUnlocked(statusId: number): boolean {
  const [unlocked, setUnlocked] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setUnlocked(statusId >= 3), 200);
    return () => clearTimeout(timer);
  }, [statusId]);
  return unlocked;
}

/** What the app layer puts on the dashboard from another feature, given the year on screen. */
export interface DashboardSlots {
  /** The review inbox of read documents (issue 29), above the documents; it hides itself when empty. */
  reviewInbox?: ComponentType<{ taxYear: number }>;
}

/** The dashboard (part 1 §2): year, status, checklist, the expert's work (issue 27), documents, transmit, messages. */
export function HomePage({ reviewInbox: ReviewInbox }: DashboardSlots = {}) {
  const { t } = useTranslation(['common', 'dashboard']);
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const { data: user } = useCurrentUser();
  const debugTools = useDebugToolsEnabled(user?.isAdmin === true);
  const year = dashboardYear(params, today);
  const taxStatus = useTaxStatus(year);
  const files = useFiles(year);
  const categories = useDocumentCategories(year);
  const fromServer = taxStatus.data?.taxYear === year ? taxStatus.data.status : undefined;
  // An unknown value counts as status 1, its texts included (part 1 §4).
  const statusId = taxStatusId(fromServer ?? (user ? statusForYear(user, year) : undefined));
  const status: TaxStatusName = taxStatusName(statusId);
  const advancedUnlocked = useAdvancedUnlocked(statusId);
  useAdvanceWhenDocumentsComplete(year, fromServer === undefined ? 0 : statusId);
  const loading = taxStatus.isPending || files.isPending || categories.isPending;
  const overlayShown = useShownAtLeast(loading, 500);
  const page = useRef<HTMLDivElement>(null);
  const documents = useRef<DocumentsPanelHandle>(null);
  const transmitButton = useRef<HTMLAnchorElement & HTMLButtonElement>(null);
  const returnPanel = useRef<HTMLElement>(null);
  const threadHeading = useRef<HTMLHeadingElement>(null);
  useFocusKeptThrough(overlayShown, page);
  if (!user) return null; // the signed-in layout renders pages only once the user has loaded

  const yearStatus = taxStatus.data?.taxYear === year ? taxStatus.data : undefined;
  const nextStep = nextStepFor(statusId, {
    advancedInfoCompleted: yearStatus?.advancedInfoCompleted === true,
    profileComplete: user.isProfileComplete,
  });
  const goTo = (target: OnPageTarget) => {
    if (target === 'upload') documents.current?.startUpload();
    else (target === 'transmit' ? transmitButton : returnPanel).current?.focus();
  };

  const firstName = user.firstName.trim();
  return (
    <>
      {overlayShown && <LoadingOverlay label={t('dashboard:loading')} />}
      {/* inert while the overlay shows: nothing under it can be clicked or focused. */}
      <div ref={page} className="space-y-8" inert={overlayShown} aria-busy={overlayShown}>
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">
            {firstName ? t('home.welcome', { firstName }) : t('home.welcomeNoName')}
          </h1>
          <YearSelector year={year} onChange={(next) => setParams({ year: String(next) })} />
        </div>

        <section aria-labelledby="tax-status-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="tax-status-heading" className="text-xl font-semibold text-slate-900">
              {t('home.taxStatusHeading', { year })}
            </h2>
            <span className="rounded-full bg-brand-700 px-3 py-0.5 text-sm font-semibold text-white">{year}</span>
          </div>
          <p className="text-sm text-slate-700">{t('home.stepOf', { current: statusId, total: TAX_STATUSES.length })}</p>
          <StatusSteps status={status} label={t('home.progressLabel', { year })} />
          <p className="text-slate-800">{t(`taxStatus.descriptions.${status}`)}</p>
          <NextStepBox step={nextStep} onGo={goTo} />
          {user.isProfileComplete && <ContinueTaxProfile taxYear={year} />}
        </section>

        {statusId >= 4 ? (
          <section role="status" className="flex items-start gap-3 rounded-lg border border-green-700 bg-green-50 p-6 text-green-900">
            <FileCheck2 aria-hidden className="size-6 shrink-0" />
            <div className="space-y-2">
              <h2 className="text-lg font-semibold">{t('dashboard:transmitted.title')}</h2>
              <p>{t('dashboard:transmitted.description', { year })}</p>
              <h3 className="font-semibold">{t('dashboard:review.nextHeading')}</h3>
              <p>{t('dashboard:review.next')}</p>
              <a href={receiptUrl(year)} download className="inline-flex min-h-10 items-center gap-2 font-medium text-brand-800 underline underline-offset-2">
                <Download aria-hidden className="size-4" />
                {t('dashboard:review.receipt')}
              </a>
            </div>
          </section>
        ) : (
          statusId >= 2 && <PersonalChecklist taxYear={year} onUpload={(id) => documents.current?.pickFilesFor(id)} />
        )}

        {/* Before transmission nothing of the expert's work exists: no panel, no request for it. */}
        {statusId >= 4 && (
          <ReturnPanel
            key={year}
            ref={returnPanel}
            taxYear={year}
            statusId={statusId}
            onUpload={(id) => documents.current?.pickFilesFor(id)}
            onReadMessages={() => threadHeading.current?.focus()}
          />
        )}

        {ReviewInbox && <ReviewInbox key={year} taxYear={year} />}

        <DocumentsPanel ref={documents} taxYear={year} statusId={statusId} />

        <section className="flex flex-wrap items-start gap-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <div className="space-y-1">
            {advancedUnlocked ? (
              <Link to="/advanced-tax-info" className="inline-flex min-h-10 items-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-medium text-white">
                <Sparkles aria-hidden className="size-4" />
                {t('dashboard:advanced.button')}
              </Link>
            ) : (
              <button type="button" disabled className="inline-flex min-h-10 items-center gap-2 rounded-md bg-slate-200 px-4 py-2 font-medium text-slate-700">
                <Lock aria-hidden className="size-4" />
                {t('dashboard:advanced.button')}
              </button>
            )}
            <p className="text-sm text-slate-700">{advancedUnlocked ? t('dashboard:advanced.unlocked') : t('dashboard:advanced.locked')}</p>
          </div>
          <TransmitButton ref={transmitButton} taxYear={year} status={yearStatus} />
        </section>

        <MessageThread taxYear={year} statusId={statusId} visible={!overlayShown} headingRef={threadHeading} />
        <MessageBox taxYear={year} />

        <div className="flex flex-wrap items-center justify-between gap-4">
          <TaxProfileButton statusId={statusId} profileComplete={user.isProfileComplete} />
          <InstallAppButton />
        </div>
      </div>
      {debugTools && (
        <Suspense fallback={null}>
          <DebugDock taxYear={year} />
        </Suspense>
      )}
    </>
  );
}
