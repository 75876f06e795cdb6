// One open panel in the debugger, and when it follows the cursor.
//
// Over a dense trace (more than DENSE_EVENTS events: a long capture, the frame ring after a while) a panel costs
// tens to hundreds of ms to lay out the first time and several ms a cursor step; six of them made every scrub
// frame late and the first render take seconds at 1M events (issue 16). What the learner sees must stay live, so
// the rule is about sight, not about which panel it is:
// - a panel in the viewport (or within VIEW_MARGIN of it) follows every step, as it always did;
// - a panel out of sight keeps what it last showed while the cursor or the trace moves, and catches up once they
//   rest for SETTLE_MS, at least every MAX_STALE_MS while they keep moving, and at once when it scrolls into view;
// - at mount the panels in view render before the first paint and the others right after it, one task each.
// Lesson-sized traces are not dense: every panel renders and follows every step, exactly as before.

import { memo, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { SETTLE_MS } from './render/settle';
import type { PanelProps } from './PanelProps';

export type SlotProps = PanelProps & { onBreak?(callIndex: number): void };

/** How far outside the viewport a panel still counts as in view (it is about to scroll in). */
export const VIEW_MARGIN = 200;
/** The longest an out-of-sight panel of a dense trace lags a cursor or trace that keeps moving. */
export const MAX_STALE_MS = 500;
/** Height a panel not yet rendered reserves (about a panel's), so that what follows it is placed as it will be. */
const PENDING_HEIGHT = 320;

const same = (a: SlotProps, b: SlotProps) => {
  for (const k in a) if (a[k as keyof SlotProps] !== b[k as keyof SlotProps]) return false;
  for (const k in b) if (!(k in a)) return false;
  return true;
};

const memoised = new WeakMap<ComponentType<SlotProps>, ComponentType<SlotProps>>();
/** The panel component memoised: an out-of-sight panel given the props it already has skips its render. */
function memoView(View: ComponentType<SlotProps>): ComponentType<SlotProps> {
  let m = memoised.get(View);
  if (!m) memoised.set(View, (m = memo(View)));
  return m;
}

export function PanelSlot({
  name,
  title,
  View,
  props,
  dense,
}: {
  name: string;
  title: string;
  View: ComponentType<SlotProps>;
  props: SlotProps;
  dense: boolean;
}) {
  const box = useRef<HTMLDivElement | null>(null);
  // null until measured (a dense trace's panels are measured at mount, before anything is painted)
  const [inView, setInView] = useState<boolean | null>(dense ? null : true);
  // what an out-of-sight panel shows; null: not rendered yet
  const [held, setHeld] = useState<SlotProps | null>(null);
  const live = !dense || inView === true;
  const shown = live ? props : held;
  const lastShown = useRef<SlotProps | null>(shown);
  const shownAt = useRef(0);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
    if (shown !== lastShown.current) shownAt.current = performance.now();
    lastShown.current = shown;
  });

  useLayoutEffect(() => {
    // a trace that just became dense: what the panel shows now is what it keeps while out of sight
    setHeld(lastShown.current);
    const el = box.current;
    if (!dense || !el || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const r = el.getBoundingClientRect();
    setInView(r.bottom > -VIEW_MARGIN && r.top < window.innerHeight + VIEW_MARGIN);
    const io = new IntersectionObserver(
      (entries) => {
        const visible = entries[entries.length - 1].isIntersecting;
        // leaving the view: keep showing what was shown until the next catch-up
        if (!visible) setHeld(lastShown.current);
        setInView(visible);
      },
      { rootMargin: `${VIEW_MARGIN}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [dense]);

  // out of sight: catch up when the cursor and trace rest, or when the panel has lagged MAX_STALE_MS
  useEffect(() => {
    if (live || inView === null) return;
    if (held === null) {
      // never rendered: right after the first paint, each panel in a task of its own
      let t = 0;
      const f = requestAnimationFrame(() => {
        t = window.setTimeout(() => setHeld(latest.current));
      });
      return () => {
        cancelAnimationFrame(f);
        clearTimeout(t);
      };
    }
    if (same(held, props)) return;
    const wait = Math.max(0, Math.min(SETTLE_MS, shownAt.current + MAX_STALE_MS - performance.now()));
    const t = window.setTimeout(() => setHeld(latest.current), wait);
    return () => clearTimeout(t);
  });

  const Shown = memoView(View);
  return (
    <div ref={box} className="panel-slot" data-panel={name} data-live={live ? 'true' : 'false'}>
      {shown ? (
        <Shown {...shown} />
      ) : (
        <section
          className="panel panel-pending"
          aria-label={title}
          aria-busy="true"
          data-panel-pending=""
          style={{ minHeight: PENDING_HEIGHT }}
        >
          <p className="muted">{title} …</p>
        </section>
      )}
    </div>
  );
}
