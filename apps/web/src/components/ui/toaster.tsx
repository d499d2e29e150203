import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { dismissToast, useToasts } from './toast-store';

const variantClass = {
  default: 'border-slate-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-700 text-white',
  success: 'border-green-700 bg-green-50 text-green-900',
};

/**
 * Radix toasts: 5 s, swipe right past 50 px to dismiss, F8 focuses the viewport (at most 420 px wide).
 * They come in at the top right, over the header: the end of a form, where its main button is,
 * sits low on the screen, and a toast at the bottom covered it (full width on a phone, the right
 * side of the dashboard's Send on a wide screen). No page puts its main button in the header.
 */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation('common');
  return (
    <RadixToast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label={t('toast.announce')}>
      {toasts.map((item) => (
        <RadixToast.Root
          key={item.id}
          duration={item.duration}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={cn(
            'relative rounded-md border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            variantClass[item.variant ?? 'default'],
          )}
        >
          <RadixToast.Title className="text-sm font-semibold">{item.title}</RadixToast.Title>
          {item.description && (
            <RadixToast.Description className="mt-1 text-sm">{item.description}</RadixToast.Description>
          )}
          <RadixToast.Close aria-label={t('actions.close')} className="absolute top-3 right-3 rounded p-1">
            <X aria-hidden className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      {/* The provider's label prefixes what screen readers announce; the viewport's names the region. */}
      <RadixToast.Viewport
        hotkey={['F8']}
        label={t('toast.label')}
        className="fixed top-0 right-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none"
      />
    </RadixToast.Provider>
  );
}
