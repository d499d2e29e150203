import { ShieldCheck, TrendingUp, Receipt, Home, Globe, Heart, Baby, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ADVANCED_SECTIONS, type AdvancedSection, type AdvancedSectionId } from '@taxli/domain';
import { cn } from '../../components/ui/cn';
import { Switch } from '../../components/ui/switch';
import { sectionEnabled, sectionFileCount, type ScreenState } from './screen-state';

const ICONS: Record<AdvancedSectionId, LucideIcon> = {
  authorization: ShieldCheck,
  investments: TrendingUp,
  deductions: Receipt,
  realEstate: Home,
  foreignIncome: Globe,
  spouse: Heart,
  children: Baby,
};

/** Written out in full so Tailwind sees every class. */
const ACCENTS: Record<AdvancedSection['color'], string> = {
  sky: 'border-t-sky-600 [&_svg.accent]:text-sky-700',
  emerald: 'border-t-emerald-600 [&_svg.accent]:text-emerald-700',
  amber: 'border-t-amber-500 [&_svg.accent]:text-amber-700',
  violet: 'border-t-violet-600 [&_svg.accent]:text-violet-700',
  rose: 'border-t-rose-600 [&_svg.accent]:text-rose-700',
  indigo: 'border-t-indigo-600 [&_svg.accent]:text-indigo-700',
  teal: 'border-t-teal-600 [&_svg.accent]:text-teal-700',
};

interface SectionCardsProps {
  state: ScreenState;
  visibleTabs: AdvancedSection['tab'][];
  onOpen: (tab: AdvancedSection['tab']) => void;
}

/**
 * The features grid (part 2 §2, §3 Section card): the seven sections with their file counts and
 * toggles. A switched-off card is dimmed and cannot be opened; authorization cannot be switched off.
 */
export function SectionCards({ state, visibleTabs, onOpen }: SectionCardsProps) {
  const { t } = useTranslation('advanced');
  const id = useId();
  return (
    // The grid's own heading: the cards' titles (h3) sit under it, not directly under the page's h1.
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t('cards.label')}
      </h2>
      <ul aria-labelledby={`${id}-heading`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ADVANCED_SECTIONS.map((section) => {
          const enabled = sectionEnabled(state.info, section);
          const openable = enabled && visibleTabs.includes(section.tab);
          const Icon = ICONS[section.id];
          const title = t(`sections.${section.id}.title`);
          return (
            <li
              key={section.id}
              data-enabled={enabled}
              className={cn(
                'relative flex flex-col gap-3 rounded-lg border border-t-4 border-slate-200 p-4',
                enabled ? ACCENTS[section.color] : 'border-t-slate-400',
                // Dimmed, with text that still reads at 4.5:1: grey background, stripe and icon.
                enabled ? 'bg-white shadow-sm' : 'bg-slate-100 [&_svg.accent]:text-slate-600',
                openable && 'hover:shadow-md',
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="flex min-w-0 items-center gap-2 font-semibold text-slate-900">
                  <Icon aria-hidden className="accent size-5 shrink-0" />
                  {openable ? (
                    // The whole card opens the tab; the switch sits above this button's area.
                    <button type="button" aria-label={title} onClick={() => onOpen(section.tab)} className="text-left after:absolute after:inset-0 after:content-['']">
                      <span className="hidden md:inline">{title}</span>
                      <span className="md:hidden">{t(`sections.${section.id}.short`)}</span>
                    </button>
                  ) : (
                    <span>
                      <span className="hidden md:inline">{title}</span>
                      <span className="md:hidden">{t(`sections.${section.id}.short`)}</span>
                    </span>
                  )}
                </h3>
                <Switch
                  checked={enabled}
                  disabled={section.alwaysEnabled}
                  aria-label={t('cards.toggle', { section: title })}
                  onCheckedChange={(on) => state.setPreference(section.id, on)}
                  className="relative z-10"
                />
              </div>
              <p className="text-sm text-slate-700">{t(`sections.${section.id}.description`)}</p>
              <p className="mt-auto text-sm font-medium text-slate-800">
                {t('cards.files', { count: sectionFileCount(state.info, section) })}
                {section.alwaysEnabled && <span className="ml-2 font-normal text-slate-700">· {t('cards.alwaysOn')}</span>}
                {enabled && !visibleTabs.includes(section.tab) && <span className="ml-2 font-normal text-slate-700">· {t('cards.notInProfile')}</span>}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
