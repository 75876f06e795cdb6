import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem, LessonRun } from '../types';
import { TEXTURED_PS_HLSL, TEXTURED_VS_HLSL, TEXTURED_WGSL } from '../14-texture-states/shaders';
import { earlierLessons, missingDeclared } from './browse';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

const GBV_MESSAGE = 'GPU_BASED_VALIDATION_DESCRIPTOR_UNINITIALIZED';

export const lesson23 = defineLesson(meta, {
  source,
  shaders: { hlsl: `${TEXTURED_VS_HLSL}\n${TEXTURED_PS_HLSL}`, wgsl: TEXTURED_WGSL },
  // the uninitialised descriptor is the lesson's own demonstration: GBV reporting it is the point, not a failure
  expectedMessages: [GBV_MESSAGE],
  run(env) {
    // two launches of the same program: first with the CPU-side layer only, then with GBV switched on (the page's run)
    const cpuOnly = runLessonCode(main, env, undefined, [false]);
    const run = runLessonCode(main, env);
    const row = (r: LessonRun, gbv: string) => [
      gbv,
      r.sys.messages.length
        ? r.sys.messages.map((m) => `${m.id} (${m.severity}, call ${m.callIndex})`).join('; ')
        : '—',
    ];
    run.out.cpuOnlyMessages = cpuOnly.sys.messages.map((m) => m.id);
    run.out.table = {
      title: {
        en: 'The same program, launched twice: the draw reads an uninitialised descriptor through a volatile table',
        zh: '同一个程序启动两次：绘制通过 volatile 描述符表读取一个未初始化的描述符',
      },
      columns: [
        { en: 'Launch', zh: '启动' },
        { en: 'Debug-layer messages', zh: '调试层消息' },
      ],
      rows: [
        row(cpuOnly, 'SetEnableGPUBasedValidation(FALSE): CPU-side layer only'),
        row(run, 'SetEnableGPUBasedValidation(TRUE)'),
      ],
      testId: 'gbv-table',
    };
    return run;
  },
  async check(run) {
    const cpuOnly = (run.out.cpuOnlyMessages as string[] | undefined) ?? [];
    const ecl = run.out.executeCall as number | undefined;
    const gbv = run.sys.messages.filter((m) => m.id === GBV_MESSAGE);
    const { LESSON_LIST } = await import('../index');
    const missing = missingDeclared(LESSON_LIST);
    const bugs = earlierLessons(LESSON_LIST).flatMap((d) => d.bugs.filter((b) => b.messages.length > 0));
    const items: CheckItem[] = [
      {
        level: 'correct',
        ok: cpuOnly.length === 0,
        what: {
          en: 'with the CPU-side layer alone, the draw through the volatile table raises no message (nothing to check when the table is set)',
          zh: '只有 CPU 端调试层时，通过 `volatile` 描述符表的绘制不产生任何消息（设置描述符表时无从检查）',
        },
        expected: 'no message',
        got: cpuOnly.length ? cpuOnly.join(', ') : 'no message',
      },
      {
        level: 'correct',
        ok: gbv.length > 0 && ecl != null && gbv.every((m) => m.callIndex > ecl),
        what: {
          en: 'with GPU-based validation on, the uninitialised descriptor is reported after ExecuteCommandLists, on the GPU timeline',
          zh: '打开 GPU 验证后，未初始化的描述符在 ExecuteCommandLists 之后、在 GPU 时间线上被报告',
        },
        expected: `${GBV_MESSAGE} after call ${ecl ?? '?'}`,
        got: gbv.length ? gbv.map((m) => `${m.id} at call ${m.callIndex}`).join('; ') : 'no GBV message',
      },
      {
        level: 'correct',
        ok: missing.length === 0 && bugs.length > 0,
        what: {
          en: 'the message browser: every earlier bug raises the messages its lesson declares, with the debug layer on',
          zh: '消息浏览器：每个前面课程的错误在打开调试层时都产生其课程声明的消息',
        },
        expected: `${bugs.length} bugs, each with its declared messages`,
        got: missing.length
          ? missing.map((m) => `${m.lesson} ${m.bug}: missing ${m.missing.join(', ')}`).join('; ')
          : `${bugs.length} bugs, all declared messages raised`,
      },
    ];
    return items;
  },
});

export default lesson23;
