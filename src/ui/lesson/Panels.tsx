// The debugger panels (src/ui/panels, written separately) when they exist; until then a plain message list and a
// resource/state table. Loaded through import.meta.glob so the page builds whether or not the panels are there.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { Trace } from '../../core/trace';
import type { PanelName } from '../../lessons/types';
import { StateTable } from './StateTable';

interface PanelsProps {
  trace: Trace; cursor: number; onCursor(n: number): void; selection: unknown; onSelect(s: unknown): void;
  lang: 'en' | 'zh'; onBreak?(callIndex: number): void; initialPanels?: PanelName[];
}

const found = import.meta.glob('../panels/DebuggerPanels.tsx') as Record<string, () => Promise<Record<string, unknown>>>;
const loader = found['../panels/DebuggerPanels.tsx'];
const Lazy = loader ? lazy(async () => ({ default: (await loader()).DebuggerPanels as ComponentType<PanelsProps> })) : null;

/**
 * `initialPanels` (from ?panels= or the lesson's presentation set) is read by DebuggerPanels once, at mount:
 * the key remounts it when that set changes (a toggle of presentation mode), and not on every cursor move.
 */
export function Panels({ trace, cursor, onCursor, lang, initialPanels, onSelectCall }: {
  trace: Trace; cursor: number; onCursor(n: number): void; lang: 'en' | 'zh'; initialPanels?: PanelName[];
  /** The call a selection points at (a call, a message's call, an object's creation), so the code view can show it. */
  onSelectCall?(callIndex: number | null): void;
}) {
  const [selection, setSelectionState] = useState<unknown>(null);
  const setSelection = (sel: unknown) => {
    setSelectionState(sel);
    onSelectCall?.(selectionCall(trace, sel as PanelSelection | null, cursor));
  };
  if (!Lazy) return <StateTable trace={trace} cursor={cursor} />;
  return (
    <Suspense fallback={<StateTable trace={trace} cursor={cursor} />}>
      <Lazy key={initialPanels?.join(',') ?? 'default'} initialPanels={initialPanels} trace={trace} cursor={cursor} onCursor={onCursor} selection={selection} onSelect={setSelection} lang={lang} onBreak={onCursor} />
    </Suspense>
  );
}

interface PanelSelection { kind: 'resource' | 'call' | 'message' | 'fence' | 'heap' | 'queue' | 'descriptor'; id: number }

/** Where in the code a selection lives: the call itself, the call that raised a message, or the call that created the object. */
export function selectionCall(trace: Trace, sel: PanelSelection | null, cursor: number): number | null {
  if (!sel) return null;
  if (sel.kind === 'call') return sel.id;
  let messageSeq = 0;
  let found: number | null = null;
  for (const e of trace.events) {
    if (sel.kind === 'message' && e.k === 'message') {
      if (messageSeq++ === sel.id) return e.i;
    } else if (sel.kind === 'descriptor' && e.k === 'descriptor') {
      // descriptor ids are heap × 1,000,000 + slot (DebuggerPanels); the last write up to the cursor is the one shown
      if (e.heap * 1_000_000 + e.index === sel.id && e.i <= cursor) found = e.i;
    } else if (e.k === 'object' && e.id === sel.id && sel.kind !== 'message' && sel.kind !== 'descriptor') {
      return e.i;
    }
  }
  return found;
}
