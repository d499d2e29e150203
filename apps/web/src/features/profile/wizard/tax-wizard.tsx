import { useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, CloudOff, History, Loader2 } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  isAcceptableTaxYear,
  taxStatusId,
  taxYearInPreparation,
  WIZARD_STEP_COUNT,
  WIZARD_STEP_IDS,
  type TaxProfileResponse,
  type WizardField,
  type WizardStepId,
} from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { FetchProblem } from '../../../components/ui/fetch-problem';
import { toast } from '../../../components/ui/toast-store';
import { useToday } from '../../../lib/clock';
import { useCurrentUser } from '../../../lib/current-user';
import { statusForYear } from '../../../lib/status-for-year';
import { taxProfileQuery } from '../../../lib/queries/tax-profile';
import { draftSaveKey, type DraftSaveState } from '../api/save-tax-draft';
import { CantonQuestionDialog } from './canton-question-dialog';
import { AddressStep } from './steps/address-step';
import { AdvancedStep } from './steps/advanced-step';
import { CantonStep } from './steps/canton-step';
import { ChildrenStep } from './steps/children-step';
import { FirefighterStep, MaritalStatusStep, MovedStep, Pillar3aStep } from './steps/choice-steps';
import { EmploymentStep } from './steps/employment-step';
import { PersonalStep } from './steps/personal-step';
import { RealEstateStep } from './steps/real-estate-step';
import type { StepProps } from './steps/step-props';
import { TaxAddressStep } from './steps/tax-address-step';
import { ReopenDialog } from './reopen-dialog';
import { WizardSummary } from './wizard-summary';
import { useTaxWizard, type TaxWizard, type WizardEntry } from './use-tax-wizard';

const STEP_COMPONENTS: Record<WizardStepId, (props: StepProps) => React.ReactNode> = {
  personal: PersonalStep,
  canton: CantonStep,
  taxAddress: TaxAddressStep,
  address: AddressStep,
  moved: MovedStep,
  firefighter: FirefighterStep,
  maritalStatus: MaritalStatusStep,
  realEstate: RealEstateStep,
  children: ChildrenStep,
  advanced: AdvancedStep,
  pillar3a: Pillar3aStep,
  employment: EmploymentStep,
};

/** `?taxYear=` when it names a year the API accepts, else the year in preparation (D2). */
/** What the wizard says of newer answers saved in another tab or on another device (use-tax-wizard.ts). */
const NEWER_ANSWERS_TEXT = {
  loaded: 'errors:codes.DRAFT_OUTDATED',
  kept: 'newerAnswersKept',
  completed: 'newerCompleted',
} as const;

export function wizardTaxYear(param: string | null, today: Date): number {
  const requested = Number(param);
  return param && Number.isInteger(requested) && isAcceptableTaxYear(requested, today) ? requested : taxYearInPreparation(today);
}

/**
 * `?step=` (1–12) opens that step, `?view=summary` the summary (the dashboard's Continue and Review
 * links, issue 28); anything else opens where the draft was left.
 */
export function wizardEntry(params: URLSearchParams): WizardEntry {
  if (params.get('view') === 'summary') return { summary: true };
  const step = Number(params.get('step'));
  return Number.isInteger(step) && step >= 1 && step <= WIZARD_STEP_COUNT ? { step: step - 1 } : {};
}

/** /profile?setup=tax[&taxYear=][&step=|&view=summary]: the 12-step tax-profile wizard of one year (part 2 §2, §4, §5; D15). */
export function TaxWizard() {
  const { t } = useTranslation('wizard');
  const today = useToday();
  const [params] = useSearchParams();
  const taxYear = wizardTaxYear(params.get('taxYear'), today);
  const { data: user } = useCurrentUser();
  // Asked again whenever the wizard opens (another device may have moved on), and opened only once
  // the saves still under way from the last visit have answered: it resumes at the newest step.
  const profile = useQuery({ ...taxProfileQuery(taxYear), refetchOnMount: 'always' });
  const savesUnderWay = useIsMutating({ mutationKey: draftSaveKey(taxYear) });
  // Latched per year: the form's own saves later on must not close it again.
  const [readyYear, setReadyYear] = useState<number | null>(null);
  const ready = readyYear === taxYear;
  if (!ready && profile.isFetchedAfterMount && savesUnderWay === 0) setReadyYear(taxYear);
  // The form is the page's largest render and comes with the answer of a query, which React renders
  // at once in one task: deferred, it renders in slices a phone's main thread can interleave with
  // input (docs/performance.md, "Lighthouse mobile"); the loading line shows until then. Never ahead
  // of `ready`: a year not yet asked again never shows.
  const formShown = useDeferredValue(ready);

  return (
    <div className="-mx-1 sm:mx-0 sm:py-2">
      {/* The app's background picture behind the whole page, under the header. */}
      <div aria-hidden className="fixed inset-0 -z-10 bg-brand-900 bg-[url(/background.svg)] bg-cover bg-center" />
      <div className="mx-auto max-w-3xl">
        {profile.isError ? (
          <div className="rounded-lg bg-white p-6">
            <FetchProblem message={t('loadFailed')} onRetry={() => void profile.refetch()} />
          </div>
        ) : !profile.data || !user || !ready || !formShown ? (
          <p role="status" className="flex items-center justify-center gap-3 rounded-lg bg-white/95 p-6 text-slate-800">
            <Loader2 aria-hidden className="size-5 animate-spin text-brand-600" />
            {t('loading')}
          </p>
        ) : (
          <WizardForm
            key={taxYear}
            profile={profile.data}
            taxYear={taxYear}
            userId={user.id}
            today={today}
            statusId={taxStatusId(statusForYear(user, taxYear))}
            entry={wizardEntry(params)}
          />
        )}
      </div>
    </div>
  );
}

