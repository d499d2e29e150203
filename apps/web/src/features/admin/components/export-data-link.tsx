import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { routes, urlFor } from '@taxli/domain';

/**
 * An account's data export, for a person who asked by other means than the app (issue 30 item 7):
 * the server records it as the administrator's act. A plain link: the ZIP streams to disk.
 */
export function ExportDataLink({ userId, email }: { userId: number; email: string }) {
  const { t } = useTranslation('admin');
  return (
    <a
      href={urlFor(routes.adminUserExport, { params: { userId } })}
      download
      aria-label={`${t('exportData.action')}: ${email}`}
      className="inline-flex min-h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50"
    >
      <Download aria-hidden className="size-4" />
      {t('exportData.action')}
    </a>
  );
}
