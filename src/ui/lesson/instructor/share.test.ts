import { describe, expect, it } from 'vitest';
import { decodeShare, encodeShare, parsePanels, parseSeed, type ShareState } from './share';

const known = ['list-not-closed', 'no-present-barrier', 'cpu-handle-mixup'];
const prefs = { debugLayer: true, lang: 'en' as const, presentation: false };

describe('shared links', () => {
  it('round-trips everything on screen', () => {
    const s: ShareState = {
      step: 7,
      bugs: ['no-present-barrier', 'list-not-closed'],
      debugLayer: false,
      lang: 'zh',
      panels: ['heap', 'log'],
      presentation: true,
      mystery: null,
    };
    const q = encodeShare(s);
    expect(q).toBe('step=7&bugs=list-not-closed%2Cno-present-barrier&debug=0&lang=zh&panels=heap%2Clog&present=1');
    expect(decodeShare(q, known, prefs)).toEqual({ ...s, bugs: ['list-not-closed', 'no-present-barrier'] });
  });

  it('leaves out the defaults (run to end, no bugs, panels as they come)', () => {
    const q = encodeShare({
      step: null,
      bugs: [],
      debugLayer: true,
      lang: 'en',
      panels: null,
      presentation: false,
      mystery: null,
    });
    expect(q).toBe('debug=1&lang=en');
    expect(decodeShare(q, known, prefs)).toMatchObject({
      step: null,
      bugs: [],
      panels: null,
      presentation: false,
      mystery: null,
    });
  });

  it('a mystery link carries the seed, never the bug', () => {
    const q = encodeShare({
      step: null,
      bugs: ['list-not-closed'],
      debugLayer: true,
      lang: 'en',
      panels: null,
      presentation: false,
      mystery: 'abc123',
    });
    expect(q).not.toContain('list-not-closed');
    expect(q).toContain('mystery=abc123');
    // and a hand-edited ?bugs= next to a mystery is ignored
    expect(decodeShare('mystery=abc123&bugs=list-not-closed', known, prefs).bugs).toEqual([]);
  });

  it("falls back to the viewer's preferences and drops what it does not know", () => {
    const d = decodeShare('bugs=nope,list-not-closed&step=-3&lang=fr&debug=x&panels=states,bogus', known, {
      debugLayer: false,
      lang: 'zh',
      presentation: true,
    });
    expect(d).toMatchObject({
      bugs: ['list-not-closed'],
      step: null,
      lang: 'zh',
      debugLayer: false,
      panels: ['states'],
      presentation: true,
    });
  });

  it('panels come back in display order; an empty list means none open', () => {
    expect(parsePanels('log,heap')).toEqual(['heap', 'log']);
    expect(parsePanels('')).toEqual([]);
    expect(parsePanels(null)).toBeNull();
  });

  it('seeds are short URL-safe tokens; "1" is a seed, "0" and junk are not', () => {
    expect(parseSeed('1')).toBe('1');
    expect(parseSeed('0')).toBeNull();
    expect(parseSeed('<script>')).toBeNull();
    expect(parseSeed('x'.repeat(33))).toBeNull();
  });
});
