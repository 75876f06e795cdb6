// Heap timeline panel: the layout of layout/heapTimeline.ts with x switchable between call index and modelled
// time (each mode keeps its own zoom), and a table of every resource's placement as its text alternative.
// Dense traces are laid out once for the whole trace (keyed on trace length, mode, zoom, width, selection) and
// the cursor is drawn by the chart's cursor layer; lesson-sized ones are laid out at the cursor.

import { useMemo, useState } from 'react';
import { heapRows, layoutHeapTimeline } from './layout/heapTimeline';
import { fmtKiB, fmtOffset } from './layout/format';
import type { XMode } from './layout/timeAxis';
import { sameSel } from './layout/shapes';
import { ChartView } from './render/ChartView';
import { XAxisChoice } from './XAxisChoice';
import { useSettled } from './render/settle';
import { strings } from './strings';
import { DENSE_EVENTS, TABLE_LIMIT, type PanelProps } from './PanelProps';

export function HeapTimelinePanel(p: PanelProps) {
  const s = strings(p.lang);
  const [mode, setMode] = useState<XMode>('call');
  const [domains, setDomains] = useState<Record<XMode, [number, number] | null>>({ call: null, time: null });
  const domain = domains[mode];
  const dense = p.version > DENSE_EVENTS;
  // dense: laid out at the zoom once it rests; ChartView stretches the last drawing meanwhile (render/settle.ts)
  const laidDomain = useSettled(domains, dense)[mode];
  // the call the chart is laid out at: the cursor, or (dense) the end of the trace, so scrubbing reuses it
  const at = dense ? p.ix.maxCall : p.cursor;
  const layout = useMemo(
    () =>
      layoutHeapTimeline(p.ix, at, {
        width: p.width,
        mode,
        domain: laidDomain,
        selection: p.selection,
        withRows: p.table && !dense,
        split: dense,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- p.version stands for the trace's growth
    [p.ix, p.version, at, p.width, mode, laidDomain, p.selection, p.table, dense],
  );
  // the table (text alternative) is always as of the cursor
  const rows = useMemo(
    () => (!p.table ? [] : dense ? heapRows(p.ix, p.cursor) : layout.rows),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- p.version stands for the trace's growth
    [p.ix, p.version, p.cursor, p.table, dense, layout],
  );
  return (
    <section className="panel" aria-label={s.tabs.heap} data-testid="panel-heap">
      <div className="panel-head" role="radiogroup" aria-label="x axis">
        <XAxisChoice name="heap-x" mode={mode} onMode={setMode} labels={s} />
        <span className="legend">
          <span className="sw sw-alias" /> aliased bytes <span className="sw sw-mapped" /> mapped (CPU access){' '}
          <span className="sw sw-free" /> free <span className="sw sw-padding" /> alignment padding ▲ aliasing barrier
        </span>
      </div>
      {layout.bands.length === 0 ? (
        <p className="muted">{s.noData}</p>
      ) : (
        <ChartView
          dense={dense}
          id="heap"
          title={s.tabs.heap}
          chart={layout.chart}
          axis={layout.axis}
          domain={domain}
          onDomain={(d) => setDomains((old) => ({ ...old, [mode]: d }))}
          selection={p.selection}
          onPick={p.onSelect}
          cursor={dense ? p.cursor : undefined}
          overlay={dense ? layout.overlay : undefined}
        />
      )}
      {p.table && (
        <table className="panel-table" data-testid="heap-table">
          <caption>{dense ? `Heap placements as of call ${p.cursor}` : layout.chart.label}</caption>
          <thead>
            <tr>
              <th scope="col">resource</th>
              <th scope="col">heap</th>
              <th scope="col">offset</th>
              <th scope="col">size</th>
              <th scope="col">lifetime (calls)</th>
              <th scope="col">aliases</th>
              <th scope="col">mapped now</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(-TABLE_LIMIT).map((r) => (
              <tr
                key={r.res}
                data-resource={r.res}
                data-offset={r.offset}
                aria-selected={sameSel(p.selection, { kind: 'resource', id: r.res })}
              >
                <td>
                  <button type="button" className="link" onClick={() => p.onSelect({ kind: 'resource', id: r.res })}>
                    {r.label}
                  </button>
                </td>
                <td>{r.band}</td>
                <td>{fmtOffset(r.offset)}</td>
                <td>{fmtKiB(r.size)}</td>
                <td>
                  {r.created}–{r.freed ?? '…'}
                </td>
                <td>{r.aliasedWith.map((a) => `#${a}`).join(', ') || '—'}</td>
                <td>{r.mappedNow ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
