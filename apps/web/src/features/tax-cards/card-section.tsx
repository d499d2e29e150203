import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaxCard, TaxCardGroup } from '@taxli/domain';
import { cn } from '../../components/ui/cn';
import { TaxCardItem } from './tax-card-item';

interface CardSectionProps {
  group: TaxCardGroup;
  /** The English title of the group, the fallback of its translated one. */
  fallbackTitle: string;
  cards: TaxCard[];
}

/** A collapsible group of cards with an 'n/m enabled' badge; open at first when a card in it applies. */
export function CardSection({ group, fallbackTitle, cards }: CardSectionProps) {
  const { t } = useTranslation('taxcards');
  const enabled = cards.filter((card) => card.isEnabled).length;
  const [open, setOpen] = useState(enabled > 0);
  const panelId = useId();
  const title = t(`groups.${group}`, { defaultValue: fallbackTitle });
  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex min-h-12 w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left hover:bg-slate-50"
        >
          <span className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">{title}</span>{' '}
          <span className="flex shrink-0 items-center gap-2">
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                enabled > 0 ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800',
              )}
            >
              {t('sections.badge', { enabled, total: cards.length })}
            </span>
            <ChevronDown aria-hidden className={cn('size-5 text-slate-600 transition-transform', open && 'rotate-180')} />
          </span>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 p-4">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <TaxCardItem key={card.id} card={card} />
          ))}
        </ul>
      </div>
    </section>
  );
}
