// The event list: calls grouped by command-list recording and BeginEvent/EndEvent markers, collapsible, a
// window of rows around the cursor. Clicking a call moves the cursor there and selects it (PIX's habit).

import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { eventRows, rowOfCall, visibleRows, type EventRow } from './layout/eventList';
import { sameSel } from './layout/shapes';
import { strings } from './strings';
import { useLatestCallback } from '../useLatestCallback';
import { toggled } from '../toggled';
import { queryStrings } from './queryStrings';
import type { PanelProps } from './PanelProps';

const WINDOW = 60;

type QueryStrings = ReturnType<typeof queryStrings>;

export function EventListPanel(p: PanelProps) {
  const s = strings(p.lang);
  const qs = queryStrings(p.lang);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(
    () => visibleRows(eventRows(p.ix), collapsed),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- p.version stands for the trace's growth
    [p.ix, p.version, collapsed],
  );
  const at = rowOfCall(rows, p.cursor);
  const start = Math.max(0, Math.min(rows.length - WINDOW, at - WINDOW / 2));
  const shown = rows.slice(start, start + WINDOW);
  // a jump of a whole window or more shares no row with the last one: key the rows by their place in the window so
  // React updates the 60 elements in place instead of removing and creating them all (scrubbing 1M events);
  // small moves keep each row's own key, so a row (and the focus in it) stays put while the window slides
  const lastStart = useRef(start);
  const jumped = Math.abs(start - lastStart.current) >= WINDOW;
  useEffect(() => {
    lastStart.current = start;
  });
  const toggle = useCallback((key: string) => setCollapsed((old) => toggled(old, key)), []);
  // the rows' click handler stays the same function across renders (the memoised rows then skip unchanged props)
  const pick = useLatestCallback((call: number) => {
    p.onCursor(call);
    p.onSelect({ kind: 'call', id: call });
  });
  return (
    <section className="panel" aria-label={s.tabs.events} data-testid="panel-events">
      <p className="muted">
        rows {start + 1}–{start + shown.length} of {rows.length} (the window follows the cursor)
      </p>
      <ul className="events" role="tree" aria-label={s.tabs.events}>
        {shown.map((r, k) => {
          // a bundle's call under ExecuteBundle (layout/bundleRows.ts) steps to the call where the bundle recorded it
          const target = r.origin ?? r.i;
          const isCall = r.kind === 'call';
          return (
            <RowItem
              key={jumped ? `w${k}` : r.key}
              r={r}
              future={r.i > p.cursor}
              current={isCall && target === p.cursor}
              selected={isCall && sameSel(p.selection, { kind: 'call', id: target })}
              open={isCall || !collapsed.has(r.key)}
              onToggle={toggle}
              onPick={pick}
              qs={qs}
            />
          );
        })}
      </ul>
    </section>
  );
}

// One row, memoised: a small cursor move re-renders only the rows whose "future"/"current" changed. Group and call
// rows are one component, so a jump that turns a group's slot into a call's reuses the <li> rather than removing it
// and making another. (The text keeps its pieces as they were: joining them into one text node shifts glyphs by a
// subpixel, which the visual baselines see.)
const RowItem = memo(function RowItem({
  r,
  future,
  current,
  selected,
  open,
  onToggle,
  onPick,
  qs,
}: {
  r: EventRow;
  future: boolean;
  current: boolean;
  selected: boolean;
  open: boolean;
  onToggle(key: string): void;
  onPick(call: number): void;
  qs: QueryStrings;
}) {
  if (r.kind !== 'call')
    return (
      <li
        role="treeitem"
        aria-expanded={open}
        aria-level={r.depth + 1}
        aria-selected={false}
        title={r.note}
        className={`ev-group ev-${r.kind}${future ? ' future' : ''}`}
        style={{ paddingLeft: r.depth * 14 }}
        data-group={r.kind}
        data-first-call={r.i}
      >
        <button type="button" className="link" onClick={() => onToggle(r.key)}>
          {open ? '▾' : '▸'} {r.kind === 'marker' ? `◆ ${r.label}` : r.label}
        </button>
        {r.kind === 'bundle' ? (
          <span className="muted ev-note" data-inherits={r.inherits?.join(',')} data-sets={r.sets?.join(',')}>
            {' '}
            — {qs.inherits}: {r.inherits?.join(', ') || qs.nothing}; {qs.ownState}: {r.sets?.join(', ') || qs.nothing}
          </span>
        ) : (
          <span className="muted">
            {' '}
            calls {r.i}–{r.end}
          </span>
        )}
      </li>
    );
  const target = r.origin ?? r.i;
  const args = r.args; // summarised now, for the rows shown (layout/callRow.ts CallRow)
  const failed = r.hr && r.hr !== 'S_OK' && r.hr !== 'S_FALSE' && r.hr !== 'WAIT_OBJECT_0';
  return (
    <li
      role="treeitem"
      aria-level={r.depth + 1}
      aria-selected={selected}
      aria-current={current ? 'step' : undefined}
      className={`ev-call${r.origin !== undefined ? ' ev-bundle-call' : ''}${future ? ' future' : ''}${current ? ' current' : ''}${selected ? ' hl' : ''}`}
      style={{ paddingLeft: r.depth * 14 }}
      data-call={r.origin === undefined ? r.i : undefined}
      data-bundle-call={r.origin}
      data-api={r.api}
    >
      <button type="button" className="link" onClick={() => onPick(target)}>
        <span className="ev-i">{target}</span> {r.api}
      </button>
      {args && <span className="ev-args"> ({args})</span>}
      {r.hr && <span className={failed ? 'ev-hr bad' : 'ev-hr'}> → {r.hr}</span>}
    </li>
  );
});
