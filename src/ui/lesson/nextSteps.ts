// What to do after a page: the next lesson, and the lessons its text mentions ("lesson 13", "lessons 2, 3 and
// 4", "第 13 课", "第 2、3 课"), and for a page that is not there, the lesson nearest to what was asked for.
// Pure: unit-tested over the real prose and catalogue.
import { lessonFolder } from '../../lessons/types';

interface Entry {
  id: string;
  slug: string;
}

const ID = String.raw`(?:A\d{1,2}|\d{1,2})`;
const LIST = String.raw`${ID}(?:\s*(?:,|、|，|and|or|和|与|及|至|to|–|-)\s*${ID})*`;
const EN = new RegExp(String.raw`\blessons?\s+(${LIST})`, 'gi');
const ZH = new RegExp(String.raw`第\s*(${LIST})\s*课`, 'g');
/** "A1 课" (advanced lessons are named without 第) */
const ZH_ADV = /(A\d{1,2})\s*课/g;

/** "4" → "04", "a2" → "A2": catalogue ids. */
function norm(id: string): string {
  const s = id.toUpperCase();
  return s.startsWith('A') ? s : s.padStart(2, '0');
}

/** The catalogue ids a text mentions, in order of first mention, without `self`. */
export function mentionedLessons(text: string, known: readonly Entry[], self?: string): string[] {
  const ids = new Set(known.map((l) => l.id));
  const out: string[] = [];
  for (const re of [EN, ZH, ZH_ADV]) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      for (const raw of m[1].match(new RegExp(ID, 'gi')) ?? []) {
        const id = norm(raw);
        if (ids.has(id) && id !== self && !out.includes(id)) out.push(id);
      }
    }
  }
  return out;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}

/**
 * The lesson nearest to a path that is not a page: by number when it starts with one ("/lessons/99-x" → the
 * last core lesson, "/lessons/a12" → the last advanced one), else by the spelling of the folder or slug.
 */
export function nearestLesson<T extends Entry>(path: string, lessons: readonly T[]): T | undefined {
  if (!lessons.length) return undefined;
  const seg =
    decodeURIComponent(path)
      .toLowerCase()
      .replace(/^\/+/, '')
      .replace(/^lessons?\//, '')
      .split(/[/?#]/)[0] ?? '';
  const num = /^(a?)(\d+)/.exec(seg);
  if (num) {
    const advanced = num[1] === 'a';
    const n = Number(num[2]);
    const track = lessons.filter((l) => l.id.startsWith('A') === advanced);
    const pool = track.length ? track : lessons;
    let best = pool[0];
    for (const l of pool) {
      const d = Math.abs(Number(l.id.replace(/^A/, '')) - n);
      if (d < Math.abs(Number(best.id.replace(/^A/, '')) - n)) best = l;
    }
    return best;
  }
  let best = lessons[0];
  let bestD = Infinity;
  for (const l of lessons) {
    const d = Math.min(editDistance(seg, lessonFolder(l).toLowerCase()), editDistance(seg, l.slug.toLowerCase()));
    if (d < bestD) {
      best = l;
      bestD = d;
    }
  }
  return best;
}
