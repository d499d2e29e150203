import { Download, Info } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADVANCED_SECTIONS,
  authorizationProblem,
  authorizationSettings,
  cantonName,
  cantonsSortedByName,
  findCanton,
  formatTaxIdInput,
  isCantonCode,
  isValidTaxId,
  routes,
  urlFor,
  type AuthorizationBody,
  type AuthorizationProblem,
  type CantonCode,
} from '@taxli/domain';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { useKeptForm } from '../../lib/kept-form';
import { useSaveAuthorization } from './api/save-sections';
import { CategoryDocuments } from './category-documents';
import type { ScreenState } from './screen-state';
import { saveFailedText } from './transmitted-refusal';
import { UnsavedNote } from './unsaved-note';

const AUTHORIZATION_CATEGORIES = ADVANCED_SECTIONS.find((s) => s.id === 'authorization')!.categoryIds;
/** The signed power of attorney: uploaded in its own section, below the form to download (issue 28). */
const POWER_OF_ATTORNEY_CATEGORY = 39;
const TAX_ADDRESS_CATEGORIES = AUTHORIZATION_CATEGORIES.filter((category) => category !== POWER_OF_ATTORNEY_CATEGORY);
const PROBLEM_CODES = new Set(['MISSING_INFORMATION', 'INVALID_TAX_ID_FORMAT', 'POWER_OF_ATTORNEY_REQUIRED']);

type Settings = Omit<AuthorizationBody, 'taxYear'>;
/** The settings as typed, read back from the browser tab: types only (lib/kept-form.ts). */
const settingsShape = authorizationSettings.omit({ taxYear: true, lastUpdated: true });
type FieldName = 'canton' | 'tinNumber' | 'powerOfAttorneyAccepted';

/** What a save sends of the settings (and what is compared with the stored ones). */
const toSaved = (settings: Settings): Settings => ({ ...settings, tinNumber: settings.tinNumber.trim() });

/** The stored settings; the canton, until one is stored, from the year's tax profile (issue 28). */
function initialSettings(state: ScreenState, profileCanton: CantonCode | null): Settings {
  const stored = state.info.authorization;
  return {
    taxAddressEnabled: stored?.taxAddressEnabled ?? false,
    powerOfAttorneyEnabled: stored?.powerOfAttorneyEnabled ?? false,
    canton: stored?.canton ?? profileCanton,
    tinNumber: stored?.tinNumber ?? '',
    powerOfAttorneyAccepted: stored?.powerOfAttorneyAccepted ?? false,
  };
}

interface AuthorizationTabProps {
  state: ScreenState;
  /** The canton of the year's tax profile, or null. */
  profileCanton: CantonCode | null;
}

/**
 * The Authorization tab ('Authorization & Tax ID', part 2 §2, §4, §5, §8). A refused save is said
 * at each field it concerns and stays there until the field is right (issue 28); the toast of part
 * 2 §8 still names the first rule. The tax ID's format is checked once the field is left (or a save
 * tried), then as it is typed.
 */
