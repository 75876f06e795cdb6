// Lesson 22: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '22',
  slug: 'backbuffer-resize',
  title: {
    en: 'Back-buffer index, re-binding RTVs, resize',
    zh: '后台缓冲索引、重绑 RTV 与改变尺寸',
  },
  canvas: true,
  panels: ['states', 'events', 'log'],
  bugs: [
    {
      id: 'stale-backbuffer-index',
      messages: ['EXECUTECOMMANDLISTS_WRONGSWAPCHAINBUFFERREFERENCE'],
      simulated: true,
      visible: true,
      name: {
        en: 'The back-buffer index is computed as frameCounter % 3 instead of asking GetCurrentBackBufferIndex() after each Present',
        zh: '后台缓冲索引用 frameCounter % 3 计算，而不是每次 Present 之后调用 GetCurrentBackBufferIndex()',
      },
      lookFor: {
        en: "The first four frames are right: the count and the swap chain agree. ResizeBuffers starts the swap chain's ring at buffer 0 again, the count does not, and from frame 5 on each frame is drawn into one buffer while Present shows another. The table marks the first such frame; the canvas shows frame 7's colour instead of frame 8's (a stale frame) and the check reads it back. With the debug layer on, the debug log reports a wrong swap-chain buffer reference at every ExecuteCommandLists after the resize.",
        zh: '前四帧是对的：计数和交换链一致。ResizeBuffers 让交换链从缓冲 0 重新开始，计数却没有，于是从第 5 帧起，每一帧画进一个缓冲，Present 却呈现另一个。表格标出第一个这样的帧；画布显示的是第 7 帧的颜色而不是第 8 帧的（过时的帧），检查把它读回来。打开调试层时，调试日志在改变尺寸之后的每次 ExecuteCommandLists 处报告引用了错误的交换链缓冲。',
      },
      fix: {
        en: 'Call swapChain->GetCurrentBackBufferIndex() after every Present and after ResizeBuffers, and pick the back buffer and its RTV by that index.',
        zh: '每次 Present 之后以及 ResizeBuffers 之后调用 swapChain->GetCurrentBackBufferIndex()，按这个索引选择后台缓冲和它的 RTV。',
      },
      realHardware: {
        en: 'Undefined: wrong or stale frames, or device removal when the buffer is not accessible.',
        zh: '未定义：显示错误或过时的帧，或者在缓冲不可访问时移除设备。',
      },
    },
    {
      id: 'resize-without-release',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: 'ResizeBuffers called while the application still holds references to the old back buffers',
        zh: '应用程序仍持有旧后台缓冲的引用时就调用了 ResizeBuffers',
      },
      lookFor: {
        en: 'ResizeBuffers returns DXGI_ERROR_INVALID_CALL (Events, and the check\'s first line), and ThrowIfFailed stops the program there: the swap chain keeps its three 64×64 buffers, the canvas grows, and the check finds frame 4 on it instead of frame 8 at the new size. The failure is a DXGI HRESULT, not a D3D12 message; the DXGI debug layer prints "Swapchain cannot be resized unless all outstanding buffer references have been released".',
        zh: 'ResizeBuffers 返回 DXGI_ERROR_INVALID_CALL（事件面板，以及检查的第一行），ThrowIfFailed 让程序停在这里：交换链保留三个 64×64 的缓冲，画布变大了，检查在画布上看到的是第 4 帧，而不是新尺寸下的第 8 帧。这个失败是 DXGI 的 HRESULT，不是 D3D12 消息；DXGI 调试层会打印“Swapchain cannot be resized unless all outstanding buffer references have been released”。',
      },
      fix: {
        en: 'Wait for the GPU to go idle, release every ComPtr to the back buffers, call ResizeBuffers, then GetBuffer and recreate the RTVs in the same heap slots.',
        zh: '先等 GPU 空闲，释放所有指向后台缓冲的 ComPtr，再调用 ResizeBuffers，然后 GetBuffer 并在原来的堆槽位里重建 RTV。',
      },
    },
  ],
} satisfies LessonMeta;
