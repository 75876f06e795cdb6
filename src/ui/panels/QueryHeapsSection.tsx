// The query heaps in the descriptors panel (heaps of slots, like descriptor heaps): each slot never performed,
// written by an EndQuery on the GPU, or resolved into a buffer, with its value on hover (layout/queries.ts).
// Clicking a slot selects it; the fences & queues panel's mark of the same query highlights with it.

import { useMemo } from 'react';
import { queryHeapsAt, querySlotText } from './layout/queries';
import { descriptorSelId, sameSel } from './layout/shapes';
import { queryStrings } from './queryStrings';
import type { PanelProps } from './PanelProps';

export function QueryHeapsSection(p: PanelProps) {
  const s = queryStrings(p.lang);
  const heaps = useMemo(
    () => queryHeapsAt(p.ix, p.cursor),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- p.version stands for the trace's growth
    [p.ix, p.version, p.cursor],
  );
  if (heaps.length === 0) return null;
  return (
    <div className="query-heaps" data-testid="query-heaps">
      <h4>{s.queryHeaps}</h4>
      <p className="muted">{s.legend}</p>
      {heaps.map((h) => (
        <div key={h.heap} className="desc-heap" data-query-heap={h.heap}>
          <h4>
            {h.label} · D3D12_QUERY_HEAP_TYPE_{h.type} · {s.queries(h.count)}
            {h.hz ? ` · ${s.clock(h.hz)}` : ''}
          </h4>
          {p.table ? (
            <table className="panel-table">
              <caption>{h.label}</caption>
              <thead>
                <tr>
                  <th scope="col">{s.slot}</th>
                  <th scope="col">status</th>
                  <th scope="col">{s.value}</th>
                </tr>
              </thead>
              <tbody>
                {h.slots.map((sl) => (
                  <tr key={sl.index} data-query-slot={sl.index} data-query-status={sl.status}>
                    <td>{sl.index}</td>
                    <td>{s.status[sl.status]}</td>
                    <td>{querySlotText(p.ix, h, sl)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <ol className="slots" aria-label={h.label}>
              {h.slots.map((sl) => {
                const sel = { kind: 'descriptor' as const, id: descriptorSelId(h.heap, sl.index) };
                const hl = sameSel(p.selection, sel);
                return (
                  <li
                    key={sl.index}
                    className={`slot query-slot-${sl.status}${hl ? ' hl' : ''}`}
                    data-query-slot={sl.index}
                    data-query-status={sl.status}
                    data-query-value={sl.values ? String(sl.values[0]) : ''}
                  >
                    <button type="button" onClick={() => p.onSelect(sel)} title={querySlotText(p.ix, h, sl)}>
                      <span className="slot-index">{sl.index}</span>
                      <span className="slot-view">
                        {s.short[sl.status]} <span className="sr-only">{s.status[sl.status]}</span>
                      </span>
                    </button>
                  </li>
                );
              })}
              {h.hidden > 0 && <li className="muted">{s.moreSlots(h.hidden)}</li>}
            </ol>
          )}
        </div>
      ))}
    </div>
  );
}
