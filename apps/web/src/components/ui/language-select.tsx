import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type ActiveLanguage } from '@taxli/domain';
import { changeLanguage } from '../../lib/i18n';
import { cn } from './cn';

/**
 * Globe button with the current language's name (icon only on narrow screens). Inactive languages
 * are not offered (part 1 §5).
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`${t('language.choose')}: ${current.name}`}
        className={cn(
          'inline-flex min-h-10 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100',
          className,
        )}
      >
        <Globe aria-hidden className="size-5" />
        <span className="hidden sm:inline">{current.name}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-slate-600">
            {t('language.label')}
          </DropdownMenu.Label>
          {LANGUAGES.filter((l) => l.active).map((language) => (
            <DropdownMenu.Item
              key={language.code}
              lang={language.code === 'gsw' ? 'de-CH' : language.code}
              onSelect={() => changeLanguage(language.code as ActiveLanguage)}
              className="flex cursor-pointer items-center justify-between gap-4 rounded px-2 py-2 text-sm outline-none data-[highlighted]:bg-brand-50"
            >
              {language.name}
              {language.code === current.code && <Check aria-hidden className="size-4" />}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
