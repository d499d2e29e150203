import { useId, type ReactNode } from 'react';

export const selectClass = 'block w-full max-w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 sm:w-auto';

/** One card of the admin panel: a titled region, so a screen reader can jump between them. */
export function AdminCard({ title, children, description }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="space-y-1">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="text-sm text-slate-700">{description}</p>}
      </div>
      {children}
    </section>
  );
}
