import type { Selection } from './layout/shapes';
import type { TraceIndex } from '../../core';
import type { Lang } from './strings';

/** What every panel receives from DebuggerPanels. */
export interface PanelProps {
  ix: TraceIndex;
  /** index length when the props were made: a changed value means the trace grew (memo key) */
  version: number;
  cursor: number;
  onCursor(n: number): void;
  selection: Selection | null;
  onSelect(s: Selection | null): void;
  lang: Lang;
  width: number;
  table: boolean;
}

/**
 * Charts of traces longer than this are laid out once for the whole trace and show the cursor with an overlay
 * (render/ChartView.tsx, "split" mode); shorter ones are laid out at the cursor ("exact" mode, SVG).
 */
export { DENSE_EVENTS } from './render/ChartView';

/** Rows shown in a table view before it says "… N more" (tables are the text alternative, not a dump). */
export const TABLE_LIMIT = 300;
