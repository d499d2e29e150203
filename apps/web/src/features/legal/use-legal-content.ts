import { useQuery } from '@tanstack/react-query';
import type { LegalContent } from './content/types';

type LegalLanguage = 'en' | 'de' | 'fr' | 'it';

/** One chunk per language, loaded when a legal page opens (ADR 0003): none of it ships with /login. */
const loaders: Record<LegalLanguage, () => Promise<{ content: LegalContent }>> = {
  en: () => import('./content/en'),
  de: () => import('./content/de'),
  fr: () => import('./content/fr'),
  it: () => import('./content/it'),
};

export function useLegalContent(language: LegalLanguage) {
  return useQuery({
    queryKey: ['legal-content', language],
    queryFn: async () => (await loaders[language]()).content,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}
