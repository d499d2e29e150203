import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  defaultDateOfBirth,
  DEFAULT_COUNTRY_CODE,
  digitsOnly,
  firstIncompleteStep,
  findCantonBySlug,
  firstMissingField,
  missingFields,
  isActiveLanguage,
  isAlimonyOffered,
  isYearTransmitted,
  leaveStep,
  setPaysAlimony,
  taxYearInPreparation,
  WIZARD_STEP_COUNT,
  WIZARD_STEP_IDS,
  wizardStepIndex,
  type Canton,
  type PersonalAnswers,
  type TaxProfileAnswers,
  type TaxProfileResponse,
  type WizardField,
  type WizardState,
} from '@taxli/domain';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { fieldErrorText } from '../../../lib/field-error-text';
import { taxProfileQuery } from '../../../lib/queries/tax-profile';
import { isDraftOutdated, useDraftSaver } from '../api/save-tax-draft';
import { useReopenTaxProfile } from '../api/reopen-tax-profile';
import { useSubmitTaxProfile } from '../api/submit-tax-profile';
import { answersToRestore, changesSetAside, keepWizardBackup, readWizardBackup } from './wizard-backup';
import { formatProblems, stepOfField, wizardFieldOf } from './wizard-fields';
import { keepChangesOverNewer } from './wizard-merge';

/** Part 2 §4: after the final submit, the dashboard follows after 1.5 s. */
export const WIZARD_REDIRECT_MS = 1500;
const MIN_PHONE_DIGITS = 4;

/** The wizard's starting state: the stored answers, +41 and today − 24 years where nothing is stored. */
export function initialWizardState(profile: TaxProfileResponse, today: Date): WizardState {
  const personal: PersonalAnswers = {
    ...profile.personal,
    phone: digitsOnly(profile.personal.phone ?? ''),
    countryCode: profile.personal.countryCode ?? DEFAULT_COUNTRY_CODE,
    dateOfBirth: profile.personal.dateOfBirth || defaultDateOfBirth(today),
  };
  return { personal, answers: { ...profile.answers } };
}

/**
 * What leaving a step sets (§4: moved, real estate and children default to no); alimony no longer
 * asked about (the marital status or the children changed) is cleared as well.
 */
function leave(step: number, state: WizardState): WizardState {
  const left = leaveStep(step, state);
  if (WIZARD_STEP_IDS[step] === 'advanced' && !isAlimonyOffered(left) && left.answers.paysAlimony != null) {
    return setPaysAlimony(left, false);
  }
  return left;
}

function clampStep(step: number): number {
  return Number.isInteger(step) ? Math.min(WIZARD_STEP_COUNT - 1, Math.max(0, step)) : 0;
}

const hasNamesAndPhone = ({ personal }: WizardState) =>
  !!personal.firstName?.trim() && !!personal.lastName?.trim() && digitsOnly(personal.phone ?? '').length >= MIN_PHONE_DIGITS;

/** Where the wizard opens: a step (0–11) or the summary, as the link that opened it asked (issue 28). */
export interface WizardEntry {
  step?: number;
  summary?: boolean;
}

interface Options {
  profile: TaxProfileResponse;
  taxYear: number;
  userId: number;
  today: Date;
  /** The year's status (D1): from 4 (transmitted) on, the answers can only be read. */
  statusId: number;
  entry?: WizardEntry;
}

/** The last step's index: returning to the summary saves the draft there (the summary comes after it). */
const LAST_STEP = WIZARD_STEP_COUNT - 1;

/**
 * The wizard's state and rules (part 2 §4, §5): the answers, the step, which message shows, the
 * draft saved in the background at every Next, and the final submit.
 */
