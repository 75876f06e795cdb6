// 界面文字（中文）。课程正文在 content/，调试层消息文字在 content/messages/。
import type { UiStrings } from './en';

export const zh: UiStrings = {
  app: { title: 'D3D12 实验室', tagline: '一步一步学习 Direct3D 12 显式资源模型：在 WebGPU 上实时运行，旁边的调试器展示显存与时间线上发生的一切。' },
  nav: { home: '课程', prev: '上一课', next: '下一课', language: '语言', skip: '跳到正文' },
  debugLayer: { label: '调试层', on: '开', off: '关', hint: '按 d 键切换' },
  gpu: {
    status: { pending: 'WebGPU：启动中…', ok: 'WebGPU：正常', unavailable: 'WebGPU：不可用', lost: 'WebGPU：设备丢失' },
    heading: '浏览器眼中的 GPU',
    problem: {
      'insecure-context': { what: 'WebGPU 需要安全页面。', why: '浏览器只在 https:// 或 http://localhost 页面上提供 WebGPU。', tryThis: '通过 http://localhost 打开（npm start 会打印地址），或使用 https。' },
      'no-navigator-gpu': { what: '此浏览器没有 WebGPU（navigator.gpu 不存在）。', why: '浏览器版本过旧，或 WebGPU 被关闭（Linux 版 Chromium 仍需命令行开关）。', tryThis: '使用新版 Chrome、Edge 或 Safari；Linux Chromium 请加 --enable-unsafe-webgpu 启动（无 GPU 时再加 --enable-features=Vulkan --use-vulkan=swiftshader）。' },
      'no-adapter': { what: '有 WebGPU，但 requestAdapter() 没有找到适配器。', why: 'Linux 版 Chromium 的 WebGPU 仍需命令行开关；其他平台上可能是 GPU 或驱动被列入黑名单，或没有可用的 Vulkan/Metal/D3D12 后端。', tryThis: 'Linux Chromium 请加 --enable-unsafe-webgpu --enable-features=Vulkan 启动（无 GPU 时再加 --use-vulkan=swiftshader）；否则更新显卡驱动并查看 chrome://gpu。' },
      'device-failed': { what: '找到了适配器，但 requestDevice() 失败。', why: '适配器无法创建设备，常见于驱动重置之后，或请求了它不具备的限制。', tryThis: '刷新页面；若仍失败，重启浏览器或更新驱动。' },
    },
    stillWorks: '不需要画布的部分照常工作：D3D12 模型、代码、基于模型的检查和各个面板。',
    adapter: '适配器', vendor: '厂商', architecture: '架构', device: '设备', description: '描述', fallback: '软件（后备）适配器',
    features: '特性', limits: '限制', canvasFormat: '首选画布格式',
    recovered: 'GPU 设备丢失（{{reason}}：{{message}}）。已重新创建设备并重跑当前步骤（累计恢复 {{count}} 次）。',
    lost: 'GPU 设备丢失，正在重新创建…',
  },
  home: { core: '25 节课', advanced: '进阶课程', bugs: '{{count}} 个可注入的错误', planned: '编写中' },
  lesson: {
    prose: '讲解', code: 'D3D12 代码', canvas: '实时画布', check: '检查', bugs: '错误注入（讲师）', panels: '调试面板',
    notYet: '本课仍在编写中。它的路由、错误开关和检查已预留：{{bugs}}。',
    noBugs: '本课没有错误开关。',
    level: { builds: '可构建', runs: '可运行', correct: '结果正确' },
    status: { running: '运行中…', pass: '通过', fail: '未通过' },
    notFound: '没有名为「{{id}}」的课程。',
    keyboard: '键盘：[ 和 ] 切换课程，d 切换调试层，← → 单步。',
    canvasMissing: '没有画布：此处无法使用 WebGPU（见上方状态）。模型和面板仍然运行。',
  },
  smoke: { title: 'WebGPU 冒烟测试', body: '把 64×64 的画布清成品红，读回并显示字节。', readback: '读回（坐标 32,32 的 RGBA）' },
  prefs: { corrupt: '无法读取已保存的偏好设置，已使用默认值。旧数据保存在 “d3d12lab.prefs.corrupt” 中。', dismiss: '知道了' },
  notFound: '页面不存在。',
};