export function AuthorizationTab({ state, profileCanton }: AuthorizationTabProps) {
  const { t, i18n } = useTranslation('advanced');
  const id = useId();
  // Kept for the browser tab until saved: leaving the tab or the page, or a reload, loses nothing typed.
  const kept = useKeptForm(`advanced:authorization:${state.userId}:${state.taxYear}`, initialSettings(state, profileCanton), {
    shape: settingsShape,
    comparable: toSaved,
    readOnly: state.info.transmitted === true,
    version: state.info.versions.authorization,
  });
  const { value: settings, setValue: setSettings, unsaved, reset } = kept;
  /** A save was tried: every rule is said at its field from then on. */
  const [submitted, setSubmitted] = useState(false);
  /** The tax ID was left once (or a save tried): its format is checked live from then on. */
  const [tinChecked, setTinChecked] = useState(false);
  const save = useSaveAuthorization();
  const canton = settings.canton ? findCanton(settings.canton) : undefined;
  const change = (patch: Partial<Settings>) => setSettings((current) => ({ ...current, ...patch }));

  function problemToast(problem: AuthorizationProblem): void {
    const format = problem.code === 'INVALID_TAX_ID_FORMAT' ? problem.format : (canton?.tin.format ?? '');
    toast({ title: t(`authorization.problems.${problem.code}.title`), description: t(`authorization.problems.${problem.code}.description`, { format }), variant: 'destructive' });
  }

  function undo(): void {
    reset();
    setSubmitted(false);
    setTinChecked(false);
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    setSubmitted(true);
    setTinChecked(true);
    const problem = authorizationProblem(settings);
    if (problem) return problemToast(problem);
    save.mutate(
      { ...toSaved(settings), taxYear: state.taxYear, version: state.info.versions.authorization },
      {
        onSuccess: (answer) => {
          kept.rebase(answer.version);
          toast({ title: t('authorization.savedTitle'), description: t('authorization.saved'), variant: 'success' });
        },
        onError: (error) => {
          // The server checks the same rules; its refusal names which.
          if (error instanceof ApiError && PROBLEM_CODES.has(error.code)) {
            return problemToast({ code: error.code, format: canton?.tin.format ?? '' } as AuthorizationProblem);
          }
          toast({ title: t('authorization.saveFailedTitle'), description: saveFailedText(t, error, t('authorization.saveFailed')), variant: 'destructive' });
        },
      },
    );
  }

  const errors: Partial<Record<FieldName, string>> = {};
  if (submitted && !settings.canton) errors.canton = t('authorization.cantonRequired');
  if (submitted && settings.canton && settings.tinNumber.trim() === '') errors.tinNumber = t('authorization.tinRequired');
  if ((submitted || tinChecked) && settings.canton && settings.tinNumber.trim() !== '' && !isValidTaxId(settings.canton, settings.tinNumber)) {
    errors.tinNumber = t('authorization.tinInvalid', { format: canton?.tin.format });
  }
  if (submitted && !settings.powerOfAttorneyAccepted) errors.powerOfAttorneyAccepted = t('authorization.problems.POWER_OF_ATTORNEY_REQUIRED.description');
  const errorId = (field: FieldName) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fromProfile = profileCanton !== null && settings.canton === profileCanton && !state.info.authorization?.canton;
  // The consent is required even with the toggle off (part 2 §5), so a refusal shows it.
  const consentShown = settings.powerOfAttorneyEnabled || settings.powerOfAttorneyAccepted || errors.powerOfAttorneyAccepted !== undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t('authorization.heading')}
      </h2>

      <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex items-center gap-3">
          <Switch id={`${id}-tax-address`} checked={settings.taxAddressEnabled} onCheckedChange={(on) => change({ taxAddressEnabled: on })} aria-describedby={`${id}-tax-address-info`} />
          <label htmlFor={`${id}-tax-address`} className="font-medium text-slate-900">
            {t('authorization.taxAddress')}
          </label>
        </div>
        <p id={`${id}-tax-address-info`} className="flex gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-950">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('authorization.taxAddressInfo')}
        </p>
        {settings.taxAddressEnabled && <CategoryDocuments state={state} categoryIds={TAX_ADDRESS_CATEGORIES} heading={t('authorization.requiredDocuments')} />}
      </section>

      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <div className="space-y-1">
          <label htmlFor={`${id}-canton`} className="block text-sm font-medium text-slate-800">
            {t('authorization.canton')}
          </label>
          <select
            id={`${id}-canton`}
            value={settings.canton ?? ''}
            aria-invalid={errors.canton ? true : undefined}
            aria-describedby={[fromProfile ? `${id}-canton-hint` : undefined, errorId('canton')].filter(Boolean).join(' ') || undefined}
            // Another canton: the TIN and its error start again (part 2 §4 Authorization form).
            onChange={(event) => {
              change({ canton: isCantonCode(event.target.value) ? event.target.value : null, tinNumber: '' });
              setTinChecked(false);
            }}
            className="block w-full max-w-md rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900"
          >
            <option value="">{t('authorization.chooseCanton')}</option>
            {cantonsSortedByName(i18n.language).map((c) => (
              <option key={c.code} value={c.code}>
                {`${cantonName(c, i18n.language)} (${c.code})`}
              </option>
            ))}
          </select>
          {fromProfile && (
            <p id={`${id}-canton-hint`} className="text-sm text-slate-600">
              {t('authorization.cantonFromProfile')}
            </p>
          )}
          {errors.canton && (
            <p id={errorId('canton')} role="alert" className="text-sm text-red-700">
              {errors.canton}
            </p>
          )}
        </div>
        {canton && (
          <p className="flex items-center gap-3 text-slate-900">
            <img src={canton.imagePath} alt="" className="h-10 w-8 object-contain" />
            <span className="font-medium">{cantonName(canton, i18n.language)}</span>
          </p>
        )}
        <Field
          label={t('authorization.tin')}
          hint={canton ? t('authorization.tinHint', { format: canton.tin.format }) : t('authorization.tinNeedsCanton')}
          error={errors.tinNumber}
        >
          <Input
            value={settings.tinNumber}
            onBlur={() => setTinChecked(settings.tinNumber.trim() !== '')}
            disabled={!canton}
            inputMode="numeric"
            autoComplete="off"
            placeholder={canton?.tin.placeholder}
            onChange={(event) => change({ tinNumber: canton ? formatTaxIdInput(canton.code, event.target.value) : '' })}
            className="max-w-md"
          />
        </Field>
      </section>

      <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex items-center gap-3">
          <Switch id={`${id}-poa`} checked={settings.powerOfAttorneyEnabled} onCheckedChange={(on) => change({ powerOfAttorneyEnabled: on })} />
          <label htmlFor={`${id}-poa`} className="font-medium text-slate-900">
            {t('authorization.powerOfAttorney')}
          </label>
        </div>
        <p className="text-sm text-slate-700">{t('authorization.powerOfAttorneyInfo')}</p>
        {consentShown && (
          <div className="flex items-start gap-3">
            <input
              id={`${id}-consent`}
              type="checkbox"
              checked={settings.powerOfAttorneyAccepted}
              aria-invalid={errors.powerOfAttorneyAccepted ? true : undefined}
              aria-describedby={errorId('powerOfAttorneyAccepted')}
              onChange={(event) => change({ powerOfAttorneyAccepted: event.target.checked })}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <div className="space-y-1">
              <label htmlFor={`${id}-consent`} className="text-sm text-slate-900">
                {t('authorization.consent')}
              </label>
              {errors.powerOfAttorneyAccepted && (
                <p id={errorId('powerOfAttorneyAccepted')} role="alert" className="text-sm text-red-700">
                  {errors.powerOfAttorneyAccepted}
                </p>
              )}
            </div>
          </div>
        )}
        {settings.powerOfAttorneyEnabled && (
          // First the form to download and sign, then the upload of the signed form (issue 28).
          <ol aria-label={t('authorization.steps.label')} className="space-y-4">
            <li className="space-y-3">
              <p className="text-sm font-medium text-slate-900">{t('authorization.steps.download')}</p>
              <div className="flex flex-wrap gap-3">
                {(['en', 'de'] as const).map((language) => (
                  <a
                    key={language}
                    href={urlFor(routes.powerOfAttorney, { query: { language, taxYear: state.taxYear } })}
                    download
                    className="inline-flex min-h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
                  >
                    <Download aria-hidden className="size-4" />
                    {t(`authorization.download.${language}`)}
                  </a>
                ))}
              </div>
            </li>
            <li className="space-y-3">
              <p className="text-sm font-medium text-slate-900">{t('authorization.steps.upload')}</p>
              <CategoryDocuments state={state} categoryIds={[POWER_OF_ATTORNEY_CATEGORY]} />
            </li>
          </ol>
        )}
      </section>

      <UnsavedNote unsaved={unsaved} newerSaved={kept.newerStored} onUndo={undo} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('authorization.saving') : t('authorization.save')}
      </Button>
    </form>
  );
}
