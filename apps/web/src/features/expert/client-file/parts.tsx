import type { ReactNode } from 'react';

export const textareaClass = 'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-600';

/** A part of the client file: a titled region the page's list of contents links to. */
export function FileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value pairs; a value left out (undefined) is not listed, so the list shows what was answered. */
export function Facts({ items, label }: { items: Array<[string, ReactNode | undefined]>; label?: string }) {
  const shown = items.filter((item): item is [string, ReactNode] => item[1] !== undefined && item[1] !== null && item[1] !== '');
  return (
    <dl aria-label={label} className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
      {shown.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-700">{term}</dt>
          <dd className="mb-2 break-words text-slate-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