export function useTaxWizard({ profile, taxYear, userId, today, statusId, entry = {} }: Options) {
  const { t, i18n } = useTranslation('wizard');
  const navigate = useNavigate();
  const transmitted = isYearTransmitted(statusId);
  const [stored] = useState(() => initialWizardState(profile, today));
  // Answers typed in this browser tab that the server does not have (a failed save, a reload
  // during one): the wizard goes on from them, and saves them (wizard-backup.ts).
  const [fromBackup] = useState(() => {
    const backup = transmitted ? null : readWizardBackup(userId, taxYear);
    return { restored: backup && answersToRestore(backup, profile, stored), setAside: backup && changesSetAside(backup, profile, stored) };
  });
  const { restored } = fromBackup;
  const [state, setState] = useState<WizardState>(() => restored?.state ?? stored);
  /**
   * The answers as the server holds them, as far as this tab knows (loaded, or its last save's
   * answer): what differs from them is this tab's own, kept when newer answers come (wizard-merge.ts).
   */
  const base = useRef(stored);
  const [step, setStep] = useState(() => (profile.isComplete ? 0 : clampStep(entry.step ?? restored?.step ?? profile.step)));
  /** A completed year is shown as its summary, to read; editing reopens it (issue 28). */
  const [completed, setCompleted] = useState(profile.isComplete);
  const [view, setView] = useState<'step' | 'summary'>(() => (profile.isComplete || transmitted || entry.summary ? 'summary' : 'step'));
  /** The step was opened with the summary's Change: its Next goes back to the summary. */
  const [returnToSummary, setReturnToSummary] = useState(false);
  /** Typed since the last draft save: leaving the wizard saves it (nothing typed is lost). */
  const unsaved = useRef(restored !== null);
  /** Next was pressed on an incomplete step: the first missing field's message shows. */
  const [attempted, setAttempted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<WizardField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<WizardField, string>>>({});
  const [done, setDone] = useState(false);
  /**
   * Another tab or device had saved newer answers: they were loaded in place of these ('loaded'),
   * or added to what this tab had changed, which was kept ('kept'); or it completed the year, and
   * what this tab changed waits for Edit answers ('completed'). Said until the next move.
   */
  const [newerAnswers, setNewerAnswers] = useState<'loaded' | 'kept' | 'completed' | null>(
    restored?.overNewer ? 'kept' : fromBackup.setAside ? 'completed' : null,
  );
  /**
   * What this tab changed when another tab or device completed the year: the answers it had from
   * the server and its own. A completed year is read-only, so they go over it when it is reopened;
   * kept for the tab meanwhile (a reload, another page and back).
   */
  const setAside = useRef<{ base: WizardState; mine: WizardState } | null>(fromBackup.setAside);
  /**
   * The canton of the address suggestion chosen on the address step (its `state`), while the address
   * is that suggestion's; and whether the person said the other canton of residence is right.
   */
  const [addressCanton, setAddressCanton] = useState<Canton | null>(null);
  const [cantonQuestionOpen, setCantonQuestionOpen] = useState(false);
  const [cantonConfirmed, setCantonConfirmed] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const drafts = useDraftSaver(taxYear, profile.version, {
    onOutdated: () => void loadNewerDraft(),
    onSaved: (saved) => {
      base.current = initialWizardState(saved, today);
    },
    onSettled: () => keepBackup(),
  });
  const submission = useSubmitTaxProfile(taxYear);
  const reopening = useReopenTaxProfile(taxYear);
  const readOnly = transmitted || completed;

  const problems = formatProblems(state, () => today);
  const leaving = leave(step, state);
  const allMissing = missingFields(step, leaving);
  const missing = allMissing[0] ?? null;
  const stepProblems = (Object.keys(problems) as WizardField[]).filter((field) => stepOfField(field) === step);
  const stepProblem = stepProblems[0] ?? null;
  const valid = missing === null && stepProblem === null;

  // The dashboard opens on the year in preparation; another year is named in its URL.
  const home = taxYear === taxYearInPreparation(today) ? '/' : `/?year=${taxYear}`;
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate(home), WIZARD_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate, home]);

  /** Any edit clears the messages (§5). */
  const update = (change: (current: WizardState) => WizardState) => {
    unsaved.current = true;
    setState(change);
    setAttempted(false);
    setServerErrors({});
  };
  const setPersonal = <K extends keyof PersonalAnswers>(field: K, value: PersonalAnswers[K]) =>
    update((s) => ({ ...s, personal: { ...s.personal, [field]: value } }));
  const setAnswer = <K extends keyof TaxProfileAnswers>(field: K, value: TaxProfileAnswers[K]) =>
    update((s) => ({ ...s, answers: { ...s.answers, [field]: value } }));
  const touch = (field: WizardField) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  /** The message under a field, translated: the server's, the missing one, or a format problem. */
  const errorOf = (field: WizardField): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    // Next refused: every missing field of the step says so (issue 28), not only the first.
    if (attempted && allMissing.includes(field)) return t(`errors.${field}_required`);
    const problem = problems[field];
    if (problem && (attempted || touched.has(field))) return t(problem);
    return undefined;
  };

  const goTo = (index: number) => {
    setStep(clampStep(index));
    setView('step');
    setAttempted(false);
    setNewerAnswers(null);
  };

  const saveDraft = (draft: { step: number; personal: PersonalAnswers; answers: TaxProfileAnswers }, options?: { keepalive: boolean }) => {
    unsaved.current = false;
    drafts.save(draft, options);
  };

  /**
   * The answers are kept for the browser tab while the server may not have them: typed and not
   * saved, a save under way, or the last save given up. Once every save is answered and nothing is
   * typed since, the copy goes; a completed or read-only year keeps none.
   */
  function keepBackup(): void {
    const last = latest.current;
    const { version, pending, failed } = drafts.progress();
    const aside = setAside.current;
    if (aside) {
      keepWizardBackup(userId, taxYear, { version, pending, step: LAST_STEP, state: aside.mine, base: aside.base });
      return;
    }
    const needed = !last.readOnly && !last.done && (unsaved.current || pending > 0 || failed);
    keepWizardBackup(userId, taxYear, needed ? { version, pending, step: last.step, state: last.state, base: base.current } : null);
  }

  // Answers typed but not yet saved by a Next are saved at the step shown when the person leaves
  // the wizard for another page (the save goes on after the wizard has gone: useDraftSaver), and
  // when the page is hidden or goes away: another tab or app in front, a reload, a closed tab (the
  // request outlives the page). Another tab or device then opens with them.
  const latest = useRef({ step, view, state, readOnly, done });
  latest.current = { step, view, state, readOnly, done };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keepBackup reads the latest answers itself
  useEffect(() => keepBackup(), [step, state, readOnly, done]);
  // Answers restored from the tab go to the server at once, as a Next would send them.
  useEffect(
    () => {
      if (restored) saveDraft({ step: restored.step, personal: latest.current.state.personal, answers: latest.current.state.answers });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the wizard opens
    [],
  );
  useEffect(
    () => {
      const saveTyped = (keepalive: boolean) => {
        const last = latest.current;
        if (!unsaved.current || last.readOnly || last.done) return;
        saveDraft({ step: last.step, personal: last.state.personal, answers: last.state.answers }, { keepalive });
      };
      const onPageHidden = () => {
        if (document.visibilityState === 'hidden') saveTyped(true);
      };
      const onPageGone = () => saveTyped(true);
      document.addEventListener('visibilitychange', onPageHidden);
      window.addEventListener('pagehide', onPageGone);
      return () => {
        document.removeEventListener('visibilitychange', onPageHidden);
        window.removeEventListener('pagehide', onPageGone);
        saveTyped(false);
      };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the wizard goes
    [],
  );

  /** Answers merged over newer ones (wizard-merge.ts) are shown and saved at once, where the person is. */
  function showAndSaveKept(kept: WizardState): void {
    setState(kept);
    const { step: shown, view: shownView } = latest.current;
    saveDraft({ step: shownView === 'summary' ? LAST_STEP : shown, personal: kept.personal, answers: kept.answers });
  }

  /**
   * The server holds a newer draft than the one these answers were edited from. What this tab
   * changed since it last had the server's answers is kept over it, where the person is, and saved
   * at once; every other answer is the newer one. Having changed nothing, the newer draft is shown
   * as it is, at its step. The year completed elsewhere is shown completed, and what this tab
   * changed is set aside for Edit answers (reopen), which adds it.
   */
  async function loadNewerDraft() {
    try {
      const newer = await queryClient.fetchQuery({ ...taxProfileQuery(taxYear), staleTime: 0 });
      const newerState = initialWizardState(newer, today);
      const mine = latest.current.state;
      const kept = keepChangesOverNewer(base.current, mine, newerState);
      setAside.current = newer.isComplete && kept ? { base: base.current, mine } : null;
      base.current = newerState;
      drafts.rebase(newer.version);
      setAttempted(false);
      setServerErrors({});
      if (kept && !newer.isComplete) {
        showAndSaveKept(kept);
        setNewerAnswers('kept');
        return;
      }
      setState(newerState);
      setStep(newer.isComplete ? 0 : clampStep(newer.step));
      setCompleted(newer.isComplete);
      setView(newer.isComplete ? 'summary' : 'step');
      setReturnToSummary(false);
      unsaved.current = false;
      setNewerAnswers(setAside.current ? 'completed' : 'loaded');
    } catch {
      toast({ title: t('toasts.updateFailed'), description: t('toasts.tryAgain'), variant: 'destructive' });
    }
  }

  const focusField = (field: WizardField) => {
    // After React has drawn the message, so that it is read with the field.
    window.setTimeout(() => document.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus(), 0);
  };

  /** After a refused Next: what is missing or wrong on this step, for the summary beside Next. */
  const refusals: Array<{ field: WizardField; message: string }> =
    attempted && !valid
      ? [...allMissing, ...stepProblems.filter((field) => !allMissing.includes(field))].flatMap((field) => {
          const message = errorOf(field);
          return message ? [{ field, message }] : [];
        })
      : [];

  const incompleteStepToast = () =>
    toast({ title: t('toasts.incompleteStepTitle'), description: t('toasts.incompleteStepDescription'), variant: 'destructive' });

  const submit = async () => {
    if (!hasNamesAndPhone(state)) {
      toast({ title: t('toasts.incompleteProfileTitle'), description: t('toasts.incompleteProfileDescription'), variant: 'destructive' });
      change(0);
      return;
    }
    const language = isActiveLanguage(i18n.language) ? i18n.language : undefined;
    try {
      await submission.mutateAsync({
        userId,
        taxYear,
        state,
        now: new Date(),
        language,
        readDraftVersion: () => drafts.progress().version,
        onExportError: () =>
          toast({ title: t('toasts.exportFailedTitle'), description: t('toasts.exportFailedDescription'), variant: 'destructive' }),
      });
    } catch (error) {
      // Newer answers (another tab, another device, a changed profile): shown, to check and complete again.
      if (isDraftOutdated(error)) {
        await loadNewerDraft();
        return;
      }
      const field = error instanceof ApiError && error.status === 400 ? wizardFieldOf(error.field) : null;
      if (field && error instanceof ApiError) {
        const known = problems[field];
        // The wizard's own check names the problem best; else the server's reason, translated by its code.
        const message = known ? t(known) : fieldErrorText(t, error);
        // Said once, at the field on its own step (which opens, the field focused): a toast would
        // repeat it. Any other failure is the spec's generic 'Update failed' toast.
        setServerErrors({ [field]: message });
        change(stepOfField(field));
        focusField(field);
        return;
      }
      const refused = error instanceof ApiError && error.status > 0 && error.status < 500;
      const description = refused ? errorText(t, error, t('toasts.tryAgain')) : t('toasts.tryAgain');
      toast({ title: t('toasts.updateFailed'), description, variant: 'destructive' });
      return;
    }
    setDone(true);
    // The redirect to the dashboard is part of this submit: the confirmation goes along (forNextPage).
    toast({ title: t('toasts.completedTitle'), description: t('toasts.completedDescription', { year: taxYear }), variant: 'success', forNextPage: true });
  };

  const chosenCanton = findCantonBySlug(state.answers.cantonOfResidence ?? '') ?? null;
  /** Issue 28: an address in another canton than the one chosen is asked about before going on. */
  const cantonMismatch =
    addressCanton && chosenCanton && addressCanton.code !== chosenCanton.code && cantonConfirmed !== `${addressCanton.code}-${chosenCanton.code}`
      ? { address: addressCanton, chosen: chosenCanton }
      : null;

  /** `cantonAnswered`: the person has just said the other canton is right (the question is not asked again). */
  const next = ({ cantonAnswered = false }: { cantonAnswered?: boolean } = {}) => {
    if (submission.isPending || done) return;
    if (!cantonAnswered && valid && WIZARD_STEP_IDS[step] === 'address' && cantonMismatch) {
      setCantonQuestionOpen(true);
      return;
    }
    if (!valid) {
      setAttempted(true);
      if (step === 0 && !hasNamesAndPhone(state)) incompleteStepToast();
      const field = missing ?? stepProblem;
      if (field) focusField(field);
      return;
    }
    if (step === 0 && !hasNamesAndPhone(state)) {
      setAttempted(true);
      incompleteStepToast();
      return;
    }
    setState(leaving);
    // After the last step, and from a step opened with Change, the summary comes next (issue 28).
    if (step === LAST_STEP || returnToSummary) {
      showSummary();
      saveDraft({ step: LAST_STEP, personal: leaving.personal, answers: leaving.answers });
      return;
    }
    const nextIndex = step + 1;
    goTo(nextIndex);
    // In the background: the next step shows at once, whatever the network does.
    saveDraft({ step: nextIndex, personal: leaving.personal, answers: leaving.answers });
  };

  const back = () => {
    if (view === 'summary') goTo(LAST_STEP);
    else if (step > 0) goTo(step - 1);
  };

  function showSummary() {
    setView('summary');
    setReturnToSummary(false);
    setAttempted(false);
    setNewerAnswers(null);
  }

  /** The summary's Change: that step, whose Next returns to the summary. */
  const change = (index: number) => {
    if (readOnly) return;
    goTo(index);
    setReturnToSummary(true);
  };

  /** The summary's Complete: the first step still missing an answer opens with its message, else the final submit. */
  const complete = () => {
    if (submission.isPending || done || readOnly) return;
    const incomplete = firstIncompleteStep(state);
    if (incomplete !== null) {
      change(incomplete);
      setAttempted(true);
      const field = firstMissingField(incomplete, state);
      if (field) focusField(field);
      return;
    }
    void submit();
  };

  /** After the person confirmed: the completed year becomes a draft again, and its answers editable. */
  const reopen = async (): Promise<boolean> => {
    try {
      const reopened = await reopening.mutateAsync();
      const reopenedState = initialWizardState(reopened, today);
      base.current = reopenedState;
      drafts.rebase(reopened.version);
      setCompleted(false);
      // What this tab changed while another completed the year goes over the reopened answers.
      const aside = setAside.current;
      setAside.current = null;
      const kept = aside && keepChangesOverNewer(aside.base, aside.mine, reopenedState);
      if (kept) showAndSaveKept(kept);
      setNewerAnswers(kept ? 'kept' : null);
      return true;
    } catch (error) {
      toast({ title: t('reopen.failed'), description: errorText(t, error, t('toasts.tryAgain')), variant: 'destructive' });
      return false;
    }
  };

  /** The answer to "is that right?": keep the chosen canton and go on, or go back to choose it. */
  const answerCantonQuestion = (keep: boolean) => {
    setCantonQuestionOpen(false);
    if (!cantonMismatch) return;
    if (keep) {
      setCantonConfirmed(`${cantonMismatch.address.code}-${cantonMismatch.chosen.code}`);
      next({ cantonAnswered: true });
      return;
    }
    goTo(wizardStepIndex('canton'));
  };

  /** "Start from last year": that year's answers replace these; the person reviews each step. */
  const loadAnswers = (answers: TaxProfileAnswers) => update((s) => ({ ...s, answers: { ...answers } }));

  return {
    state,
    step,
    valid,
    missing,
    errorOf,
    refusals,
    focusField,
    setAddressCanton,
    cantonQuestion: cantonQuestionOpen ? cantonMismatch : null,
    closeCantonQuestion: () => setCantonQuestionOpen(false),
    answerCantonQuestion,
    setPersonal,
    setAnswer,
    update,
    touch,
    next,
    back,
    loadAnswers,
    view,
    returnToSummary,
    change,
    complete,
    reopen,
    reopening: reopening.isPending,
    completed,
    transmitted,
    readOnly,
    draftState: drafts.state,
    /** The year was transmitted while the wizard was open (another device): the server refuses drafts now. */
    refusedAsTransmitted: drafts.error instanceof ApiError && drafts.error.code === 'TAX_PROFILE_TRANSMITTED',
    newerAnswers,
    saving: submission.isPending,
    done,
  };
}

export type TaxWizard = ReturnType<typeof useTaxWizard>;