interface WizardFormProps {
  profile: TaxProfileResponse;
  taxYear: number;
  userId: number;
  today: Date;
  statusId: number;
  entry: WizardEntry;
}

function WizardForm({ profile, taxYear, userId, today, statusId, entry }: WizardFormProps) {
  const { t } = useTranslation('wizard');
  const wizard = useTaxWizard({ profile, taxYear, userId, today, statusId, entry });
  const [confirmingReopen, setConfirmingReopen] = useState(false);
  const summary = wizard.view === 'summary';
  // The summary comes after the last step: the header shows the wizard done.
  const shownStep = summary ? WIZARD_STEP_COUNT : wizard.step + 1;
  const home = taxYear === taxYearInPreparation(today) ? '/' : `/?year=${taxYear}`;
  const heading = useRef<HTMLHeadingElement>(null);
  const refusalsId = useId();
  const firstRender = useRef(true);
  const stepId = WIZARD_STEP_IDS[wizard.step] ?? 'personal';
  const Step = STEP_COMPONENTS[stepId];
  const last = wizard.step === WIZARD_STEP_COUNT - 1;
  // Offered only until the person loads last year's answers or goes on (the year then has a draft).
  const [offerLastYear, setOfferLastYear] = useState(
    () => profile.previousCompleteYear !== null && profile.step === 0 && !profile.isComplete && Object.keys(profile.answers).length === 0,
  );
  if (offerLastYear && wizard.step > 0) setOfferLastYear(false);

  // Focus follows the step: its heading is read first, and Tab goes on into the step.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [wizard.step, wizard.view]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (summary) wizard.complete();
    else wizard.next();
  };

  // Read when the dialog has closed (a ref: its handler is the one of the render that showed it).
  const reopened = useRef(false);
  const confirmReopen = async () => {
    if (!(await wizard.reopen())) return;
    reopened.current = true;
    setConfirmingReopen(false);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="overflow-hidden rounded-xl bg-white shadow-xl">
      <header className="space-y-3 border-b border-slate-200 bg-slate-50 px-4 py-4 sm:px-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h1 className="text-lg font-semibold text-slate-900 sm:text-xl">{t('title', { year: taxYear })}</h1>
          <p className="text-sm font-medium text-brand-700">
            {t('stepCounter', { current: shownStep, total: WIZARD_STEP_COUNT })}
          </p>
        </div>
        <div
          role="progressbar"
          aria-label={t('progress')}
          aria-valuemin={1}
          aria-valuemax={WIZARD_STEP_COUNT}
          aria-valuenow={shownStep}
          aria-valuetext={t('stepCounter', { current: shownStep, total: WIZARD_STEP_COUNT })}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${(shownStep / WIZARD_STEP_COUNT) * 100}%` }} />
        </div>
      </header>

      <div className="space-y-5 px-4 py-6 sm:px-6">
        {wizard.refusedAsTransmitted && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
            {t('errors:codes.TAX_PROFILE_TRANSMITTED')}
          </p>
        )}
        {wizard.newerAnswers && (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
            {t(NEWER_ANSWERS_TEXT[wizard.newerAnswers])}
          </p>
        )}
        {offerLastYear && profile.previousCompleteYear !== null && (
          <StartFromLastYear
            year={profile.previousCompleteYear}
            onLoad={(answers) => {
              wizard.loadAnswers(answers);
              setOfferLastYear(false);
            }}
          />
        )}
        {summary ? (
          <WizardSummary wizard={wizard} year={taxYear} headingRef={heading} onEdit={() => setConfirmingReopen(true)} />
        ) : (
          <>
            <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none focus-visible:outline-2 sm:text-2xl">
              {t(`steps.${stepId}.title`, { year: taxYear })}
            </h2>
            <Step wizard={wizard} year={taxYear} />
          </>
        )}
      </div>
      <ReopenDialog
        open={confirmingReopen}
        year={taxYear}
        busy={wizard.reopening}
        onCancel={() => setConfirmingReopen(false)}
        onConfirm={() => void confirmReopen()}
        onCloseAutoFocus={(event) => {
          // Reopened, the Edit button is gone: the summary's heading is where the person goes on.
          if (reopened.current) {
            event.preventDefault();
            heading.current?.focus();
          }
        }}
      />

      <CantonQuestionDialog question={wizard.cantonQuestion} onAnswer={wizard.answerCantonQuestion} onClose={wizard.closeCantonQuestion} />
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-slate-50 px-4 py-4 sm:px-6">
        {wizard.readOnly ? (
          <Link to={home} className="inline-flex min-h-10 items-center rounded-md font-medium text-brand-700 underline-offset-4 hover:underline">
            {t('summary.toDashboard')}
          </Link>
        ) : (
          <>
            <RefusalSummary id={refusalsId} refusals={wizard.refusals} onShow={wizard.focusField} />
            <Button
              variant="secondary"
              onClick={wizard.back}
              disabled={(!summary && wizard.step === 0) || wizard.saving || wizard.done}
            >
              {t('actions.back')}
            </Button>
            <DraftStatus state={wizard.draftState} />
            <Button
              type="submit"
              aria-describedby={wizard.refusals.length > 0 ? refusalsId : undefined}
              aria-disabled={(!summary && !wizard.valid) || wizard.saving || wizard.done}
              className={(!summary && !wizard.valid) || wizard.saving || wizard.done ? 'cursor-not-allowed bg-slate-400 hover:bg-slate-400' : undefined}
            >
              {wizard.saving && <Loader2 aria-hidden className="size-4 animate-spin" />}
              {summary
                ? t('actions.complete')
                : wizard.returnToSummary
                  ? t('actions.backToSummary')
                  : last
                    ? t('actions.review')
                    : t('actions.next')}
            </Button>
          </>
        )}
      </footer>
    </form>
  );
}

/**
 * Why Next was refused, beside it (issue 28): each missing or wrong answer of the step, as a button
 * that takes the focus to its field. The same messages stand at the fields; Next is described by it.
 */
function RefusalSummary({ id, refusals, onShow }: { id: string; refusals: TaxWizard['refusals']; onShow: (field: WizardField) => void }) {
  const { t } = useTranslation('wizard');
  if (refusals.length === 0) return null;
  return (
    <div id={id} className="w-full rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-medium">{t('refused.title')}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {refusals.map(({ field, message }) => (
          <li key={field}>
            <button type="button" onClick={() => onShow(field)} className="text-left underline underline-offset-2 hover:text-red-950">
              {message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The background save of the draft: "Saving…", "Saved", or "Not saved — retrying". */
function DraftStatus({ state }: { state: DraftSaveState }) {
  const { t } = useTranslation('wizard');
  const shown = {
    idle: null,
    saving: { icon: <Loader2 aria-hidden className="size-4 animate-spin" />, text: t('draft.saving'), tone: 'text-slate-600' },
    saved: { icon: <Check aria-hidden className="size-4" />, text: t('draft.saved'), tone: 'text-green-800' },
    retrying: { icon: <CloudOff aria-hidden className="size-4" />, text: t('draft.retrying'), tone: 'text-amber-800' },
    failed: { icon: <CloudOff aria-hidden className="size-4" />, text: t('draft.failed'), tone: 'text-red-700' },
  }[state];
  return (
    <p role="status" className={`order-last flex w-full items-center justify-center gap-1 text-sm sm:order-none sm:w-auto ${shown?.tone ?? ''}`}>
      {shown?.icon}
      {shown?.text}
    </p>
  );
}

/**
 * D15: a new year may start from the last complete year's answers. Offered while this year has no
 * draft yet; the answers are loaded into the wizard and reviewed step by step.
 */
function StartFromLastYear({ year: previous, onLoad }: { year: number; onLoad: (answers: TaxProfileResponse['answers']) => void }) {
  const { t } = useTranslation('wizard');
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);

  const load = async () => {
    setLoading(true);
    try {
      const last = await queryClient.fetchQuery(taxProfileQuery(previous));
      onLoad(last.answers);
      toast({ title: t('lastYear.loadedTitle', { year: previous }), description: t('lastYear.loadedDescription'), variant: 'success' });
    } catch {
      setLoading(false);
      toast({ title: t('lastYear.failed', { year: previous }), variant: 'destructive' });
    }
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-brand-100 bg-brand-50 p-4">
      <p className="flex items-start gap-2 text-slate-800">
        <History aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
        {t('lastYear.text', { year: previous })}
      </p>
      <Button variant="secondary" onClick={() => void load()} disabled={loading}>
        {loading && <Loader2 aria-hidden className="size-4 animate-spin" />}
        {t('lastYear.button', { year: previous })}
      </Button>
    </div>
  );
}
