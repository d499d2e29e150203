import { useTranslation } from 'react-i18next';
import type { LegalDocument } from './content/types';
import { formatLongDate } from '../../lib/swiss-locale';

function formatDate(isoDate: string, language: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return formatLongDate(new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1), language);
}

interface LegalArticleProps {
  document: LegalDocument;
  /** Language of the text; set on the article when it differs from the interface (gsw shows German). */
  lang?: string;
}

export function LegalArticle({ document, lang }: LegalArticleProps) {
  const { t, i18n } = useTranslation('legal');
  return (
    <article lang={lang} className="space-y-6 text-slate-800">
      <p className="text-sm text-slate-600">{t('lastUpdated', { date: formatDate(document.lastUpdated, i18n.language) })}</p>
      {document.intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {document.sections.map((section) => (
        <section key={section.id} aria-labelledby={`legal-${section.id}`} className="space-y-3">
          <h2 id={`legal-${section.id}`} className="text-xl font-semibold text-slate-900">
            {section.heading}
          </h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items && (
            <ul className="list-disc space-y-1 pl-6">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {section.table && (
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-left text-sm">
                <caption className="mb-2 text-left font-medium text-slate-900">{section.table.caption}</caption>
                <thead>
                  <tr>
                    {section.table.headers.map((header) => (
                      <th key={header} scope="col" className="border-b border-slate-300 px-3 py-2 font-semibold">
                        {header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {section.table.rows.map((row) => (
                    <tr key={row[0]} className="align-top">
                      {row.map((cell, index) =>
                        index === 0 ? (
                          <th key={index} scope="row" className="border-b border-slate-200 px-3 py-2 font-mono text-xs font-medium">
                            {cell}
                          </th>
                        ) : (
                          <td key={index} className="border-b border-slate-200 px-3 py-2">
                            {cell}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </article>
  );
}
