// The event list: calls grouped by command-list recording and BeginEvent/EndEvent markers, collapsible, a
// window of rows around the cursor. Clicking a call moves the cursor there and selects it (PIX's habit).

import { useEffect, useMemo, useRef, useState } from 'react';
import { eventRows, rowOfCall, visibleRows } from './layout/eventList';
import { sameSel } from './layout/shapes';
import { strings } from './strings';
import { queryStrings } from './queryStrings';
import type { PanelProps } from './PanelProps';

const WINDOW = 60;

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
  const toggle = (key: string) =>
    setCollapsed((old) => {
      const n = new Set(old);
      if (n.has(key)) n.delete(key);
      else n.add(key);
      return n;
    });
  return (
    <section className="panel" aria-label={s.tabs.events} data-testid="panel-events">
      <p className="muted">
        rows {start + 1}–{start + shown.length} of {rows.length} (the window follows the cursor)
      </p>
      <ul className="events" role="tree" aria-label={s.tabs.events}>
        {shown.map((r, k) => {
          const key = jumped ? `w${k}` : r.key;
          const future = r.i > p.cursor;
          if (r.kind !== 'call') {
            const open = !collapsed.has(r.key);
            return (
              <li
                key={key}
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
                <button type="button" className="link" onClick={() => toggle(r.key)}>
                  {open ? '▾' : '▸'} {r.kind === 'marker' ? `◆ ${r.label}` : r.label}
                </button>
                {r.kind === 'bundle' ? (
                  <span className="muted ev-note" data-inherits={r.inherits?.join(',')} data-sets={r.sets?.join(',')}>
                    {' '}
                    — {qs.inherits}: {r.inherits?.join(', ') || qs.nothing}; {qs.ownState}:{' '}
                    {r.sets?.join(', ') || qs.nothing}
                  </span>
                ) : (
                  <span className="muted">
                    {' '}
                    calls {r.i}–{r.end}
                  </span>
                )}
              </li>
            );
          }
          // a bundle's call under ExecuteBundle (layout/bundleRows.ts) steps to the call where the bundle recorded it
          const target = r.origin ?? r.i;
          const current = target === p.cursor;
          const sel = { kind: 'call' as const, id: target };
          const args = r.args; // summarised now, for the rows shown (layout/eventList.ts CallRow)
          const failed = r.hr && r.hr !== 'S_OK' && r.hr !== 'S_FALSE' && r.hr !== 'WAIT_OBJECT_0';
          return (
            <li
              key={key}
              role="treeitem"
              aria-level={r.depth + 1}
              aria-selected={sameSel(p.selection, sel)}
              aria-current={current ? 'step' : undefined}
              className={`ev-call${r.origin !== undefined ? ' ev-bundle-call' : ''}${future ? ' future' : ''}${current ? ' current' : ''}${sameSel(p.selection, sel) ? ' hl' : ''}`}
              style={{ paddingLeft: r.depth * 14 }}
              data-call={r.origin === undefined ? r.i : undefined}
              data-bundle-call={r.origin}
              data-api={r.api}
            >
              <button
                type="button"
                className="link"
                onClick={() => {
                  p.onCursor(target);
                  p.onSelect(sel);
                }}
              >
                <span className="ev-i">{target}</span> {r.api}
              </button>
              {args && <span className="ev-args"> ({args})</span>}
              {r.hr && <span className={failed ? 'ev-hr bad' : 'ev-hr'}> → {r.hr}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
