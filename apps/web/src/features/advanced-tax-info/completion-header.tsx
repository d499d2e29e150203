import { CheckCircle2, Flag } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Switch } from '../../components/ui/switch';

interface CompletionHeaderProps {
  years: number[];
  year: number;
  onYearChange: (year: number) => void;
  completed: boolean;
  switchOn: boolean;
  showFinish: boolean;
  saving: boolean;
  /** While the year's data loads, the switch waits for the stored flag. */
  disabled: boolean;
  onSwitch: (on: boolean) => void;
  onFinish: () => void;
}

/** Year selector, Section Complete switch, Finish Section and the Section Completed badge (part 2 §2). */
export function CompletionHeader(props: CompletionHeaderProps) {
  const { t } = useTranslation('advanced');
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div>
        <label htmlFor={`${id}-year`} className="mb-1 block text-sm font-medium text-slate-800">
          {t('year.label')}
        </label>
        <select
          id={`${id}-year`}
          value={props.year}
          onChange={(event) => props.onYearChange(Number(event.target.value))}
          className="block rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900"
        >
          {props.years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-h-10 items-center gap-3">
        <Switch
          id={`${id}-complete`}
          checked={props.switchOn}
          onCheckedChange={props.onSwitch}
          disabled={props.disabled || props.saving}
        />
        <label htmlFor={`${id}-complete`} className="text-sm font-medium text-slate-900">
          {t('completion.switch')}
        </label>
      </div>
      {props.showFinish && (
        <Button onClick={props.onFinish} disabled={props.saving}>
          <Flag aria-hidden className="size-4" />
          {props.saving ? t('completion.finishing') : t('completion.finish')}
        </Button>
      )}
      {props.completed && (
        <span className="inline-flex min-h-10 items-center gap-2 rounded-full bg-green-100 px-4 text-sm font-semibold text-green-900">
          <CheckCircle2 aria-hidden className="size-4" />
          {t('completion.badge')}
        </span>
      )}
    </div>
  );
}
