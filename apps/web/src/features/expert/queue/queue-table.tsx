import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QueueRow } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatSwissDay } from '../../../lib/swiss-locale';
import { assigneeLabel, cantonLabel, clientFilePath, fullName, statusLabel } from '../return-labels';

interface QueueTableProps {
  rows: QueueRow[];
  selfId: number;
  /** The row being taken right now ("userId/taxYear"), whose button waits. */
  taking: string | undefined;
  onTake: (row: QueueRow) => void;
}

export const rowKey = (row: { userId: number; taxYear: number }) => `${row.userId}/${row.taxYear}`;

/**
 * One table, two looks: columns from md on (an expert's desktop), a card per return below (a phone,
 * 375 px), where each value carries its column's name. The roles are written out because a table
 * shown as blocks loses them in some browsers.
 */
export function QueueTable({ rows, selfId, taking, onTake }: QueueTableProps) {
  const { t, i18n } = useTranslation('expert');
  const columns = ['name', 'email', 'canton', 'taxYear', 'status', 'transmittedAt', 'assignee', 'openRequests', 'unreadMessages'] as const;
  return (
    <table role="table" className="block w-full text-sm md:table">
      <caption className="sr-only">{t('queue.caption')}</caption>
      <thead role="rowgroup" className="sr-only md:not-sr-only md:table-header-group">
        <tr role="row" className="border-b border-slate-300 text-left">
          {columns.map((column) => (
            <th key={column} role="columnheader" scope="col" className="px-2 py-2 font-semibold text-slate-800">
              {t(`queue.columns.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="block space-y-3 md:table-row-group md:space-y-0">
        {rows.map((row) => {
          const name = fullName(row) || row.email;
          const assignee = assigneeLabel(t, row.assignee, selfId);
          return (
            <tr
              key={rowKey(row)}
              role="row"
              className="block rounded-lg border border-slate-200 bg-white p-3 shadow-sm md:table-row md:rounded-none md:border-0 md:border-b md:p-0 md:shadow-none"
            >
              <th role="rowheader" scope="row" className="block pb-1 text-left text-base font-semibold md:table-cell md:px-2 md:py-2 md:text-sm">
                <Link to={clientFilePath(row)} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                  {name}
                </Link>
              </th>
              <Cell label={t('queue.columns.email')} className="break-all">
                {row.email}
              </Cell>
              <Cell label={t('queue.columns.canton')}>{cantonLabel(row.canton, i18n.language) ?? t('queue.noCanton')}</Cell>
              <Cell label={t('queue.columns.taxYear')}>{row.taxYear}</Cell>
              <Cell label={t('queue.columns.status')}>{statusLabel(t, row.status)}</Cell>
              <Cell label={t('queue.columns.transmittedAt')}>{row.transmittedAt ? formatSwissDay(row.transmittedAt, i18n.language) : t('queue.notTransmitted')}</Cell>
              <Cell label={t('queue.columns.assignee')}>
                {assignee ?? (
                  <span className="flex flex-wrap items-center justify-end gap-2 md:justify-start">
                    <span className="text-slate-600">{t('assignee.none')}</span>
                    <Button
                      variant="secondary"
                      className="min-h-9 px-3 py-1"
                      disabled={taking === rowKey(row)}
                      aria-label={t('take.labelFor', { name, year: row.taxYear })}
                      onClick={() => onTake(row)}
                    >
                      {t('take.button')}
                    </Button>
                  </span>
                )}
              </Cell>
              <Cell label={t('queue.columns.openRequests')}>
                <Count value={row.openRequests} />
              </Cell>
              <Cell label={t('queue.columns.unreadMessages')}>
                <Count value={row.unreadMessages} />
              </Cell>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A value with its column's name beside it on a phone (hidden from screen readers, which have the header). */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td role="cell" className="flex items-baseline justify-between gap-3 py-1 md:table-cell md:px-2 md:py-2 md:align-middle">
      <span aria-hidden className="shrink-0 font-medium text-slate-600 md:hidden">
        {label}
      </span>
      <span className={cn('min-w-0 text-right text-slate-900 md:text-left', className)}>{children}</span>
    </td>
  );
}

/** A count that asks for attention when it is not zero. */
function Count({ value }: { value: number }) {
  return <span className={cn('tabular-nums', value > 0 ? 'rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-900' : 'text-slate-700')}>{value}</span>;
}
