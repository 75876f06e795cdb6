// @vitest-environment jsdom
// Queries and bundles in the mounted panels (jsdom), over the model's queries program: the table views (the panels'
// text alternative, UX.md) list every query heap slot with its value and every query mark of the queue lane; the
// event list's bundle group names the inherited state; clicking a bundle call steps the cursor to where it was recorded.

import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { DebuggerPanels } from './DebuggerPanels';
import { queriesTrace } from './traces';
import { indexTrace } from '../../core';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const { trace, ids } = queriesTrace();
const END = indexTrace(trace).maxCall;

function mount(cursor: number) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  const onCursor = vi.fn();
  act(() =>
    root.render(
      <DebuggerPanels
        trace={trace}
        cursor={cursor}
        onCursor={onCursor}
        selection={null}
        onSelect={() => {}}
        lang="en"
        initialPanels={['fences', 'descriptors', 'events']}
      />,
    ),
  );
  return { host, onCursor, unmount: () => act(() => root.unmount()) };
}

describe('queries and bundles in the mounted panels', () => {
  it('the table views list each query slot with its value and each query on the queue lane', () => {
    const m = mount(END);
    act(() => (m.host.querySelector('[data-testid=table-toggle]') as HTMLButtonElement).click());
    const slots = [...m.host.querySelectorAll(`[data-query-heap="${ids.timestamps}"] tr[data-query-slot]`)];
    expect(slots.map((r) => r.getAttribute('data-query-status'))).toEqual([
      'resolved',
      'resolved',
      'written',
      'written',
    ]);
    const us = ((Number(ids.resolved.timestamps[0]) / ids.hz) * 1e6).toFixed(3);
    expect(slots[0].textContent).toContain(`= ${us} µs`);
    const rows = [...m.host.querySelectorAll('[data-testid=fences-table] tr[data-query-row]')].map(
      (r) => r.textContent,
    );
    expect(rows.filter((t) => t!.includes('TIMESTAMP'))).toHaveLength(4);
    expect(
      rows.some((t) =>
        t!.includes(`OCCLUSION visibility (#${ids.occlusion}) [0] = ${ids.resolved.occlusion} samples passed`),
      ),
    ).toBe(true);
    m.unmount();
  });
  it('a bundle call under ExecuteBundle steps the cursor to the call where the bundle recorded it', () => {
    const m = mount(Math.floor(END / 2));
    const group = m.host.querySelector('[data-group="bundle"]')!;
    expect(group.querySelector('[data-inherits]')!.getAttribute('data-inherits')).toContain('SetGraphicsRootSignature');
    const draw = m.host.querySelector('[data-bundle-call][data-api="ID3D12GraphicsCommandList::DrawInstanced"]')!;
    act(() => (draw.querySelector('button') as HTMLButtonElement).click());
    expect(m.onCursor).toHaveBeenCalledWith(Number(draw.getAttribute('data-bundle-call')));
    m.unmount();
  });
});
