import { Lock, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdvancedUnlocked } from './use-advanced-unlocked';

/** 'Advanced Tax Info': a link once unlocked, a disabled button with the reason before. */
export function AdvancedTaxInfoButton({ statusId }: { statusId: number }) {
  const { t } = useTranslation('dashboard');
  const unlocked = useAdvancedUnlocked(statusId);
  const hintId = useId();
  return (
    <div className="space-y-1">
      {unlocked ? (
        <Link
          to="/advanced-tax-info"
          aria-describedby={hintId}
          className="inline-flex min-h-10 items-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-900"
        >
          <Sparkles aria-hidden className="size-4" />
          {t('advanced.button')}
        </Link>
      ) : (
        <button
          type="button"
          disabled
          aria-describedby={hintId}
          className="inline-flex min-h-10 cursor-not-allowed items-center gap-2 rounded-md bg-slate-200 px-4 py-2 text-sm font-medium text-slate-800"
        >
          <Lock aria-hidden className="size-4" />
          {t('advanced.button')}
        </button>
      )}
      <p id={hintId} className="text-sm text-slate-700">
        {unlocked ? t('advanced.unlocked') : t('advanced.locked')}
      </p>
    </div>
  );
}
