// The README says what the code says: its lesson table is generated from the lesson folders' meta.ts (the
// catalogue), and its automation contract names the panels of the panel registry. To rewrite the table after
// adding or renaming a lesson: WRITE_README=1 npx vitest run src/lessons/readme.test.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LESSONS } from './catalog';
import { LESSON_DEFS } from './index';
import { PANEL_NAMES } from './panels';
import { lessonFolder } from './types';

const path = new URL('../../README.md', import.meta.url).pathname;
const BEGIN = '<!-- lessons: generated from src/lessons/*/meta.ts, see src/lessons/readme.test.ts -->';
const END = '<!-- /lessons -->';

/** The README's lesson table, from the catalogue. */
function lessonTable(): string {
  const rows = LESSONS.map((l) => {
    const status = LESSON_DEFS.has(l.id) ? 'live' : 'prose';
    const bugs = l.bugs.map((b) => `\`${b.id}\``).join(', ') || '—';
    return `| ${l.id} | [${l.title.en}](src/lessons/${lessonFolder(l)}/) | ${l.title.zh} | ${status} | ${bugs} |`;
  });
  return [BEGIN, '| # | Lesson | 中文 | Status | Bug toggles (`?bugs=`) |', '|---|---|---|---|---|', ...rows, END].join(
    '\n',
  );
}

describe('README', () => {
  const readme = readFileSync(path, 'utf8');

  it('lists the lessons of the catalogue, with their status and bug toggles', () => {
    const start = readme.indexOf(BEGIN);
    const end = readme.indexOf(END);
    expect(start, `README.md needs the block ${BEGIN} … ${END}`).toBeGreaterThanOrEqual(0);
    const current = readme.slice(start, end + END.length);
    if (process.env.WRITE_README && current !== lessonTable())
      writeFileSync(path, readme.replace(current, lessonTable()));
    else
      expect(current, 'README.md lesson table is stale: WRITE_README=1 npx vitest run src/lessons/readme.test.ts').toBe(
        lessonTable(),
      );
  });

  it('names the panels of the panel registry, in order, in the automation contract', () => {
    expect(readme).toContain(`\`?panels=${PANEL_NAMES.join(',')}\``);
    expect(readme).toContain(`\`panel-${PANEL_NAMES.join('|')}\``);
  });
});
