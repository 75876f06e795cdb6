// Each debugger panel on a few lessons' real traces (the lessons' own runs, not a synthetic trace), in both
// languages, against committed baselines. The lessons and variants here are chosen (a short trace per panel, a
// bug that puts an error in the log, zh for the CJK font); their bug IDs come from the metas, so a renamed bug
// fails here by name. Nothing in these panels varies from run to run (the model's time is modelled, not
// measured: two runs give identical pixels), so nothing is masked; a panel that gains varying text (a clock, a
// measured duration) must mask it here with `mask: [locator]`.
import { test, expect } from '@playwright/test';
import { VISUAL_LESSONS } from './variants';
import { expectBaseline, openVariant } from './shots';
import { PANEL_NAMES, type PanelName } from '../../src/lessons/panels';

interface PanelShot {
  lesson: string;
  bug: (bugs: string[]) => string;
  lang: 'en' | 'zh';
  panels: PanelName[];
}

const SHOTS: PanelShot[] = [
  { lesson: '04-clear', bug: () => '', lang: 'en', panels: ['states', 'log', 'events'] },
  { lesson: '04-clear', bug: () => 'cpu-handle-mixup', lang: 'zh', panels: ['log', 'descriptors'] },
  { lesson: '13-upload-copy', bug: () => '', lang: 'en', panels: ['heap', 'fences'] },
  { lesson: '14-texture-states', bug: (b) => b[0], lang: 'zh', panels: ['states'] },
];

test('the panel shots cover every debugger panel', () => {
  expect([...new Set(SHOTS.flatMap((s) => s.panels))].sort()).toEqual([...PANEL_NAMES].sort());
});

for (const s of SHOTS) {
  const l = VISUAL_LESSONS.find((x) => x.path === s.lesson);
  const bug = l ? s.bug(l.bugs.map((b) => b.id)) : '';
  test(`visual: panels ${s.panels.join(', ')} on ${s.lesson}${bug ? ` (${bug})` : ''}, ${s.lang}`, async ({ page }) => {
    expect(l, `lesson ${s.lesson} runs`).toBeDefined();
    if (bug)
      expect(
        l!.bugs.map((b) => b.id),
        `${s.lesson} has bug ${bug}`,
      ).toContain(bug);
    await openVariant(
      page,
      s.lesson,
      `${bug ? `bugs=${bug}&` : ''}debug=1&lang=${s.lang}&panels=${s.panels.join(',')}`,
      l!.canvas,
    );
    for (const p of s.panels) {
      await expectBaseline(page.getByTestId(`panel-${p}`), [
        'panels',
        s.lesson,
        `${bug || 'correct'}.${s.lang}.${p}.png`,
      ]);
    }
  });
}
