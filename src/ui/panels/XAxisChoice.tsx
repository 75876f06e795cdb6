// The "x: call index / x: modelled time" radio pair of the heap and state panels. Memoised: the panels re-render at
// every cursor step (lesson-sized charts are laid out at the cursor), and React rewrites a re-rendered input's name and
// type attributes each time, so unchanged radios would cost DOM work at every frame of lesson 21's animation.
import { memo } from 'react';
import type { XMode } from './layout/timeAxis';

export const XAxisChoice = memo(function XAxisChoice({
  name,
  mode,
  onMode,
  labels,
}: {
  /** the radio group's name (one per panel) */
  name: string;
  mode: XMode;
  onMode(m: XMode): void;
  labels: { xCall: string; xTime: string };
}) {
  return (
    <>
      <label>
        <input type="radio" name={name} checked={mode === 'call'} onChange={() => onMode('call')} /> {labels.xCall}
      </label>
      <label>
        <input type="radio" name={name} checked={mode === 'time'} onChange={() => onMode('time')} /> {labels.xTime}
      </label>
    </>
  );
});
