// Lesson prose and bug texts from content/lessons/NN-slug/ (written separately, in zh and en). Any file may
// be missing while the course is being written: the page then falls back to the lesson's own short texts.
import type { Bilingual, BugDef } from '../../lessons/types';

const prose = import.meta.glob('/content/lessons/*/*.md', { query: '?raw', import: 'default' }) as Record<string, () => Promise<string>>;
const bugFiles = import.meta.glob('/content/lessons/*/bugs.json', { import: 'default' }) as Record<string, () => Promise<unknown>>;

export async function loadProse(folder: string, lang: 'en' | 'zh'): Promise<string | null> {
  const load = prose[`/content/lessons/${folder}/${lang}.md`] ?? prose[`/content/lessons/${folder}/en.md`];
  if (!load) return null;
  try {
    return await load();
  } catch {
    return null;
  }
}

export interface BugText {
  name?: Bilingual;
  lookFor?: Bilingual;
  fix?: Bilingual;
  realHardware?: Bilingual;
  simulated?: boolean;
}

type Loose = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Accepts { en: {name..}, zh: {..} } per bug, or { name: {en, zh} } per field; an array or a map by id. */
function readBug(raw: Loose): BugText {
  const field = (f: string): Bilingual | undefined => {
    const byField = raw[f] as Loose | string | undefined;
    const en = str((raw.en as Loose | undefined)?.[f]) ?? (typeof byField === 'object' ? str(byField?.en) : str(byField));
    const zh = str((raw.zh as Loose | undefined)?.[f]) ?? (typeof byField === 'object' ? str(byField?.zh) : undefined);
    return en || zh ? { en: en ?? zh ?? '', zh: zh ?? en ?? '' } : undefined;
  };
  const sim = (raw.en as Loose | undefined)?.simulated ?? raw.simulated;
  return { name: field('name'), lookFor: field('lookFor'), fix: field('fix'), realHardware: field('realHardware'), simulated: typeof sim === 'boolean' ? sim : undefined };
}

export async function loadBugTexts(folder: string): Promise<Map<string, BugText>> {
  const map = new Map<string, BugText>();
  const load = bugFiles[`/content/lessons/${folder}/bugs.json`];
  if (!load) return map;
  try {
    const data = (await load()) as unknown;
    const list: [string, Loose][] = Array.isArray(data)
      ? (data as Loose[]).map((b) => [String(b.id ?? ''), b])
      : Object.entries(((data as Loose).bugs ?? data) as Record<string, Loose>).map(([id, b]) => [String(b.id ?? id), b]);
    for (const [id, b] of list) if (id && b && typeof b === 'object') map.set(id, readBug(b));
  } catch {
    /* a malformed file: keep the lesson's own texts */
  }
  return map;
}

/** The lesson's own texts, overridden field by field by content/ where present. */
export function mergeBug(def: BugDef, text: BugText | undefined): BugDef {
  if (!text) return def;
  return {
    ...def, name: text.name ?? def.name, lookFor: text.lookFor ?? def.lookFor, fix: text.fix ?? def.fix,
    realHardware: text.realHardware ?? def.realHardware, simulated: text.simulated ?? def.simulated,
  };
}
