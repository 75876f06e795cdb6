// The message browser's model side: run one variant (lesson + bug) of an earlier lesson with the debug layer on,
// and where a severity threshold stops the step cursor. No UI here, so the lesson's check and the tests use it too.
import type { D3D12Message, MessageSeverity } from '../../core';
import type { LessonDef, LessonRun } from '../types';

/** Most severe first: "break on ERROR" stops at ERROR and CORRUPTION. */
export const SEVERITIES: MessageSeverity[] = ['CORRUPTION', 'ERROR', 'WARNING', 'INFO', 'MESSAGE'];

/** The lessons before this one that have bugs: the browser's list. */
export function earlierLessons(all: readonly LessonDef[]): LessonDef[] {
  return all.filter((d) => d.entry.track === 'core' && Number(d.entry.id) < 23 && d.bugs.length > 0);
}

export function runVariant(def: LessonDef, bug: string | null, debugLayer = true): LessonRun {
  return def.run({ debugLayer, bugs: new Set(bug ? [bug] : []), width: 64, height: 64 });
}

/** The first message at or above `threshold` raised after call `after`: the call the cursor stops at (null: none). */
export function nextBreak(
  messages: readonly D3D12Message[],
  threshold: MessageSeverity,
  after: number,
): D3D12Message | null {
  const rank = SEVERITIES.indexOf(threshold);
  return messages.find((m) => m.callIndex > after && SEVERITIES.indexOf(m.severity) <= rank) ?? null;
}

/** Declared messages (meta.ts) each bug's variant did not raise: empty when the browser shows them all. */
export function missingDeclared(all: readonly LessonDef[]): { lesson: string; bug: string; missing: string[] }[] {
  const out: { lesson: string; bug: string; missing: string[] }[] = [];
  for (const def of earlierLessons(all)) {
    for (const b of def.bugs) {
      if (b.messages.length === 0) continue;
      const ids = new Set(runVariant(def, b.id).sys.messages.map((m) => m.id));
      const missing = b.messages.filter((m) => !ids.has(m));
      if (missing.length) out.push({ lesson: def.entry.id, bug: b.id, missing });
    }
  }
  return out;
}
