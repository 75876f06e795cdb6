// Descriptor heaps as grids of slots: what view sits in each, the free list, dangling slots (their
// resource was released) and slots work in flight still reads (rewriting them is lesson A6's bug). HTML rather than a chart: slots are discrete, few, and each is a button.

import { memo, useMemo } from 'react';
import { layoutDescriptors, type DescriptorSlot } from './layout/descriptors';
import { descriptorSelId, sameSel } from './layout/shapes';
import { strings } from './strings';
import { QueryHeapsSection } from './QueryHeapsSection';
import { hasQueryHeaps } from './layout/queries';
import type { PanelProps } from './PanelProps';

export function DescriptorPanel(p: PanelProps) {
  const s = strings(p.lang);
  const heaps = useMemo(
    () => layoutDescriptors(p.ix, p.cursor),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- p.version stands for the trace's growth
    [p.ix, p.version, p.cursor],
  );
  return (
    <section className="panel" aria-label={s.tabs.descriptors} data-testid="panel-descriptors">
      {heaps.length === 0 && !hasQueryHeaps(p.ix, p.cursor) && <p className="muted">{s.noData}</p>}
      {heaps.map((h) => (
        <div key={h.heap} className="desc-heap" data-descriptor-heap={h.heap}>
          <h4>
            <button type="button" className="link" onClick={() => p.onSelect({ kind: 'heap', id: h.heap })}>
              {h.label}
            </button>{' '}
            · D3D12_DESCRIPTOR_HEAP_TYPE_{h.type} · {h.numDescriptors} descriptors
            {h.shaderVisible ? ' · SHADER_VISIBLE' : ''}
          </h4>
          <p className="muted">
            free list (never written):{' '}
            {h.freeList.length
              ? h.freeList.slice(0, 32).join(', ') + (h.freeList.length > 32 ? ` … (${h.freeList.length})` : '')
              : 'empty'}
          </p>
          {h.shaderVisible && (
            <p className="muted" data-testid="slots-in-flight" data-slots={h.inFlight.join(',')}>
              read by GPU work in flight (reuse only after its fence):{' '}
              {h.inFlight.length ? h.inFlight.slice(0, 32).join(', ') : 'none'}
            </p>
          )}
          {p.table ? (
            <table className="panel-table">
              <caption>
                {h.label} slots as of call {p.cursor}
              </caption>
              <thead>
                <tr>
                  <th scope="col">slot</th>
                  <th scope="col">status</th>
                  <th scope="col">view</th>
                  <th scope="col">resource</th>
                  <th scope="col">written at call</th>
                </tr>
              </thead>
              <tbody>
                {h.slots.map((sl) => (
                  <tr key={sl.index} data-slot={sl.index} data-slot-status={sl.status} data-in-flight={sl.inFlight}>
                    <td>{sl.index}</td>
                    <td>{sl.inFlight ? `${sl.status}, in flight` : sl.status}</td>
                    <td>{sl.view ?? '—'}</td>
                    <td>{sl.resLabel ?? '—'}</td>
                    <td>{sl.written ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <ol className="slots" aria-label={`${h.label} slots`}>
              {h.slots.map((sl) => (
                <Slot
                  key={sl.index}
                  {...sl}
                  heap={h.heap}
                  hl={
                    sameSel(p.selection, { kind: 'descriptor', id: descriptorSelId(h.heap, sl.index) }) ||
                    (sl.res !== null && sameSel(p.selection, { kind: 'resource', id: sl.res }))
                  }
                  onSelect={p.onSelect}
                />
              ))}
              {h.hidden > 0 && <li className="muted">… {h.hidden} more slots</li>}
            </ol>
          )}
        </div>
      ))}
      <QueryHeapsSection {...p} />
    </section>
  );
}

/**
 * One slot of the grid. Memoised on its values (all primitives): a cursor move changes a few slots of a heap, and
 * re-rendering every slot's button at each step cost more than the rest of the panel (issue 16: 1M-event scrub).
 */
const Slot = memo(function Slot(sl: DescriptorSlot & { heap: number; hl: boolean; onSelect: PanelProps['onSelect'] }) {
  return (
    <li
      className={`slot slot-${sl.status}${sl.inFlight ? ' slot-inflight' : ''}${sl.hl ? ' hl' : ''}`}
      data-slot={sl.index}
      data-slot-status={sl.status}
      data-in-flight={sl.inFlight}
      data-view={sl.view ?? ''}
      data-resource={sl.res ?? ''}
    >
      <button
        type="button"
        onClick={() =>
          sl.onSelect(
            sl.res !== null
              ? { kind: 'resource', id: sl.res }
              : { kind: 'descriptor', id: descriptorSelId(sl.heap, sl.index) },
          )
        }
        title={
          sl.status === 'free'
            ? `slot ${sl.index}: free`
            : `slot ${sl.index}: ${sl.view} of ${sl.resLabel} (call ${sl.written})${sl.status === 'dangling' ? ' — its resource was released: dangling' : ''}${sl.inFlight ? ' — read by GPU work in flight' : ''}`
        }
      >
        <span className="slot-index">{sl.index}</span>
        <span className="slot-view">
          {sl.status === 'free' ? 'free' : `${abbrev(sl.view)}${sl.status === 'dangling' ? ' ✖' : ''}`}
          {sl.inFlight ? ' ⏳' : ''}
        </span>
      </button>
    </li>
  );
});

function abbrev(view: string | null): string {
  if (!view) return '';
  const m: Record<string, string> = {
    ShaderResourceView: 'SRV',
    UnorderedAccessView: 'UAV',
    ConstantBufferView: 'CBV',
    RenderTargetView: 'RTV',
    DepthStencilView: 'DSV',
    Sampler: 'SMP',
  };
  return m[view] ?? view;
}
