// The time cursor: a labelled range input (arrows, Page Up/Down, Home/End work natively when it has focus)
// with step buttons. Every panel shows the machine "as of call N".

import { useId } from 'react';
import { strings, type Lang } from './strings';

export function Scrubber({
  cursor,
  max,
  onCursor,
  lang,
}: {
  cursor: number;
  max: number;
  onCursor(n: number): void;
  lang: Lang;
}) {
  const s = strings(lang);
  const id = useId();
  const go = (n: number) => onCursor(Math.max(0, Math.min(max, n)));
  return (
    <div className="scrubber" data-testid="scrubber">
      <button type="button" onClick={() => go(0)} aria-label="first call (Home)">
        «
      </button>
      <button type="button" onClick={() => go(cursor - 1)} aria-label="previous call (←)">
        ◀
      </button>
      <label htmlFor={id} className="sr-only">
        {s.cursor}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={max}
        step={1}
        value={cursor}
        onChange={(e) => go(Number(e.target.value))}
        aria-valuetext={s.callOf(cursor, max)}
        data-testid="cursor-range"
      />
      <button type="button" onClick={() => go(cursor + 1)} aria-label="next call (→)">
        ▶
      </button>
      <button type="button" onClick={() => go(max)} aria-label="last call (End)">
        »
      </button>
      <output htmlFor={id} data-testid="cursor-label" aria-live="off">
        {s.callOf(cursor, max)}
      </output>
    </div>
  );
}
