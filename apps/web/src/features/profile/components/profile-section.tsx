import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../../components/ui/cn';

/** One card of the profile page below the form (passkeys, your data, deleting the account): a titled region. */
export function ProfileSection({ icon: Icon, title, danger = false, children }: { icon: LucideIcon; title: string; danger?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('space-y-4 rounded-xl border bg-white p-6', danger ? 'border-red-200' : 'border-slate-200')}>
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <Icon aria-hidden className={cn('size-5', danger && 'text-red-700')} />
        {title}
      </h2>
      {children}
    </section>
  );
}
