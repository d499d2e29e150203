import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { AdminCard, selectClass } from './admin-card';

interface TargetCardProps {
  target: { id: number; email: string };
  isSelf: boolean;
  taxYear: number;
  years: number[];
  /** A Loop or Auto Advance runs: the target stays until it stops. */
  locked: boolean;
  onYear: (year: number) => void;
  onSelf: () => void;
}

/** Whose status and which year the panel drives: the admin's own account by default. */
export function TargetCard({ target, isSelf, taxYear, years, locked, onYear, onSelf }: TargetCardProps) {
  const { t } = useTranslation('admin');
  const yearId = useId();
  return (
    <AdminCard title={t('target.heading')} description={t('target.hint')}>
      <p className="break-all font-medium text-slate-900" aria-live="polite">
        {t('target.driving', { email: target.email, id: target.id })}
        {isSelf && <span className="font-normal text-slate-700"> — {t('target.you')}</span>}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor={yearId} className="block text-sm font-medium text-slate-800">
            {t('target.year')}
          </label>
          <select id={yearId} className={selectClass} value={taxYear} disabled={locked} onChange={(event) => onYear(Number(event.target.value))}>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        {!isSelf && (
          <Button variant="secondary" disabled={locked} onClick={onSelf}>
            {t('target.self')}
          </Button>
        )}
      </div>
    </AdminCard>
  );
}
