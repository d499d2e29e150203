import { ChevronLeft, ChevronRight, Play, Repeat, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { nextTaxStatus, previousTaxStatus, TAX_STATUSES, taxStatusName, type TaxStatusId } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { StatusSteps } from '../../../components/ui/status-steps';
import type { StatusDriver } from '../use-status-driver';
import { AdminCard } from './admin-card';

/** Part 2 §2: the stepper with Previous / Next, Auto Advance and Start / Stop Loop. */
interface StepperCardProps {
  status: TaxStatusId | undefined;
  /** The status could not be loaded (the panel says why and offers a retry). */
  unavailable?: boolean;
  driver: StatusDriver;
  /** A single change is on its way. */
  busy: boolean;
  onChange: (to: TaxStatusId) => void;
}

export function StepperCard({ status, unavailable = false, driver, busy, onChange }: StepperCardProps) {
  const { t } = useTranslation('admin');
  const running = driver.mode !== 'idle';
  const name = taxStatusName(status);
  return (
    <AdminCard title={t('stepper.heading')}>
      <p className="font-medium text-slate-900" aria-live="polite">
        {status === undefined
          ? unavailable
            ? t('stepper.unavailable')
            : t('loading')
          : t('stepper.step', { current: status, total: TAX_STATUSES.length, label: t(`statuses.${name}.label`) })}
      </p>
      <StatusSteps status={name} label={t('stepper.heading')} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={running || busy || status === undefined} onClick={() => onChange(previousTaxStatus(status))}>
          <ChevronLeft aria-hidden className="size-4" />
          {t('stepper.previous')}
        </Button>
        <Button variant="secondary" disabled={running || busy || status === undefined} onClick={() => onChange(nextTaxStatus(status))}>
          {t('stepper.next')}
          <ChevronRight aria-hidden className="size-4" />
        </Button>
        <Button
          variant="secondary"
          aria-pressed={driver.mode === 'auto'}
          disabled={!driver.canAutoAdvance || status === undefined}
          onClick={driver.toggleAutoAdvance}
        >
          {driver.mode === 'auto' ? <Square aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
          {driver.mode === 'auto' ? t('stepper.stopAutoAdvance') : t('stepper.autoAdvance')}
        </Button>
        <LoopButton driver={driver} disabled={status === undefined} />
      </div>
      {running && <p className="text-sm text-slate-700">{t('stepper.running')}</p>}
      {driver.mode === 'loop' && (
        <p className="text-sm text-slate-700" aria-live="polite">
          {t('stepper.cycles', { count: driver.cycles })}
        </p>
      )}
    </AdminCard>
  );
}

/** Start / Stop Loop; the Manage Tax Status card offers the same loop. */
export function LoopButton({ driver, disabled }: { driver: StatusDriver; disabled?: boolean }) {
  const { t } = useTranslation('admin');
  const looping = driver.mode === 'loop';
  return (
    <Button variant={looping ? 'danger' : 'secondary'} aria-pressed={looping} disabled={disabled || driver.mode === 'auto'} onClick={driver.toggleLoop}>
      {looping ? <Square aria-hidden className="size-4" /> : <Repeat aria-hidden className="size-4" />}
      {looping ? t('stepper.stopLoop') : t('stepper.startLoop')}
    </Button>
  );
}
