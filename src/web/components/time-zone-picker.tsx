import { Check, ChevronDown } from 'lucide-react';
import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../lib/utils';
import { filterTimeZones, timeZoneLabel, timeZoneOptions } from '../lib/time-zones';

type Props = {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  'aria-describedby'?: string;
};

/**
 * A searchable time-zone list (an ARIA combobox): type a city, region or zone id; the United States' zones come
 * first. Arrow keys move, Enter picks, Escape closes and keeps the saved choice.
 */
export function TimeZonePicker({ id, value, onChange, onBlur, invalid, ...aria }: Props) {
  const options = useMemo(() => timeZoneOptions(value), [value]);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = `${id}-list`;
  const shown = useMemo(() => filterTimeZones(options, query), [options, query]);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const openList = () => {
    setQuery('');
    setActive(Math.max(0, options.findIndex((o) => o.zone === value)));
    setOpen(true);
  };
  const pick = (zone: string) => {
    onChange(zone);
    setOpen(false);
    setQuery('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return openList();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(shown.length - 1, 0)));
    } else if (e.key === 'Enter') {
      if (open) {
        e.preventDefault();
        if (shown[active]) pick(shown[active].zone);
      }
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setQuery('');
    }
  };

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={aria['aria-describedby']}
        placeholder={open ? 'Search by city or region, e.g. Chicago' : undefined}
        value={open ? query : timeZoneLabel(value)}
        onFocus={openList}
        onClick={() => !open && openList()}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setQuery('');
          onBlur?.();
        }}
        className="flex h-10 w-full rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-9 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/30 aria-invalid:border-red-500"
      />
      <ChevronDown className="pointer-events-none absolute right-3 top-3 size-4 text-slate-400" aria-hidden="true" />
      {open && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Time zones"
          className="absolute z-50 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {shown.length === 0 && <li className="px-3 py-2 text-slate-500">No time zone matches “{query}”.</li>}
          {shown.map((o, i) => (
            <Fragment key={o.zone}>
              {(i === 0 || shown[i - 1].group !== o.group) && (
                <li className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500" aria-hidden="true">
                  {o.group}
                </li>
              )}
              <li
                id={`${listId}-${i}`}
                role="option"
                aria-selected={o.zone === value}
                data-index={i}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(o.zone)}
                onMouseMove={() => setActive(i)}
                className={cn('flex cursor-pointer items-center gap-2 px-3 py-2 text-slate-900', i === active && 'bg-brand-50')}
              >
                <Check className={cn('size-4 shrink-0 text-brand-600', o.zone !== value && 'invisible')} aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{o.label}</span>
                <span className="hidden shrink-0 text-xs text-slate-600 sm:inline">{o.zone}</span>
              </li>
            </Fragment>
          ))}
        </ul>
      )}
    </div>
  );
}
