// Fences and queues on modelled time, with a summary per fence (completed / signalled / in flight) that is
// always text, so the numbers that matter never depend on reading a chart. Dense traces are laid out once for
// the whole trace (the cursor layer draws the readouts); the summary comes from per-fence running values
// (layout/fenceQueue.ts `fenceRowsAt`), a binary search per fence on every cursor move.

import { useMemo, useState } from 'react';
import { fenceRowsAt, layoutFenceQueue, timedOutWaitsAt } from './layout/fenceQueue';
import { fmtMs } from './layout/format';
import { queryTableRows } from './layout/queryMarks';
import { sameSel } from './layout/shapes';
import { ChartView } from './render/ChartView';
import { useSettled } from './render/settle';
import { strings } from './strings';
import { DENSE_EVENTS, TABLE_LIMIT, type PanelProps } from './PanelProps';

export function FenceQueuePanel(p: PanelProps) {
  const s = strings(p.lang);
  const [domain, setDomain] = useState<[number, number] | null>(null);
  const dense = p.version > DENSE_EVENTS;
  // dense: laid out at the zoom once it rests; ChartView stretches the last drawing meanwhile (render/settle.ts)
  const laidDomain = useSettled(domain, dense);
  // the call the chart is laid out at: the cursor, or (dense) the end of the trace, so scrubbing reuses it
  const at = dense ? p.ix.maxCall : p.cursor;
  const layout = useMemo(
    () =>
      layoutFenceQueue(p.ix, at, {
        width: p.width,
        domain: laidDomain,
        selection: p.selection,
        withRows: p.table && !dense,
        split: dense,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- p.version stands for the trace's growth
    [p.ix, p.version, at, p.width, laidDomain, p.selection, p.table, dense],
  );
  // the table view of a dense trace is laid out at the cursor (only while it is open)
  const table = useMemo(
    () =>
      p.table && dense
        ? layoutFenceQueue(p.ix, p.cursor, { width: p.width, domain, selection: null, withRows: true })
        : layout,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- p.version stands for the trace's growth
    [p.ix, p.version, p.cursor, p.table, dense, layout],
  );
  const fences = useMemo(() => (dense ? fenceRowsAt(p.ix, p.cursor) : layout.fences), [p.ix, p.cursor, dense, layout]);
  const timedOut = dense ? timedOutWaitsAt(p.ix, p.cursor) : layout.waits.filter((w) => w.timedOut).length;
  return (
    <section className="panel" aria-label={s.tabs.fences} data-testid="panel-fences">
      <ul className="fence-summary">
        {fences.map((f) => (
          <li
            key={f.fence}
            data-fence={f.fence}
            data-fence-completed={String(f.completed)}
            data-fence-signalled={String(f.signalled)}
            data-in-flight={f.inFlight}
            className={sameSel(p.selection, { kind: 'fence', id: f.fence }) ? 'hl' : undefined}
          >
            <button type="button" className="link" onClick={() => p.onSelect({ kind: 'fence', id: f.fence })}>
              {f.label}
            </button>
            : completed <strong>{String(f.completed)}</strong>, signalled <strong>{String(f.signalled)}</strong>,{' '}
            {f.inFlight} in flight
          </li>
        ))}
        {timedOut > 0 && <li className="warn">⚠ {timedOut} wait(s) timed out (WAIT_TIMEOUT)</li>}
      </ul>
      {layout.fences.length + layout.queues.length + layout.waits.length === 0 ? (
        <p className="muted">{s.noData}</p>
      ) : (
        <ChartView
          dense={dense}
          id="fences"
          title={s.tabs.fences}
          chart={layout.chart}
          axis={layout.axis}
          domain={domain}
          onDomain={setDomain}
          selection={p.selection}
          onPick={p.onSelect}
          cursor={dense ? p.cursor : undefined}
          overlay={dense ? layout.overlay : undefined}
        />
      )}
      {p.table && (
        <table className="panel-table" data-testid="fences-table">
          <caption>{table.chart.label}</caption>
          <thead>
            <tr>
              <th scope="col">timeline</th>
              <th scope="col">what</th>
              <th scope="col">start</th>
              <th scope="col">end</th>
              <th scope="col">call</th>
            </tr>
          </thead>
          <tbody>
            {table.waits.slice(-TABLE_LIMIT).map((w) => (
              <tr key={`w${w.call}`} data-wait={w.call}>
                <td>CPU</td>
                <td>WaitForSingleObject{w.timedOut ? ' — timed out' : ''}</td>
                <td>{fmtMs(w.start)}</td>
                <td>{fmtMs(w.end)}</td>
                <td>{w.call}</td>
              </tr>
            ))}
            {table.queues.flatMap((q) =>
              q.intervals.slice(-TABLE_LIMIT).map((g) => (
                <tr key={`q${q.queue}:${g.submit}`} data-queue={q.queue}>
                  <td>{q.label}</td>
                  <td>
                    command lists {g.lists.map((l) => `#${l}`).join(', ')}
                    {g.running ? ' (running)' : ''}
                  </td>
                  <td>{fmtMs(g.start)}</td>
                  <td>{fmtMs(g.end)}</td>
                  <td>{g.submit}</td>
                </tr>
              )),
            )}
            {table.queues.flatMap((q) =>
              queryTableRows(p.ix, q.queue, p.cursor).map((r) => (
                <tr key={r.key} data-query-row={r.key}>
                  <td>{q.label}</td>
                  <td>{r.what}</td>
                  <td>{fmtMs(r.start)}</td>
                  <td>{fmtMs(r.end)}</td>
                  <td />
                </tr>
              )),
            )}
            {table.fences.flatMap((f) =>
              f.ring.map((r) => (
                <tr key={`f${f.fence}:${r.slot}`} data-slot={r.slot}>
                  <td>{f.label} frame ring</td>
                  <td>
                    slot {r.slot}: value {String(r.value)} {r.status}
                  </td>
                  <td />
                  <td />
                  <td />
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
