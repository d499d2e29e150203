import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addChild, MAX_CHILD_AGE, MAX_CHILDREN, MIN_CHILD_AGE, removeChild, setChildAge, setHasChildren } from '@taxli/domain';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { SwitchField } from '../../../../components/ui/switch-field';
import type { StepProps } from './step-props';

/** Step 9: children; the count with minus and plus, and an age (0–18) per child (part 2 §4). */
export function ChildrenStep({ wizard, year }: StepProps) {
  const { t } = useTranslation('wizard');
  const { answers } = wizard.state;
  const on = answers.hasChildren === true;
  const ages = answers.childrenAges ?? [];
  // The ages typed above 18, which the answer keeps at 18 (part 2 §4): said at their field (issue 28).
  const [overAge, setOverAge] = useState<ReadonlySet<number>>(new Set());
  const typeAge = (index: number, raw: string) => {
    const typed = Number.parseInt(raw, 10);
    setOverAge((current) => {
      const next = new Set(current);
      if (typed > MAX_CHILD_AGE) next.add(index);
      else next.delete(index);
      return next;
    });
    wizard.update((s) => setChildAge(s, index, raw));
  };
  const changeCount = (change: typeof addChild) => {
    setOverAge(new Set());
    wizard.update(change);
  };
  return (
    <div className="space-y-5">
      <SwitchField
        label={t('steps.children.label', { year })}
        hint={t('steps.children.hint')}
        checked={on}
        onChange={(checked) => wizard.update((s) => setHasChildren(s, checked))}
      />
      {on && (
        <div className="space-y-4 border-l-4 border-brand-100 pl-4">
          <div className="flex flex-wrap items-center gap-3">
            <span id="children-count-label" className="font-medium text-slate-900">
              {t('fields.numberOfChildren')}
            </span>
            <div role="group" aria-labelledby="children-count-label" className="flex items-center gap-2">
              <Button
                variant="secondary"
                aria-label={t('steps.children.remove')}
                disabled={ages.length <= 1}
                onClick={() => changeCount(removeChild)}
              >
                <Minus aria-hidden className="size-4" />
              </Button>
              <output aria-live="polite" className="min-w-8 text-center text-lg font-semibold">
                {answers.numberOfChildren ?? ages.length}
              </output>
              <Button
                variant="secondary"
                aria-label={t('steps.children.add')}
                disabled={ages.length >= MAX_CHILDREN}
                onClick={() => changeCount(addChild)}
              >
                <Plus aria-hidden className="size-4" />
              </Button>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            {ages.map((age, index) => (
              <Field
                key={index}
                label={t('fields.childAge', { number: index + 1 })}
                hint={overAge.has(index) ? t('steps.children.overAge', { max: MAX_CHILD_AGE }) : undefined}
                error={index === 0 ? wizard.errorOf('childrenAges') : undefined}
              >
                <Input
                  data-field={index === 0 ? 'childrenAges' : undefined}
                  type="number"
                  inputMode="numeric"
                  min={MIN_CHILD_AGE}
                  max={MAX_CHILD_AGE}
                  value={age}
                  onChange={(event) => typeAge(index, event.target.value)}
                />
              </Field>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
