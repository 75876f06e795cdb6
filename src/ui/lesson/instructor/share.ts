// What a shared link carries, and how it is read back. Pure (no DOM, no router) so it is unit-tested.
// One query vocabulary for everything the lesson page shows: a link made by "Copy link" reproduces the screen.
import { PANEL_NAMES, type PanelName } from '../../../lessons/panels';

export interface ShareState {
  /** Call index of the step cursor; null = run to end (the default, so it is left out of the link). */
  step: number | null;
  bugs: string[];
  debugLayer: boolean;
  lang: 'en' | 'zh';
  /** Open debugger panels, in display order; null = the panels' own default. */
  panels: PanelName[] | null;
  presentation: boolean;
  /** Mystery seed: the bug is derived from it, so the link never names the bug. */
  mystery: string | null;
}

/** Panel names from `?panels=`, unknown names dropped; null when absent (an empty list is "none open"). */
export function parsePanels(raw: string | null): PanelName[] | null {
  if (raw == null) return null;
  const want = new Set(raw.split(',').map((s) => s.trim()));
  return PANEL_NAMES.filter((p) => want.has(p));
}

/** Seeds are short and URL-safe: anything else is ignored rather than echoed into the page. */
export function parseSeed(raw: string | null): string | null {
  if (raw == null) return null;
  const s = raw.trim();
  if (s === '' || s === '0') return null;
  return /^[A-Za-z0-9_-]{1,32}$/.test(s) ? s : null;
}

/** The query string for a state; keys in a fixed order so two links to the same screen are equal strings. */
export function encodeShare(s: ShareState): string {
  const q = new URLSearchParams();
  if (s.step != null) q.set('step', String(s.step));
  // a mystery hides its bug: never put the injected bug into the link, only the seed
  if (!s.mystery && s.bugs.length) q.set('bugs', [...s.bugs].sort().join(','));
  q.set('debug', s.debugLayer ? '1' : '0');
  q.set('lang', s.lang);
  if (s.panels) q.set('panels', s.panels.join(','));
  if (s.presentation) q.set('present', '1');
  if (s.mystery) q.set('mystery', s.mystery);
  return q.toString();
}

/** Reads a query back; `fallback` supplies what the link does not say (the viewer's own preferences). */
export function decodeShare(
  query: string | URLSearchParams,
  known: readonly string[],
  fallback: Pick<ShareState, 'debugLayer' | 'lang' | 'presentation'>,
): ShareState {
  const q = typeof query === 'string' ? new URLSearchParams(query) : query;
  const step = q.get('step');
  const debug = q.get('debug');
  const lang = q.get('lang');
  const present = q.get('present');
  const mystery = parseSeed(q.get('mystery'));
  return {
    step: step != null && /^\d+$/.test(step) ? Number(step) : null,
    bugs: mystery
      ? []
      : (q.get('bugs') ?? '')
          .split(',')
          .filter((b) => known.includes(b))
          .sort(),
    debugLayer: debug === '1' ? true : debug === '0' ? false : fallback.debugLayer,
    lang: lang === 'zh' || lang === 'en' ? lang : fallback.lang,
    panels: parsePanels(q.get('panels')),
    presentation: present === '1' ? true : present === '0' ? false : fallback.presentation,
    mystery,
  };
}
