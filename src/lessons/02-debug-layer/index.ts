import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

export const lesson02 = defineLesson(meta, {
  source,
  run: (env) => runLessonCode(main, env),
  expectedMessages: ['DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE'],
  async check(run, _pixels, env) {
    const caught = run.sys.messages.some((m) => m.id === 'DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE');
    return [
      {
        level: 'correct',
        ok: env.debugLayer,
        what: {
          en: 'the debug layer is switched on (page switch "debug layer", key d)',
          zh: '调试层已打开（页面上的“调试层”开关，快捷键 d）',
        },
        expected: 'on',
        got: env.debugLayer ? 'on' : 'off',
      },
      {
        level: 'correct',
        ok: caught,
        what: {
          en: 'the deliberate test error is reported (GetGPUDescriptorHandleForHeapStart on an RTV heap)',
          zh: '故意制造的错误被报告（对 RTV 堆调用 GetGPUDescriptorHandleForHeapStart）',
        },
        expected: 'DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE',
        got: caught ? 'DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE' : 'no message',
      },
    ];
  },
});

export default lesson02;
