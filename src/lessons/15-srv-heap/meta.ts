// Lesson 15: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '15',
  slug: 'srv-heap',
  title: {
    en: 'SRV descriptor heap and increment size',
    zh: 'SRV 描述符堆与增量大小',
  },
  canvas: true,
  panels: ['descriptors', 'events', 'states', 'log'],
  bugs: [
    {
      id: 'hardcoded-increment',
      messages: [],
      simulated: true,
      visible: true,
      name: {
        en: 'Slot addresses computed with a hard-coded descriptor size instead of GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV)',
        zh: '槽位地址用写死的描述符大小计算，而不是 GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV)',
      },
      lookFor: {
        en: 'The descriptors panel shows the SRV written at the wrong byte offset: not on the slot the table reads, or straddling two slots. The draw samples the wrong texture (or garbage) and the check fails. No debug message as long as the address stays inside the heap; the code happened to work on a GPU whose size matched the constant.',
        zh: '描述符面板显示 SRV 写在了错误的字节偏移上：不在描述符表要读的槽位，或者横跨两个槽位。绘制采样到错误的纹理（或乱码），检查失败。只要地址还在堆内就没有调试消息；这段代码之所以曾经能用，只是因为那块 GPU 的大小恰好等于那个常量。',
      },
      fix: {
        en: 'Query the increment once per device with GetDescriptorHandleIncrementSize(type) and use start + slot × increment for both CPU and GPU handles.',
        zh: '每个设备用 GetDescriptorHandleIncrementSize(type) 查询一次增量，CPU 和 GPU 句柄都按 起点 + slot × 增量 计算。',
      },
      realHardware: {
        en: 'Works by luck where the size equals the constant; elsewhere wrong descriptors or garbage.',
        zh: '在大小恰好等于该常量的 GPU 上碰巧能用；在别处是错误的描述符或乱码。',
      },
    },
    {
      id: 'srv-in-rtv-heap',
      messages: ['INVALID_DESCRIPTOR_HANDLE'],
      simulated: true,
      visible: true,
      name: {
        en: 'CreateShaderResourceView given a CPU handle from the RTV heap instead of the CBV_SRV_UAV heap',
        zh: 'CreateShaderResourceView 用的是 RTV 堆的 CPU 句柄，而不是 CBV_SRV_UAV 堆的',
      },
      lookFor: {
        en: "With the debug layer on, the debug log reports an invalid descriptor handle for the view. The SRV heap's slot stays empty, so the draw samples nothing useful; and because descriptor sizes differ between heap types, the write may also damage the neighbouring RTV. On real hardware: undefined, from garbage to device removal.",
        zh: '打开调试层时，调试日志报告这个视图的描述符句柄无效。SRV 堆里的槽位仍是空的，绘制采样不到有用的东西；而且不同堆类型的描述符大小不同，这次写入还可能破坏相邻的 RTV。真实硬件上是未定义行为，从乱码到设备被移除都有可能。',
      },
      fix: {
        en: "Write SRVs only into a D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV heap, using that heap's handles and increment; keep RTVs in the RTV heap.",
        zh: 'SRV 只写进 D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV 堆，使用该堆的句柄和增量；RTV 留在 RTV 堆里。',
      },
      realHardware: {
        en: 'Undefined: neighbouring descriptors overwritten, garbage, or device removal.',
        zh: '未定义：覆盖相邻描述符、乱码，甚至设备被移除。',
      },
    },
  ],
} satisfies LessonMeta;
