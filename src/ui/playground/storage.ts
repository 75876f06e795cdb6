// Edits kept per lesson in localStorage, versioned; data that cannot be read is reset with a notice (the old text
// is kept under a side key, as the preferences do).
const KEY = 'd3d12lab.playground';
const VERSION = 1;

interface Saved {
  version: typeof VERSION;
  edits: Record<string, string>;
}

function read(): { saved: Saved; corrupt: boolean } {
  const empty: Saved = { version: VERSION, edits: {} };
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return { saved: empty, corrupt: false };
  }
  if (raw == null) return { saved: empty, corrupt: false };
  try {
    const v = JSON.parse(raw) as Saved;
    const ok =
      v &&
      v.version === VERSION &&
      typeof v.edits === 'object' &&
      v.edits !== null &&
      Object.values(v.edits).every((t) => typeof t === 'string');
    if (ok) return { saved: v, corrupt: false };
  } catch {
    /* falls through to the reset */
  }
  try {
    localStorage.setItem(`${KEY}.corrupt`, raw);
    localStorage.setItem(KEY, JSON.stringify(empty));
  } catch {
    /* storage full or refused: the edits live in memory only */
  }
  return { saved: empty, corrupt: true };
}

/** The learner's saved version of a lesson's code (null: none), and whether the store had to be reset. */
export function loadEdit(lesson: string): { text: string | null; corrupt: boolean } {
  const { saved, corrupt } = read();
  return { text: saved.edits[lesson] ?? null, corrupt };
}

/** Keeps `text` for `lesson` (null: forget it, back to the lesson's own code). */
export function saveEdit(lesson: string, text: string | null): void {
  const { saved } = read();
  if (text == null) delete saved.edits[lesson];
  else saved.edits[lesson] = text;
  try {
    localStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    /* storage full or refused: the edit stays in the editor */
  }
}
