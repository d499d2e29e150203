import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell } from 'lucide-react';
import { useId } from 'react';
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
 * The bell in the header: a count badge and a menu of what is still missing (the five rules of
 * part 1 §9), each translated by its stable id, with the server's English text as the fallback.
 * Radix's menu gives the keyboard behaviour: arrows between entries, Enter follows, Escape closes.
 */
export function NotificationBell() {
  const { t } = useTranslation('dashboard');
  const notifications = useNotifications().data ?? [];
  const headingId = useId();
  const count = notifications.length;
  const text = (item: Notification, part: 'title' | 'description' | 'action', fallback: string) =>
    t(`notifications.${item.id}.${part}`, { defaultValue: fallback });

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('notifications.button', { count })}
        className="relative inline-flex min-h-10 items-center rounded-md px-3 py-2 text-slate-800 hover:bg-slate-100"
      >
        <Bell aria-hidden className="size-5" />
        {count > 0 && (
          <span aria-hidden className="absolute top-0.5 right-0.5 rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
            {badgeText(count)}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-labelledby={headingId}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-40 max-h-[70vh] w-80 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-md border border-slate-200 bg-white p-3 shadow-lg"
        >
          <DropdownMenu.Label id={headingId} className="text-sm font-semibold text-slate-900">
            {t('notifications.title')}
          </DropdownMenu.Label>
          {count === 0 ? (
            <DropdownMenu.Item disabled className="mt-2 text-sm text-slate-700">
              {t('notifications.none')}
            </DropdownMenu.Item>
          ) : (
            notifications.map((item) => (
              <DropdownMenu.Item key={item.id} asChild>
                <Link
                  to={item.actionUrl}
                  className="mt-2 block space-y-1 rounded-md border border-slate-200 p-2 text-sm outline-none data-[highlighted]:border-brand-500 data-[highlighted]:bg-brand-50"
                >
                  <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {text(item, 'title', item.title)}
                    <span className={cn('rounded-full px-2 text-xs font-normal', PRIORITY_STYLE[item.priority])}>
                      {t(`notifications.priority.${item.priority}`, { defaultValue: item.priority })}
                    </span>
                  </span>
                  <span className="block text-slate-700">{text(item, 'description', item.description)}</span>
                  <span className="block font-medium text-brand-700 underline">{text(item, 'action', item.actionText)}</span>
                </Link>
              </DropdownMenu.Item>
            ))
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
