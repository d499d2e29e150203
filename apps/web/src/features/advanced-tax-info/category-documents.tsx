import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@taxli/domain';
import { DocumentEntry } from './document-entry';
import { isRelevant, type ScreenState } from './screen-state';

interface CategoryDocumentsProps {
  state: ScreenState;
  categoryIds: readonly number[];
  /** A heading of its own where the tab has more than the documents. */
  heading?: string;
}

/** The document entries of a section's categories (D3), with the year's files of each. */
export function CategoryDocuments({ state, categoryIds, heading }: CategoryDocumentsProps) {
  const { t } = useTranslation('advanced');
  const byCategory = (id: number): FileRecord[] => state.files.filter((file) => file.categoryId === id);
  return (
    <section aria-label={heading ?? t('documents.heading')} className="space-y-3">
      {heading && <h3 className="text-lg font-semibold text-slate-900">{heading}</h3>}
      <ul className="space-y-3">
        {categoryIds.map((id) => (
          <DocumentEntry
            key={`${state.taxYear}-${id}`}
            taxYear={state.taxYear}
            categoryId={id}
            relevant={isRelevant(state.info, id)}
            onRelevantChange={(relevant) => state.setPreference(String(id), relevant)}
            files={byCategory(id)}
            // Under the list's own heading, or directly under the tab's (h2): no level skipped.
            headingLevel={heading ? 4 : 3}
          />
        ))}
      </ul>
    </section>
  );
}
