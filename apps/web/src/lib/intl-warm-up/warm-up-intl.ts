/**
 * Starts the worker that prepares number and date formatting (intl-warm-up.worker.ts): the
 * signed-in pages write file sizes and dates as they first render. Called once, as the signed-in
 * layout's file is evaluated. A worker that cannot start changes nothing: the first format then
 * pays the cost itself, as before.
 */
export function warmUpIntl(): void {
  try {
    const worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module' });
    worker.onerror = (event) => event.preventDefault();
  } catch {
    // No worker here (a browser setting, a test's document): formatting works without it.
  }
}
