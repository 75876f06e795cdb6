import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { pixelItem, presentStateItem } from '../common/checks';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

export const lesson04 = defineLesson(meta, {
  source,
  run: (env) => runLessonCode(main, env),
  async check(run, pixels, env) {
    return [
      await pixelItem(pixels, env.width / 2, env.height / 2, [255, 0, 255, 255], {
        en: 'centre pixel is (255,0,255)',
        zh: '中心像素为 (255,0,255)',
      }),
      presentStateItem(run.sys),
    ];
  },
});

export default lesson04;
