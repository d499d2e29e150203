import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** A list that could not be loaded: what failed, and a way to try again. */
export function FetchProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
      <span>{message}</span>
      <Button variant="secondary" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
