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
export function Panels({ trace, cursor, onCursor, lang, initialPanels }: {
  trace: Trace; cursor: number; onCursor(n: number): void; lang: 'en' | 'zh'; initialPanels?: PanelName[];
}) {
  const [selection, setSelection] = useState<unknown>(null);
  if (!Lazy) return <StateTable trace={trace} cursor={cursor} />;
  return (
    <Suspense fallback={<StateTable trace={trace} cursor={cursor} />}>
      <Lazy key={initialPanels?.join(',') ?? 'default'} initialPanels={initialPanels} trace={trace} cursor={cursor} onCursor={onCursor} selection={selection} onSelect={setSelection} lang={lang} onBreak={onCursor} />
    </Suspense>
  );
}
