// One open panel in the debugger, and when it follows the cursor.
//
// A panel costs several ms a cursor step, and over a dense trace (more than DENSE_EVENTS events: a long capture, the
// frame ring after a while) tens to hundreds of ms to lay out the first time: six of them made every scrub frame late,
// lesson 21's player slow and the first render at 1M events take seconds (issue 16). What the learner sees must stay
// live, so the rule is about sight, not about which panel it is:
// - a panel in the viewport (or within VIEW_MARGIN of it) follows every step, as it always did;
// - a panel out of sight follows a step that comes after a rest at once too; while the cursor keeps moving (steps
//   less than SETTLE_MS apart: the frame player, a drag of the scrubber) and, over a dense trace, always, it keeps
//   what it showed and catches up once the cursor rests for SETTLE_MS, at least every MAX_STALE_MS, and at once
//   when it scrolls into view;
// - over a dense trace the panels in view render before the first paint and the others right after it, one task each.

import { memo, useEffect, useLayoutEffect, useReducer, useRef, useState, type ComponentType } from 'react';
import { SETTLE_MS } from './render/settle';
import type { PanelProps } from './PanelProps';

export type SlotProps = PanelProps & { onBreak?(callIndex: number): void };

/** How far outside the viewport a panel still counts as in view (it is about to scroll in). */
export const VIEW_MARGIN = 200;
/** The longest an out-of-sight panel lags a cursor or trace that keeps moving. */
export const MAX_STALE_MS = 500;
/** Height a panel not yet rendered reserves (about a panel's), so that what follows it is placed as it will be. */
const PENDING_HEIGHT = 320;

const same = (a: SlotProps, b: SlotProps) => {
  for (const k in a) if (a[k as keyof SlotProps] !== b[k as keyof SlotProps]) return false;
  for (const k in b) if (!(k in a)) return false;
  return true;
};

const SHOWN_EVENT = 'panel-slot-shown';

/**
 * Whether a slot of a dense trace is in view at the first paint: false below the view (a placeholder is about as tall
 * as the shortest panels, so what placeholders put out of view is out of it, or within a few px: it renders right
 * after the paint); null while a slot above it in view is still a placeholder (where this one will be is not known
 * yet); true otherwise.
 */
function placement(el: HTMLElement): boolean | null {
  const r = el.getBoundingClientRect();
  if (!(r.bottom > -VIEW_MARGIN && r.top < window.innerHeight + VIEW_MARGIN)) return false;
  for (let s = el.previousElementSibling; s; s = s.previousElementSibling)
    if (s.classList.contains('panel-slot') && s.querySelector('[data-panel-pending]')) return null;
  return true;
}

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
  // null until measured (a dense trace's panels are measured at mount, before anything is painted; others are taken
  // to be in view until the observer says otherwise)
  const [inView, setInView] = useState<boolean | null>(dense ? null : true);
  const [, catchUp] = useReducer((n: number) => n + 1, 0);
  // what the panel was given and when, kept across renders: whether the cursor is moving
  const [given] = useState(() => ({ props, at: -Infinity, gap: Infinity }));
  if (!same(given.props, props)) {
    const now = performance.now();
    given.gap = now - given.at;
    given.at = now;
    given.props = props;
  }
  const moving = given.gap < SETTLE_MS;
  // what the panel shows and since when; `due`: a catch-up asked for the props as given
  const [shownState] = useState(() => ({ props: null as SlotProps | null, at: 0, due: false }));
  const deferring = dense ? inView !== true : inView === false && moving;
  const shown = !deferring || shownState.due ? props : shownState.props;
  useEffect(() => {
    if (shown !== shownState.props) shownState.at = performance.now();
    shownState.props = shown;
    shownState.due = false;
  });

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    let undo = () => {};
    if (dense) {
      // Judged in order, before the first paint: a slot below one still pending in view waits until that one has
      // rendered (its placeholder is shorter than most panels: the heap and state panels of a 1M-event trace are
      // 530 and 1040 px, so placeholders put the fence panel in view when it is ~900 px below the fold). Each
      // judgement that renders a panel is a synchronous re-render before the paint; the slot below is then
      // measured where it really is.
      const verdict = placement(el);
      setInView(verdict);
      const parent = el.parentElement;
      if (verdict === null && parent) {
        const again = () => {
          const v = placement(el);
          if (v === null) return;
          setInView(v);
          parent.removeEventListener(SHOWN_EVENT, again);
        };
        parent.addEventListener(SHOWN_EVENT, again);
        undo = () => parent.removeEventListener(SHOWN_EVENT, again);
      }
    }
    const io = new IntersectionObserver((entries) => setInView(entries[entries.length - 1].isIntersecting), {
      rootMargin: `${VIEW_MARGIN}px 0px`,
    });
    io.observe(el);
    return () => {
      undo();
      io.disconnect();
    };
  }, [dense]);

  // a slot that has just shown its panel for the first time: the slots below it measure themselves again
  const hasShown = shown !== null;
  useLayoutEffect(() => {
    if (hasShown) box.current?.parentElement?.dispatchEvent(new Event(SHOWN_EVENT));
  }, [hasShown]);

  // out of sight and behind: catch up when the cursor rests, or once the panel has lagged MAX_STALE_MS
  useEffect(() => {
    if (!deferring || (shown !== null && same(shown, props))) return;
    const due = () => {
      shownState.due = true;
      // the cursor has rested: the next step is one after a rest
      if (performance.now() - given.at >= SETTLE_MS) given.gap = Infinity;
      catchUp();
    };
    if (shown === null) {
      // never rendered: right after the first paint, each panel in a task of its own
      let t = 0;
      const f = requestAnimationFrame(() => {
        t = window.setTimeout(due);
      });
      return () => {
        cancelAnimationFrame(f);
        clearTimeout(t);
      };
    }
    const t = window.setTimeout(
      due,
      Math.max(0, Math.min(SETTLE_MS, shownState.at + MAX_STALE_MS - performance.now())),
    );
    return () => clearTimeout(t);
  });

  const Shown = memoView(View);
  return (
    <div ref={box} className="panel-slot" data-panel={name} data-live={deferring ? 'false' : 'true'}>
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
