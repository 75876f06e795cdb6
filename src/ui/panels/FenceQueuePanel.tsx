// Fences and queues on modelled time, with a summary per fence (completed / signalled / in flight) that is
// always text, so the numbers that matter never depend on reading a chart.

import { useMemo, useState } from 'react';
import { layoutFenceQueue } from './layout/fenceQueue';
import { fmtMs } from './layout/format';
import { sameSel } from './layout/shapes';
import { ChartView, DENSE_EVENTS } from './render/ChartView';
import { strings } from './strings';
import { TABLE_LIMIT, type PanelProps } from './PanelProps';

export function FenceQueuePanel(p: PanelProps) {
  const s = strings(p.lang);
  const [domain, setDomain] = useState<[number, number] | null>(null);
  const layout = useMemo(
    () => layoutFenceQueue(p.ix, p.cursor, { width: p.width, domain, selection: p.selection, withRows: p.table }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- p.version stands for the trace's growth
    [p.ix, p.version, p.cursor, p.width, domain, p.selection, p.table],
  );
  return (
    <section className="panel" aria-label={s.tabs.fences} data-testid="panel-fences">
      <ul className="fence-summary">
        {layout.fences.map((f) => (
          <li key={f.fence} data-fence={f.fence} data-fence-completed={String(f.completed)} data-fence-signalled={String(f.signalled)} data-in-flight={f.inFlight}
            className={sameSel(p.selection, { kind: 'fence', id: f.fence }) ? 'hl' : undefined}>
            <button type="button" className="link" onClick={() => p.onSelect({ kind: 'fence', id: f.fence })}>{f.label}</button>
            : completed <strong>{String(f.completed)}</strong>, signalled <strong>{String(f.signalled)}</strong>, {f.inFlight} in flight
          </li>
        ))}
        {layout.waits.some((w) => w.timedOut) && <li className="warn">⚠ {layout.waits.filter((w) => w.timedOut).length} wait(s) timed out (WAIT_TIMEOUT)</li>}
      </ul>
      {layout.fences.length + layout.queues.length + layout.waits.length === 0 ? <p className="muted">{s.noData}</p> : (
        <ChartView dense={p.version > DENSE_EVENTS} id="fences" title={s.tabs.fences} chart={layout.chart} axis={layout.axis} domain={domain} onDomain={setDomain} selection={p.selection} onPick={p.onSelect} />
      )}
      {p.table && (
        <table className="panel-table" data-testid="fences-table">
          <caption>{layout.chart.label}</caption>
          <thead><tr><th scope="col">timeline</th><th scope="col">what</th><th scope="col">start</th><th scope="col">end</th><th scope="col">call</th></tr></thead>
          <tbody>
            {layout.waits.slice(-TABLE_LIMIT).map((w) => (
              <tr key={`w${w.call}`} data-wait={w.call}><td>CPU</td><td>WaitForSingleObject{w.timedOut ? ' — timed out' : ''}</td><td>{fmtMs(w.start)}</td><td>{fmtMs(w.end)}</td><td>{w.call}</td></tr>
            ))}
            {layout.queues.flatMap((q) => q.intervals.slice(-TABLE_LIMIT).map((g) => (
              <tr key={`q${q.queue}:${g.submit}`} data-queue={q.queue}><td>{q.label}</td><td>command lists {g.lists.map((l) => `#${l}`).join(', ')}{g.running ? ' (running)' : ''}</td><td>{fmtMs(g.start)}</td><td>{fmtMs(g.end)}</td><td>{g.submit}</td></tr>
            )))}
            {layout.fences.flatMap((f) => f.ring.map((r) => (
              <tr key={`f${f.fence}:${r.slot}`} data-slot={r.slot}><td>{f.label} frame ring</td><td>slot {r.slot}: value {String(r.value)} {r.status}</td><td /><td /><td /></tr>
            )))}
          </tbody>
        </table>
      )}
    </section>
  );
}
