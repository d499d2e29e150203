/**
 * The alpine background with its dark-blue gradient, fixed behind the page. The gradient is dark
 * enough everywhere for white text to keep AA contrast over the lightest part of the picture.
 */
export function Backdrop() {
  return (
    <div aria-hidden className="fixed inset-0 bg-brand-900">
      <img src="/background.svg" alt="" className="size-full object-cover" />
      <div className="absolute inset-0 bg-linear-to-b from-brand-900/90 via-brand-900/75 to-brand-900/95" />
    </div>
  );
}
