import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notificationsQuery } from './notifications-query';

/** The bell in the header: a count badge (9+ above nine) and a panel listing the notifications. */
export function NotificationBell() {
  const { t } = useTranslation('dashboard');
  const notifications = useQuery(notificationsQuery).data ?? [];
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const count = notifications.length;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('notifications.button', { count })}
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex min-h-10 items-center rounded-md px-3 py-2 text-slate-800 hover:bg-slate-100"
      >
        <Bell aria-hidden className="size-5" />
        {count > 0 && (
          <span aria-hidden className="absolute top-0.5 right-0.5 rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
            {count > 9 ? '9+' : count}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className="absolute right-0 z-40 mt-2 w-80 rounded-md border border-slate-200 bg-white p-3 shadow-lg">
          <h2 className="text-sm font-semibold text-slate-900">{t('notifications.title')}</h2>
          {count === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t('notifications.none')}</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {notifications.map((item, index) => (
                // A newer server may send an id this build has no texts for (its English ones show);
                // a notice of the expert's work is about one year, and several years may have the same one.
                <li key={`${index}-${item.id}-${item.taxYear ?? ''}`} className="rounded-md border border-slate-200 p-2 text-sm">
                  <p className="font-medium text-slate-900">
                    {t(`notifications.items.${item.id}.title`, { defaultValue: item.title, taxYear: item.taxYear })}{' '}
                    <span className="text-xs font-normal text-slate-700">({t(`notifications.priority.${item.priority}`, { defaultValue: item.priority })})</span>
                  </p>
                  <p className="text-slate-700">{t(`notifications.items.${item.id}.description`, { defaultValue: item.description, taxYear: item.taxYear })}</p>
                  <Link to={item.actionUrl} onClick={() => setOpen(false)} className="font-medium text-brand-700 underline">
                    {t(`notifications.items.${item.id}.action`, { defaultValue: item.actionText })}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
