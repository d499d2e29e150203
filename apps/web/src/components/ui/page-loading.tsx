import { Loader2 } from 'lucide-react';

/** A page's "loading" line while the server's answer it needs is on its way (a live status, so it is announced). */
export function PageLoading({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-3 py-12 text-slate-700">
      <Loader2 aria-hidden className="size-6 animate-spin text-brand-600" />
      {text}
    </p>
  );
}
