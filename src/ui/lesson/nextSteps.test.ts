import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { LESSONS } from '../../lessons/catalog';
import { mentionedLessons, nearestLesson } from './nextSteps';

describe('next steps', () => {
  it('finds the lessons a text mentions, in English and Chinese, lists included', () => {
    const text =
      'As lesson 13 showed, and lessons 2, 3 and 4 before it; 第 19 课会讲；第 2、20 课; lesson A1; lesson 99.';
    expect(mentionedLessons(text, LESSONS, '14')).toEqual(['13', '02', '03', '04', 'A1', '19', '20']);
    expect(mentionedLessons('see lesson 14', LESSONS, '14')).toEqual([]);
  });

  it("reads the real prose: lesson 14's texts point back to 13 and on to 19 in both languages", () => {
    for (const lang of ['en', 'zh']) {
      const text = readFileSync(`content/lessons/14-texture-states/${lang}.md`, 'utf8');
      expect(mentionedLessons(text, LESSONS, '14'), lang).toEqual(expect.arrayContaining(['13', '19']));
    }
  });

  it('a page that is not there: the nearest lesson by number, or by spelling', () => {
    expect(nearestLesson('/lessons/14-textur-states', LESSONS)?.id).toBe('14');
    expect(nearestLesson('/lessons/99-nothing', LESSONS)?.id).toBe('25');
    expect(nearestLesson('/lessons/a42', LESSONS)?.id.startsWith('A')).toBe(true);
    expect(nearestLesson('/fences', LESSONS)?.slug).toBe('fences');
    expect(nearestLesson('/lesson/barriers', LESSONS)?.id).toBe('19');
  });
});
