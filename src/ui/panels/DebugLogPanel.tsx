// The debug log: every message as of the cursor (each an element with data-message-id and data-severity, the
// automation contract), filters by severity and ID, and "break on": run the cursor to the next message of at
// least the chosen severity. Long logs show a window of rows, newest at the bottom, like the real output pane.
// Rows are formatted once per (trace length, filter, language); a cursor move cuts them by binary search and
// re-renders only the rows whose props changed (memoised LogRowItem).

import { memo, useCallback, useMemo, useState } from 'react';
import type { MessageSeverity } from '../../core';
import { debugLogAt, findBreak, logRows, SEVERITIES, type LogRow } from './layout/debugLog';
import { SEVERITY_COLOR } from './layout/palette';
import { sameSel } from './layout/shapes';
import { strings } from './strings';
import { TABLE_LIMIT, type PanelProps } from './PanelProps';
import { toggled } from '../toggled';

const ICON: Record<MessageSeverity, string> = { CORRUPTION: '‼', ERROR: '✖', WARNING: '⚠', INFO: 'ℹ', MESSAGE: '·' };

export function DebugLogPanel(p: PanelProps & { onBreak?(callIndex: number): void }) {
  const s = strings(p.lang);
  const [severities, setSeverities] = useState<ReadonlySet<MessageSeverity>>(new Set(SEVERITIES));
  const [id, setId] = useState<string | null>(null);
  const [breakOn, setBreakOn] = useState<MessageSeverity>('ERROR');
  const all = useMemo(
    () => logRows(p.ix, { severities, id, lang: p.lang }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- p.version stands for the trace's growth
    [p.ix, p.version, severities, id, p.lang],
  );
  const log = useMemo(() => debugLogAt(p.ix, all, p.cursor), [p.ix, all, p.cursor]);
  const next = findBreak(p.ix, p.cursor + 1, breakOn);
  const run = () => {
    if (next === null) return;
    p.onCursor(next);
    p.onBreak?.(next);
  };
  const toggle = useCallback((sev: MessageSeverity) => setSeverities((old) => toggled(old, sev)), []);
  // The filters change with their counts and ids, which move at a few calls of a trace: kept as they are at the
  // other cursor steps (React rewrites a re-rendered input's name and type, 5 checkboxes and 2 selects a frame while
  // lesson 21 plays). The keys stand for the cursor's counts and ids.
  const countsKey = SEVERITIES.map((sev) => log.counts[sev]).join(' ');
  const idsKey = log.ids.join('\n');
  const filters = useMemo(
    () => (
      <>
        <fieldset className="inline">
          <legend>{s.severity}</legend>
          {SEVERITIES.map((sev) => (
            <label key={sev} style={{ color: SEVERITY_COLOR[sev] }}>
              <input type="checkbox" checked={severities.has(sev)} onChange={() => toggle(sev)} /> {ICON[sev]} {sev} (
              {log.counts[sev]})
            </label>
          ))}
        </fieldset>
        <label>
          {s.messageId}{' '}
          <select value={id ?? ''} onChange={(e) => setId(e.target.value || null)}>
            <option value="">{s.allIds}</option>
            {log.ids.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label>
          {s.breakOn}{' '}
          <select
            value={breakOn}
            onChange={(e) => setBreakOn(e.target.value as MessageSeverity)}
            data-testid="break-severity"
          >
            {SEVERITIES.map((sev) => (
              <option key={sev} value={sev}>
                {sev}
              </option>
            ))}
          </select>
        </label>
      </>
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- countsKey and idsKey stand for log.counts and log.ids
    [s, severities, toggle, countsKey, idsKey, id, breakOn],
  );
  const shown = log.rows.slice(-TABLE_LIMIT);
  return (
    <section className="panel" aria-label={s.tabs.log} data-testid="panel-log">
      <div className="panel-head">
        {filters}
        <button type="button" onClick={run} disabled={next === null} data-testid="break-next">
          {s.nextMessage} {breakOn}
          {next !== null ? ` (call ${next})` : ''}
        </button>
      </div>
      {log.rows.length === 0 ? (
        <p className="muted">{s.noData}</p>
      ) : (
        <ol className="log" aria-label={s.tabs.log} data-count={log.rows.length}>
          {log.rows.length > shown.length && <li className="muted">… {log.rows.length - shown.length} earlier</li>}
          {shown.map((r) => (
            <LogRowItem
              key={r.seq}
              r={r}
              selected={sameSel(p.selection, { kind: 'message', id: r.seq })}
              current={r.call === p.cursor}
              onSelect={p.onSelect}
              onCursor={p.onCursor}
            />
          ))}
        </ol>
      )}
      {log.later > 0 && <p className="muted">{s.later(log.later)}</p>}
    </section>
  );
}

/** One message; memoised so a cursor move re-renders only the rows that appear, disappear or become current. */
const LogRowItem = memo(function LogRowItem({
  r,
  selected,
  current,
  onSelect,
  onCursor,
}: {
  r: LogRow;
  selected: boolean;
  current: boolean;
  onSelect: PanelProps['onSelect'];
  onCursor: PanelProps['onCursor'];
}) {
  return (
    <li
      data-message-id={r.id}
      data-severity={r.severity}
      data-call={r.call}
      data-category={r.category}
      className={`log-row sev-${r.severity.toLowerCase()}${selected ? ' hl' : ''}`}
      aria-current={current ? 'step' : undefined}
    >
      <span className="sev" style={{ color: SEVERITY_COLOR[r.severity] }}>
        {ICON[r.severity]} {r.severity}
      </span>{' '}
      <button type="button" className="link msg-id" onClick={() => onSelect({ kind: 'message', id: r.seq })}>
        D3D12_MESSAGE_ID_{r.id}
      </button>{' '}
      <span className="cat">[{r.category}]</span> <span className="text">{r.text}</span>{' '}
      <button
        type="button"
        className="link call"
        onClick={() => {
          onCursor(r.call);
          onSelect({ kind: 'call', id: r.call });
        }}
      >
        call {r.call}: {r.api}
      </button>
    </li>
  );
});
