import * as Popover from '@radix-ui/react-popover';
import { Bell } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '@taxli/domain';
import { cn } from '../../components/ui/cn';
import { useNotifications } from './api/get-notifications';

/** The badge counts up to nine; beyond that it says 9+ (part 1 §9). */
export const badgeText = (count: number) => (count > 9 ? '9+' : String(count));

const PRIORITY_STYLE: Record<Notification['priority'], string> = {
  high: 'bg-red-100 text-red-900',
  medium: 'bg-amber-100 text-amber-900',
  low: 'bg-slate-100 text-slate-800',
};

/**
 * The bell in the header: a count badge and a popover listing what is still missing (the five rules
 * of part 1 §9), each translated by its stable id with the server's English text as the fallback.
 */
export function NotificationBell() {
  const { t } = useTranslation('dashboard');
  const notifications = useNotifications().data ?? [];
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const count = notifications.length;
  const text = (item: Notification, part: 'title' | 'description' | 'action', fallback: string) =>
    t(`notifications.${item.id}.${part}`, { defaultValue: fallback });

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={t('notifications.button', { count })}
        className="relative inline-flex min-h-10 items-center rounded-md px-3 py-2 text-slate-800 hover:bg-slate-100"
      >
        <Bell aria-hidden className="size-5" />
        {count > 0 && (
          <span aria-hidden className="absolute top-0.5 right-0.5 rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
            {badgeText(count)}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-labelledby={headingId}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-40 max-h-[70vh] w-80 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-md border border-slate-200 bg-white p-3 shadow-lg"
        >
          <h2 id={headingId} className="text-sm font-semibold text-slate-900">
            {t('notifications.title')}
          </h2>
          {count === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t('notifications.none')}</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {notifications.map((item) => (
                <li key={item.id} className="space-y-1 rounded-md border border-slate-200 p-2 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {text(item, 'title', item.title)}
                    <span className={cn('rounded-full px-2 text-xs font-normal', PRIORITY_STYLE[item.priority])}>
                      {t(`notifications.priority.${item.priority}`, { defaultValue: item.priority })}
                    </span>
                  </p>
                  <p className="text-slate-700">{text(item, 'description', item.description)}</p>
                  <Link to={item.actionUrl} onClick={() => setOpen(false)} className="inline-block font-medium text-brand-700 underline">
                    {text(item, 'action', item.actionText)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
