// The debugger panels (src/ui/panels), loaded on demand: the lesson's code, canvas and check show first. While
// they load, a plain resource/state table stands in.
import { lazy, Suspense, useState } from 'react';
import { useLatestCallback } from '../useLatestCallback';
import type { Trace } from '../../core';
import type { PanelName } from '../../lessons/panels';
import { StateTable } from './StateTable';
import { afterFirstCheck } from './afterFirstCheck';
import type { Selection } from '../panels/DebuggerPanels';

const Lazy = lazy(async () => {
  await afterFirstCheck();
  return { default: (await import('../panels/DebuggerPanels')).DebuggerPanels };
});

/**
 * `initialPanels` (from ?panels= or the lesson's presentation set) is read by DebuggerPanels once, at mount:
 * the key remounts it when that set changes (a toggle of presentation mode), and not on every cursor move.
 */
export function Panels({
  trace,
  cursor,
  onCursor,
  lang,
  initialPanels,
  onSelectCall,
  onOpenChange,
}: {
  trace: Trace;
  cursor: number;
  onCursor(n: number): void;
  lang: 'en' | 'zh';
  initialPanels?: PanelName[];
  /** The call a selection points at (a call, a message's call, an object's creation), so the code view can show it. */
  onSelectCall?(callIndex: number | null): void;
  onOpenChange?(open: PanelName[]): void;
}) {
  const [selection, setSelectionState] = useState<Selection | null>(null);
  // one function for the page's life: the panels' memoised rows (event list, descriptor slots) re-render only when
  // their own values change, not at every step of the cursor
  const setSelection = useLatestCallback((sel: Selection | null) => {
    setSelectionState(sel);
    onSelectCall?.(selectionCall(trace, sel, cursor));
  });
  return (
    <Suspense fallback={<StateTable trace={trace} cursor={cursor} />}>
      <Lazy
        key={initialPanels?.join(',') ?? 'default'}
        initialPanels={initialPanels}
        onOpenChange={onOpenChange}
        trace={trace}
        cursor={cursor}
        onCursor={onCursor}
        selection={selection}
        onSelect={setSelection}
        lang={lang}
        onBreak={onCursor}
      />
    </Suspense>
  );
}

/** Where in the code a selection lives: the call itself, the call that raised a message, or the call that created the object. */
export function selectionCall(trace: Trace, sel: Selection | null, cursor: number): number | null {
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
