import { LoaderCircle } from 'lucide-react';

/**
 * The dashboard's loading overlay (part 1 §2): covers the page while its data loads, under the
 * header (z-40), so that a person can leave a dashboard whose data is slow to come (a database not
 * answering holds a read up to a minute).
 */
export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div role="status" className="fixed inset-0 z-30 flex items-center justify-center bg-white/85 backdrop-blur-sm">
      <p className="flex items-center gap-3 rounded-lg bg-white px-6 py-4 text-slate-800 shadow-lg">
        <LoaderCircle aria-hidden className="size-6 animate-spin text-brand-700 motion-reduce:animate-none" />
        {label}
      </p>
    </div>
  );
}
