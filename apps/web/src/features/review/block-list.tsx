import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findCategory, type TransmitBlock } from '@taxli/domain';

/** Where each block is fixed: the tax profile's summary, Advanced Tax Information (its Authorization tab), or the dashboard's checklist. */
function fixPath(block: TransmitBlock, taxYear: number): string {
  switch (block.code) {
    case 'TAX_PROFILE_INCOMPLETE':
      return `/profile?setup=tax&taxYear=${taxYear}&view=summary`;
    case 'ADVANCED_INFO_INCOMPLETE':
      return '/advanced-tax-info';
    case 'CHECKLIST_INCOMPLETE':
      return `/?year=${taxYear}`;
    case 'TAX_ID_MISSING':
    case 'SIGNED_POWER_OF_ATTORNEY_MISSING':
      return '/advanced-tax-info?tab=authorization';
  }
}

/** What still blocks the transmit (D19), each said in words and linked to where it is fixed. */
export function BlockList({ blocks, taxYear }: { blocks: TransmitBlock[]; taxYear: number }) {
  const { t } = useTranslation(['dashboard', 'categories']);
  const describe = (block: TransmitBlock) => {
    if (block.code === 'CHECKLIST_INCOMPLETE') {
      return t('review.block.CHECKLIST_INCOMPLETE', { name: t(`categories:names.${block.categoryId}`, { defaultValue: findCategory(block.categoryId)?.name }) });
    }
    if (block.code === 'SIGNED_POWER_OF_ATTORNEY_MISSING') {
      const key = block.needed > 1 ? 'review.block.SIGNED_POWER_OF_ATTORNEY_MISSING_married' : 'review.block.SIGNED_POWER_OF_ATTORNEY_MISSING';
      return t(key, { needed: block.needed, uploaded: block.uploaded });
    }
    return t(`review.block.${block.code}`);
  };
  return (
    <section aria-labelledby="review-blocks-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="review-blocks-heading" className="text-lg font-semibold text-slate-900">
        {t('review.blocksHeading')}
      </h2>
      {blocks.length === 0 ? (
        <p className="flex items-center gap-2 text-green-800">
          <CheckCircle2 aria-hidden className="size-5 shrink-0" />
          {t('review.blocksNone')}
        </p>
      ) : (
        <ul className="space-y-2">
          {blocks.map((block) => (
            <li
              key={block.code === 'CHECKLIST_INCOMPLETE' ? `${block.code}-${block.categoryId}` : block.code}
              className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span className="min-w-0 flex-1">{describe(block)}</span>
              <Link to={fixPath(block, taxYear)} className="w-full pl-7 font-medium text-brand-700 underline underline-offset-2 sm:w-auto sm:pl-0">
                {t(`review.fix.${block.code}`)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
