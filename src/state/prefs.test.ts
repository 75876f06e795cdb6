import { describe, expect, it } from 'vitest';
import { CORRUPT_KEY, PREFS_KEY, PREFS_VERSION, createPrefsStore, type KeyValueStorage } from './prefs';

function memory(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
}

describe('preferences (persisted, versioned)', () => {
  it('round-trips language and debug layer through storage', () => {
    const mem = memory();
    const a = createPrefsStore(() => mem);
    a.getState().setLang('zh');
    a.getState().setDebugLayer(false);
    const b = createPrefsStore(() => mem);
    expect(b.getState().lang).toBe('zh');
    expect(b.getState().debugLayer).toBe(false);
    expect(JSON.parse(mem.data[PREFS_KEY]).version).toBe(PREFS_VERSION);
  });

  it('never saves presentation mode: it is a per-link setting (?present=1), not sticky', () => {
    const mem = memory();
    createPrefsStore(() => mem)
      .getState()
      .setPresentation(true);
    expect(createPrefsStore(() => mem).getState().presentation).toBe(false);
    expect(JSON.parse(mem.data[PREFS_KEY]).state.presentation).toBe(false);
    // an older save that held it on starts off
    const on = memory({ [PREFS_KEY]: JSON.stringify({ state: { lang: 'en', presentation: true }, version: 2 }) });
    expect(createPrefsStore(() => on).getState().presentation).toBe(false);
    // a v1 save predates presentation mode: it starts off
    const old = memory({ [PREFS_KEY]: JSON.stringify({ state: { language: 'en-US', debug: true }, version: 1 }) });
    expect(createPrefsStore(() => old).getState().presentation).toBe(false);
  });

  it('migrates version 1 (language/debug) to version 2 (lang/debugLayer)', () => {
    const mem = memory({ [PREFS_KEY]: JSON.stringify({ state: { language: 'zh-CN', debug: false }, version: 1 }) });
    const s = createPrefsStore(() => mem).getState();
    expect(s.lang).toBe('zh');
    expect(s.debugLayer).toBe(false);
  });

  it('keeps corrupt saved state aside, starts from defaults and flags it', () => {
    const mem = memory({ [PREFS_KEY]: '{"state": {"lang": "zh"' });
    const s = createPrefsStore(() => mem).getState();
    expect(s.lang).toBe('en');
    expect(s.recoveredFromCorrupt).toBe(true);
    expect(mem.data[CORRUPT_KEY]).toBe('{"state": {"lang": "zh"');
  });

  it('ignores values of the wrong type', () => {
    const mem = memory({ [PREFS_KEY]: JSON.stringify({ state: { lang: 'fr', debugLayer: 'yes' }, version: 2 }) });
    const s = createPrefsStore(() => mem).getState();
    expect(s.lang).toBe('en');
    expect(s.debugLayer).toBe(true);
  });
});
