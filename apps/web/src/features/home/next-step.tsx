import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { taxStatusName, type TaxStatusName } from '@taxli/domain';
import { Button } from '../../components/ui/button';
import { taxProfilePath } from './tax-profile-path';

/** Something on the dashboard itself that the next step leads to. */
export type OnPageTarget = 'upload' | 'transmit' | 'return';

export interface NextStep {
  /** Its texts' key under common's `taxStatus.guidance` (what to do) and `taxStatus.action` (the button). */
  key: TaxStatusName | 'readyToTransmit';
  /** A page to go to, or a place on the dashboard to bring into view. */
  target: { to: string } | { onPage: OnPageTarget };
}

/**
 * What the person can do next at each status (DECISIONS D1 with the reconciliation note in
 * docs/product/decisions.md): always something real that exists, never only a status report.
 */
export function nextStepFor(
  statusId: number,
  { advancedInfoCompleted, profileComplete }: { advancedInfoCompleted: boolean; profileComplete: boolean },
): NextStep {
  const status = taxStatusName(statusId);
  switch (status) {
    case 'profile_incomplete':
      return { key: status, target: { to: taxProfilePath(profileComplete) } };
    case 'documents_pending':
      return { key: status, target: { onPage: 'upload' } };
    case 'documents_submitted':
      return advancedInfoCompleted
        ? { key: 'readyToTransmit', target: { onPage: 'transmit' } }
        : { key: status, target: { to: '/advanced-tax-info' } };
    case 'processing':
      return { key: status, target: { to: '/file-history' } };
    case 'review_required':
      // D18: the prepared return waits for the person: to read, then approve or send back.
      return { key: status, target: { onPage: 'return' } };
    case 'completed':
      return { key: status, target: { to: '/file-history' } };
  }
}

const actionClass =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700';

/** The 'Next step' box under the status bar: what to do, and a button that takes the person there. */
export function NextStepBox({ step, onGo }: { step: NextStep; onGo: (target: OnPageTarget) => void }) {
  const { t } = useTranslation('common');
  const headingId = useId();
  const label = t(`taxStatus.action.${step.key}`);
  const { target } = step;
  return (
    <div role="group" aria-labelledby={headingId} className="space-y-3 rounded-md bg-slate-50 p-4">
      <div>
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {t('home.nextStep')}
        </h3>
        <p className="mt-1 text-slate-800">{t(`taxStatus.guidance.${step.key}`)}</p>
      </div>
      {'to' in target ? (
        <Link to={target.to} className={actionClass}>
          {label}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <Button onClick={() => onGo(target.onPage)}>
          {label}
          <ArrowRight aria-hidden className="size-4" />
        </Button>
      )}
    </div>
  );
}
