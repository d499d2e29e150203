import { CheckCircle2, CircleSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TaxCard } from '@taxli/domain';
import { cn } from '../../components/ui/cn';
import { cardTexts } from './card-texts';

/** One tax card: title, description and why it applies, or 'Not applicable - {required fields}'. */
export function TaxCardItem({ card }: { card: TaxCard }) {
  const { t } = useTranslation('taxcards');
  const { title, description, reason } = cardTexts(t, card);
  const Icon = card.isEnabled ? CheckCircle2 : CircleSlash;
  return (
    <li
      className={cn(
        'flex min-w-0 flex-col gap-2 rounded-lg border p-4',
        card.isEnabled ? 'border-green-700 bg-green-50' : 'border-slate-200 bg-slate-50',
      )}
    >
      <h4 className="flex items-start gap-2 font-semibold text-slate-900">
        <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', card.isEnabled ? 'text-green-700' : 'text-slate-500')} />
        <span className="min-w-0 [overflow-wrap:anywhere]">{title}</span>
      </h4>
      {description && <p className="text-sm text-slate-700">{description}</p>}
      <p className={cn('text-sm', card.isEnabled ? 'font-medium text-green-900' : 'text-slate-700')}>
        {card.isEnabled && <span className="sr-only">{t('card.applies')}: </span>}
        {reason}
      </p>
    </li>
  );
}
