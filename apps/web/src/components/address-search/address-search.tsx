import { Loader2, MapPin, Search } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_SEARCH_MIN_LENGTH, formatSwissAddress, type AddressSuggestion } from '@taxli/domain';
import { ApiError } from '../../lib/api-client';
import { toast } from '../ui/toast-store';
import { addressFieldsOf, useAddressSuggestions, type AddressFields } from './search-addresses';

/** The text typed, passed on once the user has paused for 500 ms (part 2 §5). */
function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Why the suggestions did not come: the search is off (503), busy (429, too many waiting), or failed. */
function failureText(error: Error): 'search.unavailable' | 'search.busy' | 'search.failed' {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'ADDRESS_LOOKUP_UNAVAILABLE') return 'search.unavailable';
  if (code === 'ADDRESS_LOOKUP_BUSY') return 'search.busy';
  return 'search.failed';
}

interface AddressSearchProps {
  /** Called with the chosen suggestion's fields (and the suggestion itself). */
  onSelect: (fields: AddressFields, suggestion: AddressSuggestion) => void;
}

/**
 * The Swiss address search of the wizard's address step and the address demo (part 2 §2, §5, D9):
 * a combobox that asks the server after 3 characters and a 500 ms pause, lists up to 5
 * suggestions (arrow keys, Enter to choose, Escape to close), and fills the address fields.
 */
export function AddressSearch({ onSelect }: AddressSearchProps) {
  const { t } = useTranslation('address');
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebounced(text, ADDRESS_SEARCH_DEBOUNCE_MS);
  const long = debounced.trim().length >= ADDRESS_SEARCH_MIN_LENGTH;
  const search = useAddressSuggestions(debounced);
  const suggestions = long ? (search.data ?? []) : [];
  const expanded = open && suggestions.length > 0;

  // A new answer starts without an active option.
  const [seen, setSeen] = useState(search.data);
  if (seen !== search.data) {
    setSeen(search.data);
    setActive(-1);
  }

  const choose = (suggestion: AddressSuggestion) => {
    onSelect(addressFieldsOf(suggestion), suggestion);
    setText(formatSwissAddress(suggestion));
    setOpen(false);
    setActive(-1);
    toast({ title: t('search.selectedTitle'), description: t('search.selectedDescription'), variant: 'success' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter') {
      // Enter chooses; it never submits the surrounding form while the list is open.
      if (!expanded) return;
      event.preventDefault();
      const suggestion = suggestions[active] ?? (suggestions.length === 1 ? suggestions[0] : undefined);
      if (suggestion) choose(suggestion);
    } else if (event.key === 'Escape') {
      if (!expanded) return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  let status: { text: string; tone: 'info' | 'error' } | null = null;
  if (long && search.isFetching) status = { text: t('search.searching'), tone: 'info' };
  else if (long && search.isError) status = { text: t(failureText(search.error)), tone: 'error' };
  else if (long && search.isSuccess && suggestions.length === 0) status = { text: t('search.noResults'), tone: 'error' };
  else if (expanded) status = { text: t('search.results', { count: suggestions.length }), tone: 'info' };

  return (
    <div className="relative space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t('search.label')}
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={hintId}
          autoComplete="off"
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
          className="block w-full rounded-md border border-slate-300 bg-white py-2 pr-9 pl-9 text-base text-slate-900 placeholder:text-slate-500"
        />
        {long && search.isFetching && (
          <Loader2 aria-hidden className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-slate-500" />
        )}
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {t('search.hint')}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.listLabel')}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
      >
        {expanded &&
          suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.displayName}-${index}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Keeps the focus in the input, so the choice does not close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
              onMouseMove={() => setActive(index)}
              className={`flex cursor-pointer items-start gap-2 px-3 py-2 text-sm ${index === active ? 'bg-brand-600 text-white' : 'text-slate-900'}`}
            >
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
              {/* "Seestrasse 120, 8800 Thalwil", not the geocoder's raw display name (issue 28). */}
              <span className="break-words">{formatSwissAddress(suggestion)}</span>
            </li>
          ))}
      </ul>
      <p role="status" className={status?.tone === 'error' ? 'text-sm text-red-700' : 'sr-only'}>
        {status?.text}
      </p>
    </div>
  );
}
