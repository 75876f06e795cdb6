// The URL parameters the app accepts (README: automation contract) and what a bad value of each is. A bad value
// is ignored, the rest of the link still applies, and the page says which value was ignored and what is valid:
// a shared link that silently shows something else teaches the wrong thing. (?bugs= is per lesson: the lesson
// page checks it against the lesson's bug list.)
import { PANEL_NAMES } from '../lessons/panels';

export interface BadQueryValue {
  key: string;
  value: string;
  valid: string;
}

const RULES: Record<string, { ok(v: string): boolean; valid: string }> = {
  lang: { ok: (v) => v === 'en' || v === 'zh', valid: 'en, zh' },
  debug: { ok: (v) => v === '0' || v === '1', valid: '0, 1' },
  present: { ok: (v) => v === '0' || v === '1', valid: '0, 1' },
  step: { ok: (v) => /^\d{1,9}$/.test(v), valid: '0, 1, 2 … (a call index)' },
  panels: {
    ok: (v) => v.split(',').every((p) => (PANEL_NAMES as readonly string[]).includes(p.trim())),
    valid: PANEL_NAMES.join(', '),
  },
  mystery: { ok: (v) => /^[A-Za-z0-9_-]{1,32}$/.test(v.trim()), valid: '1–32 letters, digits, _ or -' },
};

export function badQueryValues(params: URLSearchParams): BadQueryValue[] {
  const bad: BadQueryValue[] = [];
  for (const [key, rule] of Object.entries(RULES)) {
    const value = params.get(key);
    if (value != null && !rule.ok(value))
      bad.push({ key, value: value.length > 40 ? `${value.slice(0, 40)}…` : value, valid: rule.valid });
  }
  return bad;
}
