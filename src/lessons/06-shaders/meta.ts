// Lesson 06: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '06',
  slug: 'shaders',
  title: {
    en: 'Shaders and input layout',
    zh: '着色器与输入布局',
  },
  canvas: true,
  panels: ['log', 'events'],
  bugs: [
    {
      id: 'semantic-mismatch',
      messages: ['CREATEINPUTLAYOUT_MISSINGELEMENT'],
      simulated: false,
      visible: true,
      name: {
        en: 'Input layout names the colour element TEXCOORD while the vertex shader reads COLOR',
        zh: '输入布局把颜色元素命名为 TEXCOORD，而顶点着色器读的是 COLOR',
      },
      lookFor: {
        en: "The check's table shows the shader input COLOR0 with no layout element. CreateGraphicsPipelineState returns E_INVALIDARG in Events and there is no PSO, so nothing is drawn. With the debug layer on, the debug log says the input signature expects an element the layout does not provide.",
        zh: '检查表格里着色器输入 COLOR0 没有对应的布局元素。事件面板里 CreateGraphicsPipelineState 返回 E_INVALIDARG，没有 PSO，什么也画不出来。打开调试层时，调试日志会说输入签名需要一个布局没有提供的元素。',
      },
      fix: {
        en: 'Give the layout element the same semantic name and index as the shader input ("COLOR", 0), or change the HLSL semantic to match the layout.',
        zh: '让布局元素的语义名和索引与着色器输入一致（"COLOR", 0），或者改 HLSL 里的语义去匹配布局。',
      },
    },
  ],
} satisfies LessonMeta;
