// Lesson 05: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '05',
  slug: 'root-signature',
  title: {
    en: 'Root signature',
    zh: '根签名',
  },
  canvas: true,
  panels: ['events', 'log'],
  bugs: [
    {
      id: 'root-sig-version',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: 'D3D_ROOT_SIGNATURE_VERSION_1_1 passed to D3D12SerializeRootSignature, the version 1.0 entry point',
        zh: '把 D3D_ROOT_SIGNATURE_VERSION_1_1 传给了 1.0 版入口 D3D12SerializeRootSignature',
      },
      lookFor: {
        en: "D3D12SerializeRootSignature returns E_INVALIDARG in Events and no blob; CreateRootSignature is never reached and the check stops at 'builds'. The reason is in the error blob's text (shown in the log panel as application output), not in a D3D12 debug message.",
        zh: '事件面板里 D3D12SerializeRootSignature 返回 E_INVALIDARG，没有 blob；CreateRootSignature 根本没被调用，检查停在"能构建"。原因写在 error blob 的文本里（作为应用输出显示在日志面板），而不是 D3D12 调试消息。',
      },
      fix: {
        en: 'Either serialise a 1.0 description with D3D_ROOT_SIGNATURE_VERSION_1_0, or build a D3D12_VERSIONED_ROOT_SIGNATURE_DESC and call D3D12SerializeVersionedRootSignature, using 1.1 only when CheckFeatureSupport(D3D12_FEATURE_ROOT_SIGNATURE) reports it.',
        zh: '要么用 D3D_ROOT_SIGNATURE_VERSION_1_0 序列化 1.0 的描述，要么构造 D3D12_VERSIONED_ROOT_SIGNATURE_DESC 并调用 D3D12SerializeVersionedRootSignature；只有 CheckFeatureSupport(D3D12_FEATURE_ROOT_SIGNATURE) 报告支持时才用 1.1。',
      },
    },
  ],
} satisfies LessonMeta;
