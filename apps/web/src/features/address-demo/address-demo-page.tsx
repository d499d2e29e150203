import { Loader2, MapPin } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatSwissAddress, isSwissPostcode, type AddressSuggestion } from '@taxli/domain';
import { AddressSearch } from '../../components/address-search/address-search';
import type { AddressFields } from '../../components/address-search/search-addresses';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { fieldErrorText } from '../../lib/field-error-text';
import { useSaveTaxAddress } from './api/save-tax-address';

/** Part 2 §9: after saving an address, the dashboard follows after 2 s. */
export const ADDRESS_SAVED_REDIRECT_MS = 2000;

const EMPTY: AddressFields = { street: '', houseNumber: '', zipCode: '', city: '', gemeinde: '' };
type Problems = Partial<Record<keyof AddressFields, string>>;

function problemsOf(fields: AddressFields): Problems {
  const problems: Problems = {};
  if (!fields.street.trim()) problems.street = 'demo.streetRequired';
  if (!fields.zipCode.trim()) problems.zipCode = 'demo.zipCodeRequired';
  else if (!isSwissPostcode(fields.zipCode.trim())) problems.zipCode = 'demo.zipCodeInvalid';
  if (!fields.city.trim()) problems.city = 'demo.cityRequired';
  return problems;
}

/** /address-demo: the Swiss address lookup, the chosen address, and Save Address as the tax address (part 2 §2). */
export function AddressDemoPage() {
  const { t } = useTranslation('address');
  const navigate = useNavigate();
  const [fields, setFields] = useState<AddressFields>(EMPTY);
  const [chosen, setChosen] = useState<AddressSuggestion | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [done, setDone] = useState(false);
  const save = useSaveTaxAddress();
  const problems = problemsOf(fields);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/'), ADDRESS_SAVED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const set = (field: keyof AddressFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    // Edited by hand: the full address is now what the fields say, not the suggestion's text.
    setChosen(null);
  };
  const errorOf = (field: keyof AddressFields) => {
    const problem = problems[field];
    if (!problem) return undefined;
    // A postcode is judged once four digits are there; anything missing once Save was pressed.
    const typedZip = field === 'zipCode' && fields.zipCode.trim().length >= 4;
    return attempted || typedZip ? t(problem) : undefined;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || done) return;
    if (Object.keys(problems).length > 0) {
      setAttempted(true);
      const first = Object.keys(problems)[0];
      document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    try {
      await save.mutateAsync({
        street: fields.street.trim(),
        zipCode: fields.zipCode.trim(),
        city: fields.city.trim(),
        ...(fields.houseNumber.trim() ? { houseNumber: fields.houseNumber.trim() } : {}),
        ...(fields.gemeinde.trim() ? { gemeinde: fields.gemeinde.trim() } : {}),
      });
    } catch (error) {
      // In the person's language: a field's refusal by its code, any other by its code, never the server's English.
      const description = error instanceof ApiError && error.refusal ? fieldErrorText(t, error) : errorText(t, error, t('demo.tryAgain'));
      toast({ title: t('demo.saveFailed'), description, variant: 'destructive' });
      return;
    }
    setDone(true);
    // The redirect home after 2 s is part of this save: the confirmation goes along (forNextPage).
    toast({ title: t('demo.savedTitle'), description: t('demo.savedDescription'), variant: 'success', forNextPage: true });
  };

  // The fields as a person writes an address; the suggestion's own text only when it has no parts.
  const full = formatSwissAddress({ ...fields, postalCode: fields.zipCode, displayName: chosen?.displayName ?? '' });
  const input = (field: keyof AddressFields, extra: { autoComplete?: string; inputMode?: 'numeric'; maxLength?: number } = {}) => (
    <Field label={t(`demo.${field}`)} error={errorOf(field)}>
      <Input data-field={field} value={fields[field]} onChange={(event) => set(field, event.target.value)} {...extra} />
    </Field>
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('demo.title')}</h1>
        <p className="text-slate-700">{t('demo.intro')}</p>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
        <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <AddressSearch
            onSelect={(next, suggestion) => {
              setFields(next);
              setChosen(suggestion);
            }}
          />
        </div>
        <section aria-labelledby="address-demo-selected" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="address-demo-selected" className="text-lg font-semibold text-slate-900">
            {t('demo.selectedTitle')}
          </h2>
          <div className="flex items-start gap-2 rounded-md bg-slate-50 p-3">
            <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <dl className="min-w-0">
              <dt className="text-sm font-medium text-slate-700">{t('demo.fullAddress')}</dt>
              <dd className="break-words text-slate-900">{full || t('demo.none')}</dd>
            </dl>
          </div>
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            {input('street', { autoComplete: 'address-line1' })}
            {input('houseNumber')}
          </div>
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            {input('zipCode', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 4 })}
            {input('city', { autoComplete: 'address-level2' })}
          </div>
          {input('gemeinde')}
        </section>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending || done}>
            {save.isPending && <Loader2 aria-hidden className="size-4 animate-spin" />}
            {t('demo.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
