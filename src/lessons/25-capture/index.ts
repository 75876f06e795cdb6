import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem, LessonEnv, LessonRun } from '../types';
import { pixelItem } from '../common/checks';
import { TRIANGLE_HLSL, TRIANGLE_WGSL } from '../common/shaders';
import { captureSystem, makeCapture, replayCapture } from './capture';
import type { CaptureFile } from './format';
import { loadedCapture } from './slot';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

export const CAPTURE_LESSON = '25-capture';

/** Objects a capture should name: the ones a learner looks for in a capture (PIX lists these by name). */
export const NAMED_TYPES = [
  'ID3D12Resource',
  'ID3D12CommandQueue',
  'ID3D12GraphicsCommandList',
  'ID3D12CommandAllocator',
  'ID3D12DescriptorHeap',
  'ID3D12PipelineState',
  'ID3D12RootSignature',
];

/** The capture of a run, as the page saves it. */
export const captureOf = (run: LessonRun, env: Pick<LessonEnv, 'width' | 'height'>) =>
  makeCapture(run, CAPTURE_LESSON, { width: env.width, height: env.height });

function tables(run: LessonRun, capture: CaptureFile, source: string) {
  const shown = capture.objects.filter((o) => NAMED_TYPES.includes(o.type));
  run.out.captureObjects = {
    title: { en: `The capture's objects (${source})`, zh: `捕获中的对象（${source}）` },
    columns: [
      { en: 'Object', zh: '对象' },
      { en: 'Shown in the capture as', zh: '在捕获中显示为' },
    ],
    rows: shown.map((o) => [`${o.type} #${o.id}`, o.name ?? `${o.address} (Unnamed ${o.type} Object)`]),
    testId: 'capture-objects',
  };
  run.out.captureSummary = {
    title: { en: 'What the capture holds', zh: '捕获包含的内容' },
    columns: [
      { en: 'Part', zh: '部分' },
      { en: 'Count', zh: '数量' },
    ],
    rows: [
      ['calls', String(capture.calls.length)],
      ['objects', String(capture.objects.length)],
      ['bytes written through Map (at Unmap)', String(capture.bytes.length)],
      ['submissions (ExecuteCommandLists) with their commands', String(capture.submissions.length)],
      ['event markers', String(capture.markers.length)],
      ['Present (call, back buffer)', `${capture.frame.presentCall}, #${capture.frame.presentedResource}`],
    ],
    testId: 'capture-summary',
  };
}

const sameWork = (a: CaptureFile, b: CaptureFile) =>
  JSON.stringify([a.submissions, a.frame, a.markers]) === JSON.stringify([b.submissions, b.frame, b.markers]);

export const lesson25 = defineLesson(meta, {
  source,
  shaders: { hlsl: TRIANGLE_HLSL, wgsl: TRIANGLE_WGSL },
  run(env) {
    const file = loadedCapture();
    if (file) {
      const r = replayCapture(file.capture);
      // the page replays a file only after replaying it once without error; a failure here is still said
      const run: LessonRun = r.ok
        ? r.run
        : { sys: captureSystem(), out: {}, stopped: { hr: null, what: r.error.message.en, callIndex: 0 } };
      run.out.replayOf = file.fileName;
      tables(run, r.ok ? captureOf(run, env) : file.capture, file.fileName);
      return run;
    }
    const run = runLessonCode(main, env, () => captureSystem());
    tables(run, captureOf(run, env), 'code.ts');
    return run;
  },
  async check(run, pixels, env) {
    const capture = captureOf(run, env);
    const replay = replayCapture(JSON.parse(JSON.stringify(capture)) as CaptureFile);
    const again = replay.ok ? captureOf(replay.run, env) : null;
    const unnamed = capture.objects.filter((o) => NAMED_TYPES.includes(o.type) && !o.name);
    const items: CheckItem[] = [
      await pixelItem(
        pixels,
        32,
        20,
        [255, 0, 0, 255],
        { en: 'pixel (32,20) near the top vertex is red', zh: '靠近顶部顶点的像素 (32,20) 是红色' },
        90,
      ),
      await pixelItem(pixels, 4, 4, [255, 0, 255, 255], {
        en: 'the background pixel (4,4) is the clear colour',
        zh: '背景像素 (4,4) 是清屏颜色',
      }),
      {
        level: 'correct',
        ok: Boolean(again && sameWork(capture, again)),
        what: {
          en: "the frame's capture, written out as JSON and replayed on a fresh model, submits the same commands, markers and Present",
          zh: '帧的捕获写成 JSON 后在全新的模型上回放，提交的命令、标记和 Present 都相同',
        },
        expected: `${capture.submissions.length} submission(s), ${capture.markers.length} markers, Present of #${capture.frame.presentedResource}`,
        got: !replay.ok
          ? replay.error.message.en
          : again && sameWork(capture, again)
            ? `${again.submissions.length} submission(s), ${again.markers.length} markers, Present of #${again.frame.presentedResource}`
            : 'different work',
      },
      {
        level: 'correct',
        ok: unnamed.length === 0,
        what: {
          en: 'every resource, queue, list, allocator, heap, PSO and root signature has a name in the capture',
          zh: '捕获中每个资源、队列、命令列表、分配器、堆、PSO 和根签名都有名字',
        },
        expected: '0 unnamed',
        got: unnamed.length
          ? `${unnamed.length} shown by address only: ${unnamed
              .slice(0, 4)
              .map((o) => o.address)
              .join(', ')}${unnamed.length > 4 ? ', …' : ''}`
          : '0 unnamed',
      },
    ];
    return items;
  },
});

export default lesson25;
