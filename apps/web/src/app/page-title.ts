import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The page titles of common.json's `pageTitle`. */
export type PageTitleKey =
  | 'login'
  | 'home'
  | 'fileHistory'
  | 'review'
  | 'advanced'
  | 'profile'
  | 'cantons'
  | 'taxCardDemo'
  | 'featuretest'
  | 'pgbar'
  | 'addressDemo'
  | 'admin'
  | 'expertQueue'
  | 'expertClientFile'
  | 'notFound'
  | 'terms'
  | 'privacy'
  | 'cookies';

/** What a route of router.tsx declares in its `handle`. */
export interface RouteHandle {
  title: PageTitleKey;
}

/**
 * Each route names its title in its handle; the deepest one wins. The tab, the history list and a
 * screen reader announcing the page then say where the person is, in their language.
 */
export function usePageTitle(): void {
  const matches = useMatches();
  const { t } = useTranslation('common');
  const key = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((title): title is PageTitleKey => title !== undefined)
    .at(-1);
  useEffect(() => {
    document.title = key ? `${t(`pageTitle.${key}`)} · Taxli` : 'Taxli';
  }, [key, t]);
}
