// @vitest-environment jsdom
// The entry component in jsdom: messages carry the automation attributes, the cursor rewinds every panel,
// selection is lifted, and the panels are labelled.

import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { DebuggerPanels, type Selection } from './DebuggerPanels';
import { smallTrace } from './traces';
import { indexTrace } from '../../core';
import { PANELS, PANEL_NAMES } from '../../lessons/panels';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const { trace, ids } = smallTrace();
const END = indexTrace(trace).maxCall;

function mount(props: Partial<Parameters<typeof DebuggerPanels>[0]> = {}) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  const onCursor = vi.fn();
  const onSelect = vi.fn();
  const render = (p: Partial<Parameters<typeof DebuggerPanels>[0]>) =>
    act(() =>
      root.render(
        <DebuggerPanels
          trace={trace}
          cursor={END}
          onCursor={onCursor}
          selection={null}
          onSelect={onSelect}
          lang="en"
          initialPanels={[...PANEL_NAMES]}
          {...props}
          {...p}
        />,
      ),
    );
  render({});
  return { host, render, onCursor, onSelect, unmount: () => act(() => root.unmount()) };
}

describe('DebuggerPanels', () => {
  it('renders every message with data-message-id and data-severity, as of the cursor', () => {
    const m = mount();
    const msgs = [...m.host.querySelectorAll('[data-message-id]')].map((e) => [
      e.getAttribute('data-message-id'),
      e.getAttribute('data-severity'),
    ]);
    expect(msgs).toEqual([
      ['INVALID_SUBRESOURCE_STATE', 'ERROR'],
      ['RESOURCE_BARRIER_ZERO_BARRIERS', 'WARNING'],
    ]);
    m.render({ cursor: 5 });
    expect(m.host.querySelectorAll('[data-message-id]')).toHaveLength(0);
    expect(m.host.querySelector('[data-testid=cursor-label]')!.textContent).toBe(`call 5 / ${END}`);
    m.unmount();
  });
  it('shows states, barriers and fence values through data attributes', () => {
    const m = mount();
    expect(m.host.querySelector(`[data-resource="${ids.texture}"][data-state="PIXEL_SHADER_RESOURCE"]`)).not.toBeNull();
    expect(m.host.querySelector('[data-barrier="aliasing"]')).not.toBeNull();
    expect(m.host.querySelector(`[data-fence="${ids.fence}"]`)!.getAttribute('data-fence-completed')).toBe('4');
    m.unmount();
  });
  it('lifts selection and highlights the selected resource in every chart', () => {
    const m = mount();
    const bar = m.host.querySelector(`[data-testid=heap-chart] [data-resource="${ids.texture}"]`)!;
    act(() => bar.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(m.onSelect).toHaveBeenCalledWith({ kind: 'resource', id: ids.texture } satisfies Selection);
    m.render({ selection: { kind: 'resource', id: ids.texture } });
    expect(
      m.host.querySelector(`[data-testid=heap-chart] [data-resource="${ids.texture}"][data-selected=true]`),
    ).not.toBeNull();
    expect(
      m.host.querySelector(`[data-testid=states-chart] [data-resource="${ids.texture}"][data-selected=true]`),
    ).not.toBeNull();
    m.unmount();
  });
  it('runs to the next error ("break on error") through onCursor and onBreak', () => {
    const onBreak = vi.fn();
    const m = mount({ cursor: 0, onBreak });
    act(() => (m.host.querySelector('[data-testid=break-next]') as HTMLButtonElement).click());
    const err = indexTrace(trace).messages[0].i;
    expect(m.onCursor).toHaveBeenCalledWith(err);
    expect(onBreak).toHaveBeenCalledWith(err);
    m.unmount();
  });
  it("shows the registry's panels: a tab each, in its order and with its title; opening one shows its panel", () => {
    for (const lang of ['en', 'zh'] as const) {
      const m = mount({ lang, initialPanels: ['log'] });
      const tabs = [...m.host.querySelectorAll<HTMLButtonElement>('[data-panel-tab]')];
      expect(tabs.map((b) => b.dataset.panelTab)).toEqual([...PANEL_NAMES]);
      for (const [k, p] of PANELS.entries()) expect(tabs[k].textContent).toContain(p.title[lang]);
      expect([...m.host.querySelectorAll('section.panel')].map((e) => e.getAttribute('data-testid'))).toEqual([
        'panel-log',
      ]);
      act(() => tabs[0].click());
      expect(m.host.querySelector(`[data-testid=panel-${PANEL_NAMES[0]}]`)!.getAttribute('aria-label')).toBe(
        PANELS[0].title[lang],
      );
      m.unmount();
    }
    const all = mount();
    expect([...all.host.querySelectorAll('section.panel')].map((e) => e.getAttribute('data-testid'))).toEqual(
      PANEL_NAMES.map((n) => `panel-${n}`),
    );
    all.unmount();
  });
  it('labels the scrubber and the charts, and offers table views', () => {
    const m = mount();
    const range = m.host.querySelector('input[type=range][data-testid=cursor-range]')!;
    expect(m.host.querySelector(`label[for="${range.id}"]`)!.textContent).toBe('Time cursor');
    for (const c of m.host.querySelectorAll('.panel-chart')) expect(c.getAttribute('aria-label')).toBeTruthy();
    act(() => (m.host.querySelector('[data-testid=table-toggle]') as HTMLButtonElement).click());
    expect(m.host.querySelector('[data-testid=states-table]')).not.toBeNull();
    expect(m.host.querySelector('[data-testid=heap-table]')).not.toBeNull();
    m.unmount();
  });
});
