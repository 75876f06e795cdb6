// The lesson page's URL: what a link asks for (bugs, a mystery seed, a step, panels) and keeping the link in
// step with the page (the step cursor, and ?debug=/?lang= once the preferences change here). The page reads the
// derived values and calls the setters; it holds no URL logic of its own.
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { LessonDef } from '../../lessons/types';
import type { PanelName } from '../../lessons/panels';
import { setCursor } from '../../state/lesson';
import { newSeed, pickMystery } from './instructor/mystery';
import { parsePanels, parseSeed } from './instructor/share';

export interface LessonQuery {
  mysterySeed: string | null;
  mysteryBug: string | null;
  /** the known bug ids asked for, sorted and comma-joined (the env's identity) */
  bugsKey: string;
  /** ?bugs= ids this lesson does not have */
  unknownBugs: string[];
  urlPanels: PanelName[] | null;
  toggleBug(id: string): void;
  dropUnknownBugs(): void;
  startMystery(): void;
  endMystery(): void;
  /** the lesson knobs' values as the link gives them (`id=value&…`): part of the request's identity */
  controlsKey(controls: readonly { id: string }[]): string;
  /** presentation mode on/off: ?present=1 (a per-link setting) */
  togglePresentation(): void;
  /** a knob moved: a new run (its calls are not the old run's, so the step goes) */
  setControl(id: string, value: number): void;
}

export function useLessonQuery(def: LessonDef): LessonQuery {
  const [params, setParams] = useSearchParams();
  const known = def.bugs.map((b) => b.id);
  // ?mystery=<seed>: the seed picks the bug (or none), replacing ?bugs=; the page never names it until answered
  const mysterySeed = parseSeed(params.get('mystery'));
  const mysteryBug = mysterySeed != null ? pickMystery(mysterySeed, def.entry.id, known) : null;
  const askedIn = (q: URLSearchParams) => (q.get('bugs') ?? '').split(',').filter(Boolean);
  const asked = askedIn(params);
  const bugsKey =
    mysteryBug ??
    asked
      .filter((b) => known.includes(b))
      .sort()
      .join(',');

  // A toggle starts from the link as it is now, not as of the last render: the router commits a navigation in a
  // transition but changes the URL at once, so clicks that come faster than the page renders each count (seven fast
  // clicks read one stale render's bugs and left the bug off while its box showed on; CI, e2e/soak.spec.ts).
  const withBugs = (ids: string[]) => {
    const next = new URLSearchParams(window.location.search);
    if (ids.length) next.set('bugs', [...ids].sort().join(','));
    else next.delete('bugs');
    setParams(next, { replace: true });
  };
  const activeNow = () =>
    mysteryBug != null ? active : askedIn(new URLSearchParams(window.location.search)).filter((b) => known.includes(b));
  const setMystery = (seed: string | null) => {
    const next = new URLSearchParams(params);
    next.delete('bugs');
    if (seed) next.set('mystery', seed);
    else next.delete('mystery');
    setParams(next);
  };
  const active = bugsKey.split(',').filter(Boolean);
  return {
    mysterySeed,
    mysteryBug,
    bugsKey,
    unknownBugs: mysteryBug ? [] : asked.filter((b) => !known.includes(b)),
    urlPanels: parsePanels(params.get('panels')),
    toggleBug: (id) => {
      const now = activeNow();
      withBugs(now.includes(id) ? now.filter((b) => b !== id) : [...now, id]);
    },
    dropUnknownBugs: () => withBugs(activeNow()),
    startMystery: () => setMystery(newSeed()),
    endMystery: () => setMystery(null),
    togglePresentation: () => {
      const next = new URLSearchParams(params);
      if (next.get('present') === '1') next.delete('present');
      else next.set('present', '1');
      setParams(next, { replace: true });
    },
    controlsKey: (controls) => controls.map((c) => `${c.id}=${params.get(c.id) ?? ''}`).join('&'),
    setControl: (id, value) => {
      const next = new URLSearchParams(params);
      next.set(id, String(value));
      next.delete('step');
      setParams(next, { replace: true });
    },
  };
}

/**
 * Keeps the link in step with the page: ?step= from a link puts the cursor there once the run is in; the cursor
 * writes ?step= back (absent at the end); ?debug= / ?lang= follow the preferences once they change on this page
 * (the app re-applies those parameters whenever the query changes, so a stale one would undo the change at the
 * next step). Not on mount: there the link sets the preferences, not the other way round.
 */
const URL_SYNC_MS = 200;
/**
 * A move this long after the last one is a learner's single step and writes at once. Shorter gaps are a run (an
 * animation playing); on a loaded machine its frames come 200+ ms apart, and a gap of URL_SYNC_MS alone then wrote
 * the link (a router navigation and a page render) at every frame.
 */
const QUIET_MS = 1000;

export function useLessonUrlSync(
  s: { generation: number; cursor: number; atEnd: boolean; current: boolean },
  prefs: { debugLayer: boolean; lang: string },
) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // A navigation away (a "next" click) is committed in a transition: until this page unmounts its effects can still
  // run (an animated lesson moves the cursor every frame), and rewriting the query then would send the learner back
  // here. The browser's path has already changed by then: write only while it is still this page's.
  const stillHere = () => window.location.pathname === pathname;
  const stepParam = params.get('step');
  useEffect(() => {
    if (stepParam != null && Number.isFinite(Number(stepParam))) setCursor(Number(stepParam));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s.generation]);

  // A cursor that moved after a quiet spell writes at once; one that keeps moving (an animated lesson playing, 30+
  // frames a second) writes once it rests for twice its last gap (URL_SYNC_MS at least): each write is a router navigation that renders the page
  // again (issue 16: lesson 21's frame rate).
  const latest = useRef(s);
  latest.current = s;
  const lastMove = useRef(-Infinity);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (pending.current != null) clearTimeout(pending.current);
    },
    [],
  );
  useEffect(() => {
    const write = () => {
      pending.current = null;
      const { current, cursor, atEnd } = latest.current;
      if (!current || cursor < 0 || !stillHere()) return;
      const next = new URLSearchParams(window.location.search);
      const want = atEnd ? null : String(cursor);
      if (next.get('step') === want) return;
      if (want == null) next.delete('step');
      else next.set('step', want);
      setParams(next, { replace: true });
    };
    const now = performance.now();
    const prev = lastMove.current;
    const quiet = now - prev >= QUIET_MS;
    lastMove.current = now;
    if (pending.current != null) clearTimeout(pending.current);
    pending.current = null;
    if (quiet) write();
    else pending.current = setTimeout(write, Math.max(URL_SYNC_MS, (now - prev) * 2));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s.cursor, s.atEnd]);

  const applied = useRef(prefs);
  useEffect(() => {
    if (applied.current.debugLayer === prefs.debugLayer && applied.current.lang === prefs.lang) return;
    applied.current = prefs;
    const q = new URLSearchParams(window.location.search);
    const want = { debug: prefs.debugLayer ? '1' : '0', lang: prefs.lang };
    const stale = (['debug', 'lang'] as const).filter((k) => q.has(k) && q.get(k) !== want[k]);
    if (stale.length === 0 || !stillHere()) return;
    for (const k of stale) q.set(k, want[k]);
    setParams(q, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefs.debugLayer, prefs.lang]);
}
