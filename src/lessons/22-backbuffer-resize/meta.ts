// Lesson 22: the catalogue's facts and bug texts (pure data); prose only for now.
import type { LessonMeta } from '../types';

export default {
  id: '22',
  slug: 'backbuffer-resize',
  title: {
    en: 'Back-buffer index, re-binding RTVs, resize',
    zh: '后台缓冲索引、重绑 RTV 与改变尺寸',
  },
  bugs: [
    {
      id: 'stale-backbuffer-index',
      messages: ['EXECUTECOMMANDLISTS_WRONGSWAPCHAINBUFFERREFERENCE'],
      simulated: true,
      name: {
        en: 'The back-buffer index is computed as frameCounter % 3 (or read once at start-up) instead of GetCurrentBackBufferIndex() after each Present',
        zh: '后台缓冲索引用 frameCounter % 3 计算（或者只在启动时读一次），而不是每次 Present 之后调用 GetCurrentBackBufferIndex()',
      },
      lookFor: {
        en: 'Frames render into a buffer that is not the current one: the canvas shows stale or out-of-order frames and the check fails after the first mismatch. Resource states show writes to a buffer the swap chain has not handed out. With the debug layer on, the debug log reports a wrong swap-chain buffer reference at ExecuteCommandLists.',
        zh: '帧被渲染进了不是当前的那个缓冲：画布显示过时或乱序的帧，第一次错位之后检查失败。资源状态面板显示有写入落在交换链尚未交出的缓冲上。打开调试层时，调试日志在 ExecuteCommandLists 处报告引用了错误的交换链缓冲。',
      },
      fix: {
        en: 'Call swapChain->GetCurrentBackBufferIndex() every frame (after Present, and after ResizeBuffers) and select the back buffer and its RTV by that index.',
        zh: '每帧（Present 之后，以及 ResizeBuffers 之后）调用 swapChain->GetCurrentBackBufferIndex()，按这个索引选择后台缓冲和它的 RTV。',
      },
    },
    {
      id: 'resize-without-release',
      messages: [],
      simulated: false,
      name: {
        en: 'ResizeBuffers called while the application still holds references to the old back buffers',
        zh: '应用程序仍持有旧后台缓冲的引用时就调用了 ResizeBuffers',
      },
      lookFor: {
        en: 'ResizeBuffers returns DXGI_ERROR_INVALID_CALL in Events; the buffers keep their old size, so after the canvas grows the check finds the frame at the wrong size. The heap timeline shows the old buffers still allocated. The failure is an HRESULT from DXGI, not a D3D12 debug message.',
        zh: '事件面板里 ResizeBuffers 返回 DXGI_ERROR_INVALID_CALL；缓冲保持旧尺寸，画布变大之后检查发现帧的尺寸不对。堆时间线显示旧缓冲仍然在。这个失败是 DXGI 返回的 HRESULT，而不是 D3D12 调试消息。',
      },
      fix: {
        en: 'Wait for the GPU to go idle, release every ComPtr to the back buffers, call ResizeBuffers, then GetBuffer and recreate the RTVs in the same heap slots.',
        zh: '先等 GPU 空闲，释放所有指向后台缓冲的 ComPtr，再调用 ResizeBuffers，然后 GetBuffer 并在原来的堆槽位里重建 RTV。',
      },
    },
  ],
} satisfies LessonMeta;
