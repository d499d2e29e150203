import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../components/ui/cn';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

interface TabsProps<T extends string> {
  label: string;
  tabs: TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab in the Tab order, arrow keys, Home
 * and End move between tabs. The panel is rendered by the caller for the selected tab; its data is
 * already loaded, so switching never waits for the network.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: TabsProps<T>) {
  const base = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (id: T) => `${base}-tab-${id}`;

  function move(event: KeyboardEvent, index: number): void {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[next]!;
    onSelect(target.id);
    refs.current.get(target.id)?.focus();
  }

  return (
    <div className="space-y-4">
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {tabs.map((tab, index) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) refs.current.set(tab.id, node);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={active}
              aria-controls={`${base}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(event) => move(event, index)}
              className={cn(
                'min-h-10 rounded-md px-3 py-2 text-sm font-medium',
                active ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-700 hover:bg-white/70 hover:text-slate-900',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={tabId(selected)} tabIndex={0} className="rounded-lg">
        {children}
      </div>
    </div>
  );
}
