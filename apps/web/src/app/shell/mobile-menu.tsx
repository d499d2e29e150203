import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Globe, LogOut, Menu } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANGUAGES } from '@taxli/domain';
import { changeLanguage } from '../../lib/i18n';
import type { NavItem } from './nav-items';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-slate-900 outline-none data-[highlighted]:bg-brand-50';

interface MobileMenuProps {
  items: NavItem[];
  /** Hides the menu where the header goes inline ('md:hidden' or 'lg:hidden'). */
  className: string;
  onLogout: () => void;
  logoutPending: boolean;
}

/** On narrow screens: one menu with the pages, the language switcher and Logout (part 1 §2). */
export function MobileMenu({ items, className, onLogout, logoutPending }: MobileMenuProps) {
  const { t, i18n } = useTranslation('common');
  const navigate = useNavigate();
  // After choosing a page the new page's heading takes the focus (app/page-change); the menu must not
  // hand it back to its button as it closes, which it may do after the heading got it.
  const choseAPage = useRef(false);
  const openPage = (to: string) => {
    choseAPage.current = true;
    void navigate(to);
  };
  // Radix's menu mounts on the first press or focus, not with the page: its trigger sets state as it
  // mounts (the popper's anchor, in a ref callback), and such a change makes React run every effect
  // of the page within the commit's own task, one long task on a phone (docs/performance.md, "Lighthouse, mobile"). Until then a plain
  // button that looks and reads the same stands in. Focused (the keyboard's way), it hands the focus
  // to Radix's trigger, so the keys work as Radix's do; pressed, it opens the menu.
  const [open, setOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const focusTrigger = useRef(false);
  useEffect(() => {
    if (!menuMounted || !focusTrigger.current) return;
    focusTrigger.current = false;
    trigger.current?.focus();
  }, [menuMounted]);
  const openMenu = () => {
    setMenuMounted(true);
    setOpen(true);
  };
  const triggerClass = 'inline-flex min-h-10 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100';
  const standIn = (
    <button
      type="button"
      aria-label={t('nav.menu')}
      aria-haspopup="menu"
      aria-expanded={false}
      className={triggerClass}
      onFocus={() => {
        focusTrigger.current = true;
        setMenuMounted(true);
      }}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        openMenu();
        // As Radix's trigger does: no focus change follows the press. On a touch screen the tap's
        // mouse events come after the menu has opened, and the focus moving to the button under the
        // finger (by then Radix's trigger) counted as a focus outside the menu and closed it.
        event.preventDefault();
      }}
      onKeyDown={(event) => {
        if (!['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
        event.preventDefault();
        openMenu();
      }}
      onClick={openMenu}
    >
      <Menu aria-hidden className="size-5" />
    </button>
  );
  const radixMenu = (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable
    // (axe: aria-hidden-focus). Escape, outside clicks and arrow keys work the same.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger ref={trigger} aria-label={t('nav.menu')} className={triggerClass}>
        <Menu aria-hidden className="size-5" />
      </DropdownMenu.Trigger>
      {/* Only while open, for the same reason as the dialogs' (components/ui/dialog.tsx). No portal: in place, the menu stays inside the nav landmark. */}
      {open && (
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          onCloseAutoFocus={(event) => {
            if (choseAPage.current) event.preventDefault();
            choseAPage.current = false;
          }}
        >
          {items
            .filter((item) => item.inMobileMenu)
            .map((item) => (
              <DropdownMenu.Item key={item.to} className={itemClass} onSelect={() => openPage(item.to)}>
                {t(item.labelKey)}
              </DropdownMenu.Item>
            ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {/* Inline rather than a submenu: a flyout has no room beside the menu on a phone. */}
          <DropdownMenu.Label className="flex items-center gap-2 px-2 py-1 text-xs font-semibold text-slate-600">
            <Globe aria-hidden className="size-4" />
            {t('language.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={i18n.language} onValueChange={(code) => changeLanguage(code)}>
            {LANGUAGES.filter((language) => language.active).map((language) => (
              <DropdownMenu.RadioItem
                key={language.code}
                value={language.code}
                lang={language.code === 'gsw' ? 'de-CH' : language.code}
                className={`${itemClass} justify-between`}
              >
                {language.name}
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden className="size-4" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} disabled={logoutPending} onSelect={onLogout}>
            <LogOut aria-hidden className="size-4" />
            {t('actions.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      )}
    </DropdownMenu.Root>
  );
  // The menu's pages are the main navigation on a phone: button and open menu sit in that landmark
  // (the inline one is hidden at these widths), not loose in the page's body (axe: region).
  return (
    <nav aria-label={t('nav.label')} className={className}>
      {menuMounted ? radixMenu : standIn}
    </nav>
  );
}
