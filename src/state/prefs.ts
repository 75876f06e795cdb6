// Preferences that survive a reload: language, debug layer, selected panel. Presentation mode lives here for the
// page to read but is not saved: it is a per-link setting (?present=1), so a projector link never sticks to a learner.
// Persisted with a version and a migration; corrupt saved state is kept aside (never thrown away)
// and the app starts from defaults and says so.
import { createStore } from 'zustand/vanilla';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';

export type Lang = 'en' | 'zh';

export interface Prefs {
  lang: Lang;
  debugLayer: boolean;
  panel: string;
  presentation: boolean;
  /** Set when saved preferences could not be read; the raw text is kept under CORRUPT_KEY. */
  recoveredFromCorrupt: boolean;
}

export interface PrefsActions {
  setLang(lang: Lang): void;
  setDebugLayer(on: boolean): void;
  setPanel(panel: string): void;
  setPresentation(on: boolean): void;
  dismissCorruptNotice(): void;
}

export const PREFS_KEY = 'd3d12lab.prefs';
export const CORRUPT_KEY = 'd3d12lab.prefs.corrupt';
export const PREFS_VERSION = 2;

export const defaultPrefs: Prefs = {
  lang: 'en',
  debugLayer: true,
  panel: 'debug-log',
  presentation: false,
  recoveredFromCorrupt: false,
};

/** v1 stored `language: 'en-US' | 'zh-CN'` and `debug: boolean`. */
export function migratePrefs(persisted: unknown, version: number): Prefs {
  const p = (persisted && typeof persisted === 'object' ? persisted : {}) as Record<string, unknown>;
  if (version < 2) {
    return {
      ...defaultPrefs,
      lang: typeof p.language === 'string' && p.language.startsWith('zh') ? 'zh' : 'en',
      debugLayer: typeof p.debug === 'boolean' ? p.debug : true,
    };
  }
  return sanitize(p);
}

function sanitize(p: Record<string, unknown>): Prefs {
  return {
    lang: p.lang === 'zh' ? 'zh' : 'en',
    debugLayer: typeof p.debugLayer === 'boolean' ? p.debugLayer : defaultPrefs.debugLayer,
    panel: typeof p.panel === 'string' ? p.panel : defaultPrefs.panel,
    presentation: false,
    recoveredFromCorrupt: false,
  };
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** JSON storage that never throws: unreadable saved state is moved to CORRUPT_KEY and reported. */
export function safeJsonStorage(backing: () => KeyValueStorage | undefined): PersistStorage<Prefs> {
  return {
    getItem(name) {
      const store = backing();
      const raw = store?.getItem(name);
      if (raw == null) return null;
      try {
        const parsed = JSON.parse(raw) as StorageValue<Prefs>;
        if (!parsed || typeof parsed !== 'object' || typeof parsed.state !== 'object')
          throw new Error('not a prefs object');
        return parsed;
      } catch {
        store?.setItem(CORRUPT_KEY, raw);
        return { state: { ...defaultPrefs, recoveredFromCorrupt: true }, version: PREFS_VERSION };
      }
    },
    setItem(name, value) {
      try {
        backing()?.setItem(name, JSON.stringify(value));
      } catch {
        /* storage full or disabled: preferences stay in memory for this visit */
      }
    },
    removeItem(name) {
      backing()?.removeItem(name);
    },
  };
}

export function createPrefsStore(backing: () => KeyValueStorage | undefined) {
  return createStore<Prefs & PrefsActions>()(
    persist(
      (set) => ({
        ...defaultPrefs,
        setLang: (lang) => set({ lang }),
        setDebugLayer: (debugLayer) => set({ debugLayer }),
        setPanel: (panel) => set({ panel }),
        setPresentation: (presentation) => set({ presentation }),
        dismissCorruptNotice: () => set({ recoveredFromCorrupt: false }),
      }),
      {
        name: PREFS_KEY,
        version: PREFS_VERSION,
        storage: safeJsonStorage(backing),
        migrate: (persisted, version) => migratePrefs(persisted, version),
        partialize: (s) => ({
          lang: s.lang,
          debugLayer: s.debugLayer,
          panel: s.panel,
          // never saved on: a per-link setting
          presentation: false,
          recoveredFromCorrupt: s.recoveredFromCorrupt,
        }),
        merge: (persisted, current) => ({
          ...current,
          ...sanitize((persisted ?? {}) as Record<string, unknown>),
          recoveredFromCorrupt: Boolean((persisted as Prefs | undefined)?.recoveredFromCorrupt),
        }),
      },
    ),
  );
}
