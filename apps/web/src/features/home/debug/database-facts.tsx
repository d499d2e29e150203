import { useTranslation } from 'react-i18next';
import type { DebugDbStatusResponse, SchemaCheck } from '@taxli/domain';
import { swissLocale } from '../../../lib/swiss-locale';

/** Each difference between the live database and the code, in words. */
function SchemaDifferences({ schema }: { schema: SchemaCheck }) {
  const { t } = useTranslation('debug');
  const lines = [
    ...schema.missingTables.map((name) => t('database.missingTable', { name })),
    ...schema.missingColumns.map((name) => t('database.missingColumn', { name })),
    ...schema.extraTables.map((name) => t('database.extraTable', { name })),
    ...schema.extraColumns.map((name) => t('database.extraColumn', { name })),
  ];
  return (
    <ul className="list-disc pl-5 text-sm text-red-900">
      {lines.map((line) => (
        <li key={line} className="break-all">
          {line}
        </li>
      ))}
    </ul>
  );
}

/** What Check DB found (part 1 §3 Debug status): the schema against the code, the migrations, counts and the users columns. */
export function DatabaseFacts({ status }: { status: DebugDbStatusResponse }) {
  const { t, i18n } = useTranslation('debug');
  const rows: [string, string][] = [
    [t('database.schema'), status.schema.matches ? t('database.schemaMatches') : t('database.schemaDiffers')],
    [t('database.column'), status.hasTaxProfileColumn ? t('database.present') : t('database.missing')],
    [
      t('database.migrations'),
      status.migrations.upToDate
        ? t('database.upToDate', { count: status.migrations.applied.length })
        : t('database.pending', { count: status.migrations.pending.length, names: status.migrations.pending.join(', ') }),
    ],
    [t('database.users'), String(status.userCount)],
    [t('database.completion'), t('database.completionValue', { count: status.taxCompletedCount, rate: status.completionRate })],
    [t('database.newest'), status.newestUser ? `${status.newestUser.email} (#${status.newestUser.id})` : '—'],
    [t('database.checked'), new Date(status.lastChecked).toLocaleString(swissLocale(i18n.language))],
    [t('database.columns'), status.columns.join(', ')],
  ];
  return (
    <div className="space-y-2">
      <dl className="space-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-slate-700">{label}</dt>
            <dd className="min-w-0 break-all font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {!status.schema.matches && <SchemaDifferences schema={status.schema} />}
    </div>
  );
}
