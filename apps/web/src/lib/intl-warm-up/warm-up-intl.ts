let started = false;

/**
 * Starts the worker that prepares number and date formatting (intl-warm-up.worker.ts), once per
 * page load: the signed-in pages write file sizes and dates as they first render. A worker that
 * cannot start changes nothing: the first format then pays the cost itself, as before.
 */
export function warmUpIntl(): void {
  if (started || typeof Worker === 'undefined') return;
  started = true;
  try {
    const worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module' });
    worker.onerror = (event) => event.preventDefault();
  } catch {
    // No worker (a browser setting): formatting works without it.
  }
}
