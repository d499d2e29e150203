import { ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@taxli/domain';
import { changeLanguage } from '../../lib/i18n';
import { cn } from './cn';

const ACTIVE = LANGUAGES.filter((l) => l.active);
const ENGLISH = { code: 'en', name: 'English' };

/**
 * Globe with the current language's name (icon only on narrow screens). Inactive languages are not
 * offered (part 1 §5). A native select under the visible label: the phone's own picker on touch
 * screens, full keyboard support, and no menu library in the login page's first JavaScript.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const current = ACTIVE.find((l) => l.code === i18n.language) ?? ENGLISH;
  return (
    <span
      className={cn(
        'relative inline-flex min-h-10 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100',
        'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
        className,
      )}
    >
      <Globe aria-hidden className="size-5" />
      <span aria-hidden className="hidden sm:inline">
        {current.name}
      </span>
      <ChevronDown aria-hidden className="size-4" />
      <select
        name="language"
        aria-label={t('language.choose')}
        value={current.code}
        onChange={(event) => changeLanguage(event.target.value)}
        className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
      >
        {ACTIVE.map((language) => (
          <option key={language.code} value={language.code} lang={language.code === 'gsw' ? 'de-CH' : language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </span>
  );
}
