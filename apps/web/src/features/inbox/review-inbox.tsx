import { Inbox } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInbox } from './api/get-inbox';
import { InboxEntry } from './inbox-entry';

/**
 * The dashboard's review inbox (issue 29): the year's read documents, each with its figures and any
 * suggested move, for the person to accept or leave. Nothing shows while there is nothing to review
 * (nor while the inbox cannot be read: the dashboard works without it). After a decision the panel
 * says what happened and takes the focus to its heading, as the item that had it is gone; once the
 * last is decided it says so instead of vanishing under the keyboard.
 */
export function ReviewInbox({ taxYear }: { taxYear: number }) {
  const { t } = useTranslation('dashboard');
  const inbox = useInbox(taxYear);
  const [notice, setNotice] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const items = inbox.data?.items ?? [];
  if (items.length === 0 && notice === undefined) return null;

  const decided = (text: string) => {
    setNotice(text);
    heading.current?.focus();
  };
  return (
    <section aria-labelledby="review-inbox-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="space-y-1">
        <h2 id="review-inbox-heading" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Inbox aria-hidden className="size-5" />
          {t('inbox.heading')}
        </h2>
        <p className="text-sm text-slate-700">{items.length > 0 ? t('inbox.intro', { count: items.length }) : t('inbox.allDone')}</p>
        {/* Always in the page, even empty (a live region shown only once it has text may not be
            announced), and under the intro, where an empty line takes no room. */}
        <p role="status" className="text-sm font-medium text-green-800">
          {notice}
        </p>
      </div>
      {items.length > 0 && (
        <ul aria-label={t('inbox.listLabel')} className="space-y-4">
          {items.map((item) => (
            <InboxEntry key={item.fileId} item={item} taxYear={taxYear} onDecided={decided} />
          ))}
        </ul>
      )}
    </section>
  );
}
