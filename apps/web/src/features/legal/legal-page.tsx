import { skipToken, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_LANGUAGE, isActiveLanguage, legalTextLanguage, type CheckAuthResponse } from '@taxli/domain';
import { FetchProblem } from '../../components/ui/fetch-problem';
import { LanguageSelect } from '../../components/ui/language-select';
import { queryKeys } from '../../lib/query-keys';
import type { LegalKind } from './content/types';
import { LegalArticle } from './legal-article';
import { safeReturnTo } from './safe-return-to';
import { useLegalContent } from './use-legal-content';
import { Logo } from '../../components/ui/logo';

/**
 * The cookie policy, the data-protection policy and the terms: public pages. Back goes to a
 * same-site `returnTo`, else home (signed in) or the login page.
 */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation(['legal', 'common']);
  const uiLanguage = isActiveLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const textLanguage = legalTextLanguage(uiLanguage);
  const content = useLegalContent(textLanguage);
  const [params] = useSearchParams();
  // Read-only view of the session check the root layout keeps up to date.
  const auth = useQuery<CheckAuthResponse>({ queryKey: queryKeys.auth, queryFn: skipToken });
  const backTo = safeReturnTo(params.get('returnTo')) ?? (auth.data?.isAuthenticated ? '/' : '/login');

  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-4 px-4 py-2">
          <Logo className="size-10 text-brand-700" />
          <LanguageSelect className="text-slate-800" />
        </div>
      </header>
      <main id="main-content" className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <Link
          to={backTo}
          className="inline-flex items-center gap-2 rounded-md font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('legal:back')}
        </Link>
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t(`legal:titles.${kind}`)}</h1>
        {uiLanguage === 'gsw' && <p className="text-sm text-slate-700">{t('legal:standardGermanNote')}</p>}
        {content.data ? (
          <LegalArticle document={content.data[kind]} lang={textLanguage === uiLanguage ? undefined : textLanguage} />
        ) : content.isError ? (
          <FetchProblem message={t('legal:loadFailed')} onRetry={() => void content.refetch()} />
        ) : (
          <p role="status" className="flex items-center gap-2 text-slate-700">
            <Loader2 aria-hidden className="size-5 animate-spin" />
            {t('common:loading')}
          </p>
        )}
      </main>
    </div>
  );
}
