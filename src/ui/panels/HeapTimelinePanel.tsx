// Heap timeline panel: the layout of layout/heapTimeline.ts with x switchable between call index and modelled
// time (each mode keeps its own zoom), and a table of every resource's placement as its text alternative.

import { useMemo, useState } from 'react';
import { layoutHeapTimeline } from './layout/heapTimeline';
import { fmtKiB, fmtOffset } from './layout/format';
import type { XMode } from './layout/timeAxis';
import { sameSel } from './layout/shapes';
import { ChartView, DENSE_EVENTS } from './render/ChartView';
import { strings } from './strings';
import { TABLE_LIMIT, type PanelProps } from './PanelProps';

export function HeapTimelinePanel(p: PanelProps) {
  const s = strings(p.lang);
  const [mode, setMode] = useState<XMode>('call');
  const [domains, setDomains] = useState<Record<XMode, [number, number] | null>>({ call: null, time: null });
  const domain = domains[mode];
  const layout = useMemo(
    () => layoutHeapTimeline(p.ix, p.cursor, { width: p.width, mode, domain, selection: p.selection, withRows: p.table }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- p.version stands for the trace's growth
    [p.ix, p.version, p.cursor, p.width, mode, domain, p.selection, p.table],
  );
  return (
    <section className="panel" aria-label={s.tabs.heap} data-testid="panel-heap">
      <div className="panel-head" role="radiogroup" aria-label="x axis">
        <label><input type="radio" name="heap-x" checked={mode === 'call'} onChange={() => setMode('call')} /> {s.xCall}</label>
        <label><input type="radio" name="heap-x" checked={mode === 'time'} onChange={() => setMode('time')} /> {s.xTime}</label>
        <span className="legend">
          <span className="sw sw-alias" /> aliased bytes <span className="sw sw-mapped" /> mapped (CPU access) <span className="sw sw-free" /> free <span className="sw sw-padding" /> alignment padding ▲ aliasing barrier
        </span>
      </div>
      {layout.bands.length === 0 ? <p className="muted">{s.noData}</p> : (
        <ChartView dense={p.version > DENSE_EVENTS} id="heap" title={s.tabs.heap} chart={layout.chart} axis={layout.axis} domain={domain}
          onDomain={(d) => setDomains((old) => ({ ...old, [mode]: d }))} selection={p.selection} onPick={p.onSelect} />
      )}
      {p.table && (
        <table className="panel-table" data-testid="heap-table">
          <caption>{layout.chart.label}</caption>
          <thead><tr><th scope="col">resource</th><th scope="col">heap</th><th scope="col">offset</th><th scope="col">size</th><th scope="col">lifetime (calls)</th><th scope="col">aliases</th><th scope="col">mapped now</th></tr></thead>
          <tbody>
            {layout.rows.slice(-TABLE_LIMIT).map((r) => (
              <tr key={r.res} data-resource={r.res} data-offset={r.offset} aria-selected={sameSel(p.selection, { kind: 'resource', id: r.res })}>
                <td><button type="button" className="link" onClick={() => p.onSelect({ kind: 'resource', id: r.res })}>{r.label}</button></td>
                <td>{r.band}</td><td>{fmtOffset(r.offset)}</td><td>{fmtKiB(r.size)}</td>
                <td>{r.created}–{r.freed ?? '…'}</td><td>{r.aliasedWith.map((a) => `#${a}`).join(', ') || '—'}</td><td>{r.mappedNow ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
