import { findLesson } from '../catalog';
import { runLessonCode } from '../runner';
import type { LessonDef } from '../types';
import { pixelItem, presentStateItem } from '../common/checks';
import { main } from './code';
import source from './code.ts?raw';

export const lesson04: LessonDef = {
  entry: findLesson('04')!,
  source,
  panels: ['states', 'log'],
  canvas: true,
  run: (env) => runLessonCode(main, env),
  bugs: [{
    id: 'rtv-heap-shader-visible',
    name: { en: 'RTV heap created with D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE', zh: 'RTV 堆带着 D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE 创建' },
    lookFor: { en: 'CreateDescriptorHeap returns E_INVALIDARG; nothing is drawn.', zh: 'CreateDescriptorHeap 返回 E_INVALIDARG；什么也没画出来。' },
    fix: { en: 'RTV and DSV heaps take D3D12_DESCRIPTOR_HEAP_FLAG_NONE.', zh: 'RTV 和 DSV 堆只能用 D3D12_DESCRIPTOR_HEAP_FLAG_NONE。' },
    messages: ['CREATE_DESCRIPTOR_HEAP_INVALID_DESC'], simulated: false, visible: true,
  }, {
    id: 'no-present-barrier',
    name: { en: 'No RENDER_TARGET → PRESENT barrier before Present', zh: 'Present 之前没有 RENDER_TARGET → PRESENT 屏障' },
    lookFor: { en: 'The frame usually looks right; the debug layer reports INVALID_SUBRESOURCE_STATE at Present and the state history shows RENDER_TARGET.', zh: '画面通常看起来正常；调试层在 Present 时报告 INVALID_SUBRESOURCE_STATE，状态历史里是 RENDER_TARGET。' },
    fix: { en: 'Transition the back buffer back to D3D12_RESOURCE_STATE_PRESENT before Close.', zh: '在 Close 之前把后台缓冲转回 D3D12_RESOURCE_STATE_PRESENT。' },
    realHardware: { en: 'Undefined: often nothing visible; some GPUs show compression artefacts or a stale frame.', zh: '未定义：通常看不出异常；某些 GPU 会出现压缩伪影或旧帧。' },
    messages: ['INVALID_SUBRESOURCE_STATE'], simulated: true, visible: false,
  }, {
    id: 'list-not-closed',
    name: { en: 'ExecuteCommandLists on a list that was never closed', zh: '对没有 Close 的命令列表调用 ExecuteCommandLists' },
    lookFor: { en: 'The runtime drops the call and removes the device: black frame, Present fails.', zh: '运行时丢弃这次调用并移除设备：黑屏，Present 失败。' },
    fix: { en: 'Call Close() on the list before ExecuteCommandLists.', zh: '在 ExecuteCommandLists 之前调用 Close()。' },
    messages: ['EXECUTECOMMANDLISTS_OPENCOMMANDLIST'], simulated: false, visible: true,
  }, {
    id: 'cpu-handle-mixup',
    name: { en: 'GPU descriptor handle passed where a CPU handle is required', zh: '需要 CPU 句柄的地方传了 GPU 描述符句柄' },
    lookFor: { en: 'The RTV heap has no GPU handle (NULL); the clear targets nothing: black frame.', zh: 'RTV 堆没有 GPU 句柄（NULL）；清屏没有目标：黑屏。' },
    fix: { en: 'OMSetRenderTargets and ClearRenderTargetView take CPU handles: GetCPUDescriptorHandleForHeapStart + index × increment.', zh: 'OMSetRenderTargets 和 ClearRenderTargetView 接受 CPU 句柄：GetCPUDescriptorHandleForHeapStart + 索引 × 增量。' },
    realHardware: { en: 'Undefined: a garbage descriptor address; often an access violation in the driver or device removal.', zh: '未定义：描述符地址是垃圾值；常见结果是驱动里访问冲突或设备被移除。' },
    messages: ['DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE', 'INVALID_DESCRIPTOR_HANDLE'], simulated: true, visible: true,
  }],
  async check(run, pixels, env) {
    return [
      await pixelItem(pixels, env.width / 2, env.height / 2, [255, 0, 255, 255], { en: 'centre pixel is (255,0,255)', zh: '中心像素为 (255,0,255)' }),
      presentStateItem(run.sys),
    ];
  },
};
