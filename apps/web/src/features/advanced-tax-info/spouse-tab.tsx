import { Eye, EyeOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ADVANCED_SECTIONS, AHV_PLACEHOLDER, formatAhvInput, isValidAhvNumber, maskAhvNumber, type SpouseInfo } from '@taxli/domain';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { useKeptForm } from '../../lib/kept-form';
import { useSaveSpouse } from './api/save-sections';
import { CategoryDocuments } from './category-documents';
import type { ScreenState } from './screen-state';
import { saveFailedText } from './transmitted-refusal';
import { UnsavedNote } from './unsaved-note';

const SPOUSE_CATEGORIES = ADVANCED_SECTIONS.find((s) => s.id === 'spouse')!.categoryIds;

/** The form as typed (the age as its digits); read back from the browser tab by this shape (lib/kept-form.ts). */
const spouseFormShape = z.strictObject({
  firstName: z.string(),
  lastName: z.string(),
  age: z.string(),
  occupation: z.string(),
  ahvNumber: z.string(),
  taxId: z.string(),
});
type SpouseForm = z.infer<typeof spouseFormShape>;

function storedForm(stored: SpouseInfo | null): SpouseForm {
  return {
    firstName: stored?.firstName ?? '',
    lastName: stored?.lastName ?? '',
    age: stored?.age == null ? '' : String(stored.age),
    occupation: stored?.occupation ?? '',
    ahvNumber: stored?.ahvNumber ?? '',
    taxId: stored?.taxId ?? '',
  };
}

/** What a save sends of the form (and what is compared with the stored spouse). */
function toSaved(form: SpouseForm) {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    age: form.age.trim() === '' ? null : Number(form.age),
    occupation: form.occupation.trim(),
    ahvNumber: form.ahvNumber.trim(),
    taxId: form.taxId.trim(),
  };
}

type Problems = Partial<Record<'age' | 'ahvNumber', string>>;

/** The spouse of part 2 §2 and §3 (D12: the AHV number checked as it is typed, masked unless shown). */
export function SpouseTab({ state }: { state: ScreenState }) {
  const { t } = useTranslation('advanced');
  // Kept for the browser tab until saved: leaving the tab or the page, or a reload, loses nothing typed.
  const kept = useKeptForm(`advanced:spouse:${state.userId}:${state.taxYear}`, storedForm(state.info.spouse), {
    shape: spouseFormShape,
    comparable: toSaved,
    readOnly: state.info.transmitted === true,
    version: state.info.versions.spouse,
  });
  const { value: form, setValue: setForm, unsaved, reset } = kept;
  const [problems, setProblems] = useState<Problems>({});
  const [ahvShown, setAhvShown] = useState(false);
  const [ahvFocused, setAhvFocused] = useState(false);
  const save = useSaveSpouse();
  const change = (patch: Partial<SpouseForm>) => setForm((current) => ({ ...current, ...patch }));

  function check(values: SpouseForm): Problems {
    const found: Problems = {};
    const ahv = values.ahvNumber.trim();
    if (ahv !== '' && !isValidAhvNumber(ahv)) found.ahvNumber = t('spouse.ahvInvalid', { format: '756.XXXX.XXXX.XC' });
    if (values.age.trim() !== '') {
      const age = Number(values.age);
      if (!Number.isInteger(age) || age < 16 || age > 120) found.age = t('spouse.ageInvalid');
    }
    return found;
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    const found = check(form);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { taxYear: state.taxYear, ...toSaved(form), version: state.info.versions.spouse },
      {
        onSuccess: (answer) => {
          kept.rebase(answer.version);
          toast({ title: t('spouse.saved'), variant: 'success' });
        },
        onError: (error) => {
          toast({ title: t('spouse.saveFailedTitle'), description: saveFailedText(t, error, t('spouse.saveFailed')), variant: 'destructive' });
        },
      },
    );
  }

  // Shown in full while typed in or when asked for; otherwise masked (D12), a complete number only.
  const masked = !ahvShown && !ahvFocused && isValidAhvNumber(form.ahvNumber);

  return (
    <div className="space-y-8">
      <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="spouse-heading">
        <h2 id="spouse-heading" className="text-lg font-semibold text-slate-900">
          {t('spouse.heading')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('spouse.firstName')}>
            <Input value={form.firstName} autoComplete="off" onChange={(e) => change({ firstName: e.target.value })} />
          </Field>
          <Field label={t('spouse.lastName')}>
            <Input value={form.lastName} autoComplete="off" onChange={(e) => change({ lastName: e.target.value })} />
          </Field>
          <Field label={t('spouse.age')} error={problems.age}>
            <Input value={form.age} inputMode="numeric" onChange={(e) => change({ age: e.target.value.replace(/\D/g, '').slice(0, 3) })} />
          </Field>
          <Field label={t('spouse.occupation')}>
            <Input value={form.occupation} onChange={(e) => change({ occupation: e.target.value })} />
          </Field>
          <div className="space-y-1">
            <div>
              <Field label={t('spouse.ahvNumber')} hint={t('spouse.ahvHint')} error={problems.ahvNumber}>
                <Input
                  value={masked ? maskAhvNumber(form.ahvNumber) : form.ahvNumber}
                  placeholder={AHV_PLACEHOLDER}
                  inputMode="numeric"
                  autoComplete="off"
                  onFocus={() => setAhvFocused(true)}
                  onBlur={() => {
                    setAhvFocused(false);
                    setProblems((current) => ({ ...current, ahvNumber: check(form).ahvNumber }));
                  }}
                  onChange={(e) => {
                    const ahvNumber = formatAhvInput(e.target.value);
                    change({ ahvNumber });
                    // Checked as it is typed (D12), once all 13 digits are there.
                    if (ahvNumber.length === AHV_PLACEHOLDER.length || problems.ahvNumber) {
                      setProblems((current) => ({ ...current, ahvNumber: check({ ...form, ahvNumber }).ahvNumber }));
                    }
                  }}
                />
              </Field>
            </div>
            <Button variant="ghost" aria-pressed={ahvShown} onClick={() => setAhvShown((shown) => !shown)} className="px-2">
              {ahvShown ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
              {t('spouse.showAhv')}
            </Button>
          </div>
          <Field label={t('spouse.taxId')}>
            <Input value={form.taxId} autoComplete="off" onChange={(e) => change({ taxId: e.target.value })} />
          </Field>
        </div>
        <UnsavedNote
          unsaved={unsaved}
          newerSaved={kept.newerStored}
          onUndo={() => {
            reset();
            setProblems({});
          }}
        />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('spouse.save')}
        </Button>
      </form>
      <CategoryDocuments state={state} categoryIds={SPOUSE_CATEGORIES} heading={t('spouse.documents')} />
    </div>
  );
}
