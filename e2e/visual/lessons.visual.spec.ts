// Every lesson whose code runs, every variant (the correct run and each bug of its meta.ts), against a committed
// baseline: the canvas for a lesson that draws, else the first panel its meta names (events excepted: a long
// text list) where its bugs show. Then, from the same pictures, each bug whose meta says its symptom is visible
// differs from the correct run and from the lesson's other visible bugs.
import { test, expect } from '@playwright/test';
import { VISUAL_LESSONS, viewPanel } from './variants';
import {
  CANVAS_1TO1_PATH,
  PANEL_UNSTUCK_PATH,
  canvasPixels,
  elementPixels,
  exactDiff,
  expectBaseline,
  openVariant,
} from './shots';

type Picture = { width: number; height: number; data: Uint8Array };
const differ = (a: Picture, b: Picture) =>
  a.width !== b.width || a.height !== b.height || exactDiff(a.data, b.data) > 0;

test.describe('visual: lessons × variants', () => {
  for (const l of VISUAL_LESSONS) {
    test(`${l.path}: ${l.variants.length} variants match their baselines${l.canvas ? '; visible bugs differ' : ''}`, async ({
      page,
    }) => {
      const canvas = new Map<string, Picture>();
      const log = new Map<string, Picture>();
      for (const v of l.variants) {
        await test.step(v.name, async () => {
          if (l.canvas) {
            await openVariant(page, l.path, v.query, true);
            await expectBaseline(page.getByTestId('lesson-canvas'), ['lessons', l.path, `${v.name}.png`], {
              stylePath: CANVAS_1TO1_PATH,
            });
            if (v.visible) {
              canvas.set(v.name, await canvasPixels(page));
              const panel = page.getByTestId('panel-log');
              if (await panel.count()) log.set(v.name, await elementPixels(panel));
            }
          } else {
            const panel = viewPanel(l);
            await openVariant(page, l.path, `${v.query}&panels=${panel}`, false);
            await expectBaseline(page.getByTestId(`panel-${panel}`), ['lessons', l.path, `${v.name}.png`], {
              stylePath: PANEL_UNSTUCK_PATH,
            });
          }
        });
      }
      // Each visible bug is measurably its own picture (threshold 0: any pixel that differs). Against the correct
      // run the canvas must differ. Two bugs may leave the same canvas (lesson 4: three ways to never clear it);
      // then the picture that tells them apart must be the debug log panel, compared the same way.
      const names = [...canvas.keys()];
      for (let i = 0; i < names.length; i++) {
        for (let j = i + 1; j < names.length; j++) {
          const [a, b] = [names[i], names[j]];
          if (differ(canvas.get(a)!, canvas.get(b)!)) continue;
          expect
            .soft(
              a === 'correct' ? false : log.has(a) && log.has(b) && differ(log.get(a)!, log.get(b)!),
              `${l.path}: "${a}" and "${b}" leave the same canvas${a === 'correct' ? '' : ' and the same debug log panel'}`,
            )
            .toBe(true);
          if (a !== 'correct')
            test
              .info()
              .annotations.push({ type: 'same canvas', description: `${a} / ${b}: told apart by the debug log panel` });
        }
      }
    });
  }
});
