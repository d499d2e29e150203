import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from './cn';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Label of the close (×) button; omitted means no close button (the footer decides). */
  closeLabel?: string;
  className?: string;
  /** Where focus goes when the dialog closes; without it, back to the element that had focus when it opened. */
  onCloseAutoFocus?: (event: Event) => void;
}

export function Dialog({ open, onOpenChange, title, description, children, footer, closeLabel, className, onCloseAutoFocus }: DialogProps) {
  // Radix returns focus only to its own Dialog.Trigger, which the app's dialogs (opened from state)
  // do not use: without this, closing one left keyboard and screen-reader users on <body>, at the
  // top of the page. Radix's open event fires before it moves focus in, so the opener is still focused.
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    const active = document.activeElement;
    // Opened again with nothing focused (Your Files, back from a file's history, which took its
    // place on screen): the element that first opened it still counts.
    if (active instanceof HTMLElement && active !== document.body) opener.current = active;
  };
  const returnFocus = (event: Event) => {
    const target = opener.current;
    // A button the dialog removed (Delete in Your Files takes its row along) is left to Radix, which
    // keeps focus in the dialog underneath, if there is one; so is a dialog closed for another that
    // takes its place (Your Files for a file's history), which has focus now.
    const topDialog = [...document.querySelectorAll('[role="dialog"]')].at(-1);
    if (!target?.isConnected || (topDialog && !topDialog.contains(target))) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {/* Only while open: a closed portal still mounts Radix's presence, whose state change as the page
          first mounts forces React to run every effect of that page in the same long task (docs/performance.md, "Lighthouse, mobile"). */}
      {open && (
        <RadixDialog.Portal>
          {/* Overlay and box on one layer, so that a dialog opened from a dialog (Move from Your Files)
              dims the first one rather than sitting among its rows. Sized by the visible height (dvh):
              on a phone 85vh may be taller than what the browser's bars leave, cutting off the heading. */}
          <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
          <RadixDialog.Content
            className={cn(
              'fixed top-1/2 left-1/2 z-50 max-h-[85dvh] w-[92vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl',
              className,
            )}
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={rememberOpener}
            onCloseAutoFocus={onCloseAutoFocus ?? returnFocus}
          >
            {/* [overflow-wrap:anywhere]: a title naming a long file name wraps instead of running off the dialog */}
            <RadixDialog.Title className="pr-8 text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="mt-2 text-sm text-slate-700">{description}</RadixDialog.Description>
            )}
            {children && <div className="mt-4">{children}</div>}
            {footer && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
            {closeLabel && (
              <RadixDialog.Close
                aria-label={closeLabel}
                className="absolute top-4 right-4 rounded p-1 text-slate-600 hover:bg-slate-100"
              >
                <X aria-hidden className="size-5" />
              </RadixDialog.Close>
            )}
          </RadixDialog.Content>
        </RadixDialog.Portal>
      )}
    </RadixDialog.Root>
  );
}
