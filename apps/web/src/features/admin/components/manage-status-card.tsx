import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextTaxStatus, previousTaxStatus, TAX_STATUSES, taxStatusName, type TaxStatusId } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import type { StatusDriver } from '../use-status-driver';
import { AdminCard, selectClass } from './admin-card';
import { LoopButton } from './stepper-card';

interface ManageStatusCardProps {
  status: TaxStatusId | undefined;
  driver: StatusDriver;
  busy: boolean;
  /** The dropdown's Update Status; '' when none is chosen ('Please select a tax status'). */
  onUpdate: (chosen: TaxStatusId | '') => void;
  /** Previous, Reset and Next. */
  onChange: (to: TaxStatusId) => void;
}

/** Part 2 §2: status dropdown, Update Status, Previous / Reset / Next and the auto-loop button. */
export function ManageStatusCard({ status, driver, busy, onUpdate, onChange }: ManageStatusCardProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [chosen, setChosen] = useState<TaxStatusId | ''>('');
  const idle = driver.mode === 'idle' && !busy && status !== undefined;
  return (
    <AdminCard
      title={t('manage.heading')}
      description={status === undefined ? undefined : t('manage.current', { label: t(`statuses.${taxStatusName(status)}.label`) })}
    >
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onUpdate(chosen);
        }}
      >
        <div className="w-full space-y-1 sm:w-auto">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {t('manage.select')}
          </label>
          <select
            id={id}
            className={selectClass}
            value={chosen}
            onChange={(event) => setChosen(event.target.value === '' ? '' : (Number(event.target.value) as TaxStatusId))}
          >
            <option value="">{t('manage.placeholder')}</option>
            {TAX_STATUSES.map((s) => (
              <option key={s.id} value={s.id}>
                {s.id} · {t(`statuses.${s.name}.label`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={!idle}>
          {t('manage.update')}
        </Button>
      </form>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!idle} onClick={() => onChange(previousTaxStatus(status))}>
          {t('manage.previous')}
        </Button>
        <Button variant="secondary" disabled={!idle} onClick={() => onChange(1)}>
          {t('manage.reset')}
        </Button>
        <Button variant="secondary" disabled={!idle} onClick={() => onChange(nextTaxStatus(status))}>
          {t('manage.next')}
        </Button>
        <LoopButton driver={driver} disabled={status === undefined} />
      </div>
    </AdminCard>
  );
}
