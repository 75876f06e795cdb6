// The visual debugger: one time cursor ("as of call N") over every panel, panel toggles, the trace export.
// Selection and cursor are lifted (the lesson page owns them, so the code view follows); the panels only
// read the trace through its index and never hold a copy of the model's state.

import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { indexTrace, type Trace } from '../../core';
import type { Selection } from './layout/shapes';
import { severityCounts } from './layout/debugLog';
import { Scrubber } from './Scrubber';
import { HeapTimelinePanel } from './HeapTimelinePanel';
import { StateHistoryPanel } from './StateHistoryPanel';
import { FenceQueuePanel } from './FenceQueuePanel';
import { DebugLogPanel } from './DebugLogPanel';
import { DescriptorPanel } from './DescriptorPanel';
import { EventListPanel } from './EventListPanel';
import { PanelSlot, type SlotProps } from './PanelSlot';
import { useLatestCallback } from '../useLatestCallback';
import { DENSE_EVENTS } from './PanelProps';
import { chromeTraceBlob } from './perfetto';
import { download } from './exportImage';
import { strings } from './strings';
import { DEFAULT_PANELS, PANEL_NAMES, type PanelName } from '../../lessons/panels';
import type { PanelProps } from './PanelProps';
import './panels.css';

export type { Selection } from './layout/shapes';

export interface DebuggerPanelsProps {
  trace: Trace;
  cursor: number;
  onCursor(n: number): void;
  selection: Selection | null;
  onSelect(s: Selection | null): void;
  lang: 'en' | 'zh';
  onBreak?(callIndex: number): void;
  /** which panels start open (default: resource states and debug log) */
  initialPanels?: PanelName[];
  /** told the open panels at mount and after each toggle */
  onOpenChange?(open: PanelName[]): void;
}

/** Each registered panel's component (the registry, src/lessons/panels.ts, gives names, titles and order). */
const VIEWS: Record<PanelName, ComponentType<SlotProps>> = {
  heap: HeapTimelinePanel,
  states: StateHistoryPanel,
  fences: FenceQueuePanel,
  log: DebugLogPanel,
  descriptors: DescriptorPanel,
  events: EventListPanel,
};

export function DebuggerPanels(props: DebuggerPanelsProps) {
  const { trace, cursor, lang } = props;
  const s = strings(lang);
  const [open, setOpen] = useState<PanelName[]>(props.initialPanels ?? [...DEFAULT_PANELS]);
  const [table, setTable] = useState(false);
  const root = useRef<HTMLDivElement | null>(null);
  // the panels are laid out once their width is known (measured before the first paint): laying every chart out
  // at a guessed width first and again at the real one cost a whole second layout at 1M events (issue 16).
  // Without ResizeObserver (tests) the width stays the old default.
  const [width, setWidth] = useState<number | null>(typeof ResizeObserver === 'undefined' ? 1000 : null);
  // the trace is append-only: its length is the version that invalidates memoised layouts
  const version = trace.events.length;
  const ix = useMemo(() => indexTrace(trace), [trace, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const maxCall = Math.max(0, ix.maxCall);
  const at = Math.max(0, Math.min(cursor, maxCall));
  // O(log messages): running counts are precomputed once per trace length (layout/debugLog.ts)
  const counts = useMemo(() => severityCounts(ix, at), [ix, version, at]); // eslint-disable-line react-hooks/exhaustive-deps

  useLayoutEffect(() => {
    const el = root.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWidth(Math.max(480, Math.floor(el.clientWidth - 24)));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Escape clears the selection from anywhere inside the panels
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') props.onSelect(null);
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [props]);

  // the open set is the page's to know (a shared link keeps it): reported up, not read off the DOM
  const { onOpenChange } = props;
  useEffect(() => {
    onOpenChange?.(open);
  }, [open, onOpenChange]);

  // one function for the panels' life: a page that passes a new one each render does not look like a moving cursor
  // to the log's slot (PanelSlot.tsx)
  const onBreak = useLatestCallback((i: number) => props.onBreak?.(i));
  const toggle = (k: PanelName) =>
    setOpen((o) => (o.includes(k) ? o.filter((x) => x !== k) : PANEL_NAMES.filter((x) => x === k || o.includes(x))));
  const p: PanelProps = {
    ix,
    version,
    cursor: at,
    onCursor: props.onCursor,
    selection: props.selection,
    onSelect: props.onSelect,
    lang,
    width: width ?? 1000,
    table,
  };
  const issues = counts.CORRUPTION + counts.ERROR;
  const logBadge = `${issues ? ` ${issues}✖` : ''}${counts.WARNING ? ` ${counts.WARNING}⚠` : ''}`;

  return (
    <div
      className="debugger-panels"
      ref={root}
      data-testid="debugger-panels"
      data-cursor={at}
      data-max-call={maxCall}
      aria-label={s.panels}
      role="region"
    >
      <Scrubber cursor={at} max={maxCall} onCursor={props.onCursor} lang={lang} />
      <div className="panel-tabs" role="toolbar" aria-label={s.panels}>
        {PANEL_NAMES.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={open.includes(k)}
            onClick={() => toggle(k)}
            data-panel-tab={k}
            data-errors={k === 'log' ? issues : undefined}
            data-warnings={k === 'log' ? counts.WARNING : undefined}
          >
            {s.tabs[k]}
            {k === 'log' ? logBadge : ''}
          </button>
        ))}
        <span className="spacer" />
        <button type="button" aria-pressed={table} onClick={() => setTable((t) => !t)} data-testid="table-toggle">
          {s.table}
        </button>
        <button
          type="button"
          onClick={() => download('d3d12-trace.json', chromeTraceBlob(trace))}
          data-testid="export-trace"
        >
          {s.exportTrace}
        </button>
      </div>
      {width !== null &&
        PANEL_NAMES.filter((k) => open.includes(k)).map((k) => {
          const slot: SlotProps = k === 'log' ? { ...p, onBreak } : p;
          return (
            <PanelSlot key={k} name={k} title={s.tabs[k]} View={VIEWS[k]} props={slot} dense={version > DENSE_EVENTS} />
          );
        })}
    </div>
  );
}
