// Resource-state swimlanes. Lanes are virtualised: a scroll box with a spacer as tall as every lane, and the
// chart laid out only for the lanes in view (render graphs create thousands of transient resources).
// Dense traces are laid out once for the whole trace (every lane, the future veiled by the chart's cursor
// layer); lesson-sized ones at the cursor (lanes of resources not yet created are absent).

import { useMemo, useState } from 'react';
import { laneStateAt, layoutStateHistory, recordedLaneStateAt } from './layout/stateHistory';
import { stateName } from './layout/format';
import type { XMode } from './layout/timeAxis';
import { sameSel } from './layout/shapes';
import { ChartView } from './render/ChartView';
import { XAxisChoice } from './XAxisChoice';
import { useSettled } from './render/settle';
import { strings } from './strings';
import { toggled } from '../toggled';
import { DENSE_EVENTS, type PanelProps } from './PanelProps';

const VIEW_LANES = 24;

export function StateHistoryPanel(p: PanelProps) {
  const s = strings(p.lang);
  const [mode, setMode] = useState<XMode>('call');
  const [domains, setDomains] = useState<Record<XMode, [number, number] | null>>({ call: null, time: null });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [rowStart, setRowStart] = useState(0);
  const domain = domains[mode];
  const dense = p.version > DENSE_EVENTS;
  // dense: laid out at the zoom once it rests; ChartView stretches the last drawing meanwhile (render/settle.ts)
  const laidDomain = useSettled(domains, dense)[mode];
  // the call the chart is laid out at: the cursor, or (dense) the end of the trace, so scrubbing reuses it
  const at = dense ? p.ix.maxCall : p.cursor;
  const layout = useMemo(
    () =>
      layoutStateHistory(p.ix, at, {
        width: p.width,
        mode,
        domain: laidDomain,
        selection: p.selection,
        expanded,
        rowStart,
        rowCount: VIEW_LANES,
        split: dense,
        rowLabels: s.rowLabels,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- p.version stands for the trace's growth
    [p.ix, p.version, at, p.width, mode, laidDomain, p.selection, expanded, rowStart, dense, s.rowLabels],
  );
  // each lane's state as of the cursor for the table: a binary search per lane in view (dense), or the layout's
  const laneState = (l: (typeof layout.lanes)[number]) => (dense ? laneStateAt(p.ix, l, p.cursor) : l.state);
  const laneRecorded = (l: (typeof layout.lanes)[number]) =>
    dense
      ? recordedLaneStateAt(p.ix, l, p.cursor)
      : l.recorded === null
        ? null
        : { state: l.recorded, list: l.recordedList };
  const toggle = (res: number) => setExpanded((old) => toggled(old, res));
  const scrollable = layout.totalLanes > VIEW_LANES;
  return (
    <section className="panel" aria-label={s.tabs.states} data-testid="panel-states">
      <div className="panel-head">
        <XAxisChoice name="state-x" mode={mode} onMode={setMode} labels={s} />
        <span className="legend">
          ▲ {s.glyphs.barrier} <span className="promo">●</span> {s.glyphs.promotion} <span className="decay">◆</span>{' '}
          {s.glyphs.decay} <span className="pin">⬤</span> {s.glyphs.message}
        </span>
        <span className="legend" data-testid="states-rows-legend">
          {s.rowsLegend}
        </span>
        {scrollable && (
          <label className="lane-range">
            lanes {rowStart + 1}–{Math.min(layout.totalLanes, rowStart + VIEW_LANES)} of {layout.totalLanes}
            <input
              type="range"
              min={0}
              max={Math.max(0, layout.totalLanes - VIEW_LANES)}
              value={rowStart}
              onChange={(e) => setRowStart(Number(e.target.value))}
              aria-label="first lane shown"
            />
          </label>
        )}
      </div>
      {layout.lanes.some((l) => l.sub === null && l.subCount > 1) && (
        <ul className="lane-controls" aria-label={s.expand}>
          {layout.lanes
            .filter((l) => l.sub === null && l.subCount > 1)
            .map((l) => (
              <li key={l.res}>
                <button
                  type="button"
                  aria-expanded={expanded.has(l.res)}
                  onClick={() => toggle(l.res)}
                  data-expand={l.res}
                >
                  {expanded.has(l.res) ? '▾' : '▸'} {l.label} · {l.subCount} {s.expand}
                </button>
              </li>
            ))}
        </ul>
      )}
      {layout.totalLanes === 0 ? (
        <p className="muted">{s.noData}</p>
      ) : (
        <div
          className="lanes"
          onWheel={
            scrollable
              ? (e) => {
                  if (!e.ctrlKey)
                    setRowStart((r) =>
                      Math.max(0, Math.min(layout.totalLanes - VIEW_LANES, r + Math.sign(e.deltaY) * 3)),
                    );
                }
              : undefined
          }
        >
          <ChartView
            dense={dense}
            id="states"
            title={s.tabs.states}
            chart={layout.chart}
            axis={layout.axis}
            domain={domain}
            onDomain={(d) => setDomains((old) => ({ ...old, [mode]: d }))}
            selection={p.selection}
            onPick={p.onSelect}
            cursor={dense ? p.cursor : undefined}
            overlay={dense ? layout.overlay : undefined}
          />
        </div>
      )}
      {p.table && (
        <table className="panel-table" data-testid="states-table">
          <caption>
            {dense
              ? `Resource states as of call ${p.cursor}: lanes ${rowStart + 1}–${rowStart + layout.lanes.length} of ${layout.totalLanes}`
              : layout.chart.label}
          </caption>
          <thead>
            <tr>
              <th scope="col">resource</th>
              <th scope="col">subresource</th>
              <th scope="col">{s.recordedCol(p.cursor)}</th>
              <th scope="col">{s.queueCol(p.cursor)}</th>
            </tr>
          </thead>
          <tbody>
            {layout.lanes.map((l) => {
              const state = laneState(l);
              const rec = laneRecorded(l);
              return (
                <tr
                  key={`${l.res}:${l.sub}`}
                  data-resource={l.res}
                  data-sub={l.sub ?? 'all'}
                  aria-selected={sameSel(p.selection, { kind: 'resource', id: l.res })}
                  data-state={
                    state === null ? '' : state < 0 ? 'MIXED' : stateName(state).replace('D3D12_RESOURCE_STATE_', '')
                  }
                  data-recorded-state={
                    rec === null
                      ? ''
                      : rec.state < 0
                        ? 'MIXED'
                        : stateName(rec.state).replace('D3D12_RESOURCE_STATE_', '')
                  }
                  data-recorded-by={rec === null ? '' : (rec.list ?? 'queue')}
                >
                  <td>
                    <button type="button" className="link" onClick={() => p.onSelect({ kind: 'resource', id: l.res })}>
                      {l.label.trim()}
                    </button>
                  </td>
                  <td>{l.sub ?? `all (${l.subCount})`}</td>
                  <td>
                    {rec === null
                      ? '—'
                      : `${rec.state < 0 ? s.subsDiffer : stateName(rec.state)}${rec.list === null ? ` ${s.followsQueue}` : ` ${s.byList(rec.list)}`}`}
                  </td>
                  <td>
                    {state === null ? '— (not created yet)' : state < 0 ? 'subresources differ' : stateName(state)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
