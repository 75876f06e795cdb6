import { findLesson } from '../catalog';
import { runLessonCode } from '../runner';
import type { LessonDef } from '../types';
import { main } from './code';
import source from './code.ts?raw';

export const lesson02: LessonDef = {
  entry: findLesson('02')!,
  source,
  panels: ['log', 'events'],
  canvas: false,
  run: (env) => runLessonCode(main, env),
  expectedMessages: ['DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE'],
  bugs: [{
    id: 'debug-after-device',
    name: { en: 'EnableDebugLayer called after D3D12CreateDevice', zh: '在 D3D12CreateDevice 之后才调用 EnableDebugLayer' },
    lookFor: { en: 'No messages anywhere; the device is removed and the next creation call fails.', zh: '没有任何消息；设备被移除，下一次创建调用失败。' },
    fix: { en: 'Enable the debug layer and DRED before the first D3D12CreateDevice.', zh: '在第一次 D3D12CreateDevice 之前打开调试层和 DRED。' },
    messages: [], simulated: false, visible: false,
  }],
  async check(run, _pixels, env) {
    const caught = run.sys.messages.some((m) => m.id === 'DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE');
    return [{
      level: 'correct', ok: env.debugLayer,
      what: { en: 'the debug layer is switched on (page switch "debug layer", key d)', zh: '调试层已打开（页面上的“调试层”开关，快捷键 d）' },
      expected: 'on', got: env.debugLayer ? 'on' : 'off',
    }, {
      level: 'correct', ok: caught,
      what: { en: 'the deliberate test error is reported (GetGPUDescriptorHandleForHeapStart on an RTV heap)', zh: '故意制造的错误被报告（对 RTV 堆调用 GetGPUDescriptorHandleForHeapStart）' },
      expected: 'DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE', got: caught ? 'DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE' : 'no message',
    }];
  },
};
