// The visual debugger: one time cursor ("as of call N") over every panel, panel toggles, the trace export.
// Selection and cursor are lifted (the lesson page owns them, so the code view follows); the panels only
// read the trace through its index and never hold a copy of the model's state.

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
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
import { chromeTraceBlob } from './perfetto';
import { download } from './exportImage';
import { strings, type PanelKey } from './strings';
import type { PanelProps } from './PanelProps';
import './panels.css';

export type { Selection } from './layout/shapes';
export type { PanelKey } from './strings';

export interface DebuggerPanelsProps {
  trace: Trace;
  cursor: number;
  onCursor(n: number): void;
  selection: Selection | null;
  onSelect(s: Selection | null): void;
  lang: 'en' | 'zh';
  onBreak?(callIndex: number): void;
  /** which panels start open (default: resource states and debug log) */
  initialPanels?: PanelKey[];
}

const ORDER: PanelKey[] = ['heap', 'states', 'fences', 'log', 'descriptors', 'events'];

export function DebuggerPanels(props: DebuggerPanelsProps) {
  const { trace, cursor, lang } = props;
  const s = strings(lang);
  const [open, setOpen] = useState<PanelKey[]>(props.initialPanels ?? ['states', 'log']);
  const [table, setTable] = useState(false);
  const root = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(1000);
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
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') props.onSelect(null); };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [props]);

  const toggle = (k: PanelKey) => setOpen((o) => (o.includes(k) ? o.filter((x) => x !== k) : ORDER.filter((x) => x === k || o.includes(x))));
  const p: PanelProps = { ix, version, cursor: at, onCursor: props.onCursor, selection: props.selection, onSelect: props.onSelect, lang, width, table };
  const issues = counts.CORRUPTION + counts.ERROR;
  const logBadge = `${issues ? ` ${issues}✖` : ''}${counts.WARNING ? ` ${counts.WARNING}⚠` : ''}`;

  return (
    <div className="debugger-panels" ref={root} data-testid="debugger-panels" data-cursor={at} data-max-call={maxCall} aria-label={s.panels} role="region">
      <Scrubber cursor={at} max={maxCall} onCursor={props.onCursor} lang={lang} />
      <div className="panel-tabs" role="toolbar" aria-label={s.panels}>
        {ORDER.map((k) => (
          <button key={k} type="button" aria-pressed={open.includes(k)} onClick={() => toggle(k)} data-panel-tab={k}
            data-errors={k === 'log' ? issues : undefined} data-warnings={k === 'log' ? counts.WARNING : undefined}>
            {s.tabs[k]}{k === 'log' ? logBadge : ''}
          </button>
        ))}
        <span className="spacer" />
        <button type="button" aria-pressed={table} onClick={() => setTable((t) => !t)} data-testid="table-toggle">{s.table}</button>
        <button type="button" onClick={() => download('d3d12-trace.json', chromeTraceBlob(trace))} data-testid="export-trace">{s.exportTrace}</button>
      </div>
      {open.includes('heap') && <HeapTimelinePanel {...p} />}
      {open.includes('states') && <StateHistoryPanel {...p} />}
      {open.includes('fences') && <FenceQueuePanel {...p} />}
      {open.includes('log') && <DebugLogPanel {...p} onBreak={props.onBreak} />}
      {open.includes('descriptors') && <DescriptorPanel {...p} />}
      {open.includes('events') && <EventListPanel {...p} />}
    </div>
  );
}
