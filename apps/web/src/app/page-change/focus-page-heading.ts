/**
 * Moves focus to the new page's heading (its `main h1`) once it can take focus: a lazy page, a
 * loading overlay (inert) or a spinner may come first. A screen reader then reads the heading, which
 * is how it learns that the page changed; keyboard users go on from the top of the new page.
 *
 * Focus is left alone when the page has already put it somewhere itself (a field, a step heading)
 * or a dialog holds it, and the watch ends as soon as the person clicks or types. Returns the stop.
 */
export function focusPageHeadingWhenShown(): () => void {
  const observer = new MutationObserver(() => attempt());
  const stop = () => {
    observer.disconnect();
    window.removeEventListener('pointerdown', stop, true);
    window.removeEventListener('keydown', stop, true);
  };
  function attempt(): void {
    if (focusTakenByPage()) return stop();
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading || heading.closest('[inert]')) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
    stop();
  }
  window.addEventListener('pointerdown', stop, true);
  window.addEventListener('keydown', stop, true);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['inert'] });
  attempt();
  return stop;
}

/** Focus on something of the new page (inside `main`) or inside a dialog: the page or the dialog chose it. */
function focusTakenByPage(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  if (active.closest('[role="dialog"], [role="alertdialog"]')) return true;
  return document.querySelector('main')?.contains(active) === true;
}
