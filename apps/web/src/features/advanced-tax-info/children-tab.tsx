import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ADVANCED_SECTIONS, childMissingFields, type ChildInfo, type ChildRequiredField } from '@taxli/domain';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { useKeptForm } from '../../lib/kept-form';
import { useSaveChildren } from './api/save-sections';
import { CategoryDocuments } from './category-documents';
import type { ScreenState } from './screen-state';
import { saveFailedText } from './transmitted-refusal';
import { UnsavedNote } from './unsaved-note';

const CHILDREN_CATEGORIES = ADVANCED_SECTIONS.find((s) => s.id === 'children')!.categoryIds;
const MAX_CHILDREN = 20;

const emptyChild = (): ChildInfo => ({ firstName: '', lastName: '', birthDate: '', schoolingInfo: '', disability: '', alimony: '' });

/** The entries as typed, read back from the browser tab by this shape (lib/kept-form.ts); `key` is React's. */
const entriesShape = z.array(
  z.strictObject({
    key: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    birthDate: z.string(),
    schoolingInfo: z.string(),
    disability: z.string(),
    alimony: z.string(),
  }),
);
/** A child's entry; its key stays with it when one before it is removed. */
type Entry = z.infer<typeof entriesShape>[number];

// Above every key a kept form can hold, so a new entry never takes one of them.
let nextKey = Date.now();
const entry = (child: ChildInfo): Entry => ({ ...child, key: nextKey++ });

/** What a save sends of the entries (and what is compared with the stored children). */
const toSaved = (children: Entry[]): ChildInfo[] =>
  children.map((child) => ({
    firstName: child.firstName.trim(),
    lastName: child.lastName.trim(),
    birthDate: child.birthDate.trim(),
    schoolingInfo: child.schoolingInfo.trim(),
    disability: child.disability.trim(),
    alimony: child.alimony.trim(),
  }));

/**
 * What is compared with the stored children: the entries with something typed. An empty entry holds
 * nothing to lose, and the profile's count of empty entries is what a year without children saved shows.
 */
const typedChildren = (children: Entry[]): ChildInfo[] => toSaved(children).filter((child) => Object.values(child).some((field) => field !== ''));

/**
 * One entry per child (part 2 §2, §3): the stored ones, or as many empty ones as the year's tax
 * profile counts children; add and remove; saved on the server (D6). A child needs a first name, a
 * last name and a birth date (issue 28): a save without them is refused at each empty field, which
 * says so until it is filled.
 */
export function ChildrenTab({ state, numberOfChildren }: { state: ScreenState; numberOfChildren: number }) {
  const { t } = useTranslation('advanced');
  // The stored entries, or as many empty ones as the profile counts; built again only when they change (saved).
  const storedChildren = state.info.children;
  const stored = useMemo(
    () => (storedChildren.length > 0 ? storedChildren.map(entry) : Array.from({ length: Math.min(numberOfChildren, MAX_CHILDREN) }, () => entry(emptyChild()))),
    [storedChildren, numberOfChildren],
  );
  // Kept for the browser tab until saved: leaving the tab or the page, or a reload, loses nothing typed.
  const kept = useKeptForm(`advanced:children:${state.userId}:${state.taxYear}`, stored, {
    shape: entriesShape,
    comparable: typedChildren,
    readOnly: state.info.transmitted === true,
    version: state.info.versions.children,
  });
  const { value: children, setValue: setChildren, unsaved, reset } = kept;
  /** A save was tried: the required fields left empty are said from then on. */
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveChildren();
  const missing = (child: ChildInfo, field: ChildRequiredField) => submitted && childMissingFields(child).includes(field);
  const requiredError = (child: ChildInfo, field: ChildRequiredField) => (missing(child, field) ? t(`children.required.${field}`) : undefined);
  const change = (key: number, patch: Partial<ChildInfo>) => setChildren((all) => all.map((child) => (child.key === key ? { ...child, ...patch } : child)));

  function submit(event: FormEvent): void {
    event.preventDefault();
    setSubmitted(true);
    if (children.some((child) => childMissingFields(child).length > 0)) {
      toast({ title: t('children.incompleteTitle'), description: t('children.incomplete'), variant: 'destructive' });
      return;
    }
    save.mutate(
      { taxYear: state.taxYear, children: toSaved(children), version: state.info.versions.children },
      {
        onSuccess: (answer) => {
          kept.rebase(answer.version);
          toast({ title: t('children.saved'), variant: 'success' });
        },
        onError: (error) => {
          toast({ title: t('children.saveFailedTitle'), description: saveFailedText(t, error, t('children.saveFailed')), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <div className="space-y-8">
      <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="children-heading">
        <h2 id="children-heading" className="text-lg font-semibold text-slate-900">
          {t('children.heading')}
        </h2>
        {children.length === 0 && <p className="text-sm text-slate-700">{t('children.none')}</p>}
        <ol className="space-y-4">
          {children.map((child, index) => {
            const label = t('children.child', { number: index + 1 });
            return (
              <li key={child.key}>
                <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
                  <legend className="px-1 font-medium text-slate-900">{label}</legend>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field label={t('children.firstName')} error={requiredError(child, 'firstName')}>
                      <Input value={child.firstName} autoComplete="off" required onChange={(e) => change(child.key, { firstName: e.target.value })} />
                    </Field>
                    <Field label={t('children.lastName')} error={requiredError(child, 'lastName')}>
                      <Input value={child.lastName} autoComplete="off" required onChange={(e) => change(child.key, { lastName: e.target.value })} />
                    </Field>
                    <Field label={t('children.birthDate')} error={requiredError(child, 'birthDate')}>
                      <Input type="date" value={child.birthDate} required onChange={(e) => change(child.key, { birthDate: e.target.value })} />
                    </Field>
                    <Field label={t('children.schoolingInfo')}>
                      <Input value={child.schoolingInfo} onChange={(e) => change(child.key, { schoolingInfo: e.target.value })} />
                    </Field>
                    <Field label={t('children.disability')}>
                      <Input value={child.disability} onChange={(e) => change(child.key, { disability: e.target.value })} />
                    </Field>
                    <Field label={t('children.alimony')}>
                      <Input value={child.alimony} onChange={(e) => change(child.key, { alimony: e.target.value })} />
                    </Field>
                  </div>
                  <Button variant="secondary" aria-label={t('children.removeChild', { child: label })} onClick={() => setChildren((all) => all.filter((c) => c.key !== child.key))}>
                    <Trash2 aria-hidden className="size-4" />
                    {t('children.remove')}
                  </Button>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" disabled={children.length >= MAX_CHILDREN} onClick={() => setChildren((all) => [...all, entry(emptyChild())])}>
            <Plus aria-hidden className="size-4" />
            {t('children.add')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('children.save')}
          </Button>
        </div>
        <UnsavedNote
          unsaved={unsaved}
          newerSaved={kept.newerStored}
          onUndo={() => {
            reset();
            setSubmitted(false);
          }}
        />
      </form>
      <CategoryDocuments state={state} categoryIds={CHILDREN_CATEGORIES} heading={t('children.documents')} />
    </div>
  );
}
