// The one ordered list of lessons (the syllabus in ../shared/SYLLABUS.md). A lesson's folder
// (src/lessons/NN-slug/) supplies its code, check and bugs; until it exists the page shows a placeholder.

export type Track = 'core' | 'advanced';

export interface LessonEntry {
  /** Two digits for the core track ('04'), 'A1'.. for the advanced track. */
  id: string;
  slug: string;
  track: Track;
  title: { en: string; zh: string };
  /** Bug IDs from the syllabus, so the catalogue can list them before the lesson is written. */
  bugs: string[];
}

const core: [string, string, string, string[]][] = [
  ['adapters', 'Adapters: enumerate and pick by GPU preference', '适配器：枚举并按 GPU 偏好选择', ['adapter-zero']],
  ['debug-layer', 'Debug layer and DRED before the device', '先开调试层和 DRED，再建设备', ['debug-after-device']],
  ['device', 'Device, feature levels, CheckFeatureSupport', '设备、功能级别与 CheckFeatureSupport', ['min-level-too-high']],
  ['clear', 'Queue, allocator, list, swap chain, RTV heap: clear to magenta', '队列、分配器、命令列表、交换链、RTV 堆：清屏为品红', ['rtv-heap-shader-visible', 'no-present-barrier', 'list-not-closed', 'cpu-handle-mixup']],
  ['root-signature', 'Root signature', '根签名', ['root-sig-version']],
  ['shaders', 'Shaders and input layout', '着色器与输入布局', ['semantic-mismatch']],
  ['pso', 'Pipeline state object', '管线状态对象（PSO）', ['rtv-format-mismatch']],
  ['vertex-buffer', 'Vertex buffer on an upload heap', '上传堆上的顶点缓冲', ['wrong-stride']],
  ['viewport', 'Viewport and scissor', '视口与裁剪矩形', ['zero-scissor', 'depth-range']],
  ['triangle', 'The first triangle', '第一个三角形', ['cull-mode-flip']],
  ['png-decode', 'PNG decode: the WIC step in the browser', 'PNG 解码：浏览器里的 WIC 步骤', ['ignore-palette', 'wrong-channels']],
  ['row-pitch', 'Row pitch: 256-byte alignment and copyable footprints', '行距：256 字节对齐与可复制足迹', ['unaligned-pitch']],
  ['upload-copy', 'Upload buffer, Map/Unmap, CopyTextureRegion', '上传缓冲、Map/Unmap 与 CopyTextureRegion', ['copy-before-write']],
  ['texture-states', 'Texture states: COPY_DEST → PIXEL_SHADER_RESOURCE', '纹理状态：COPY_DEST → PIXEL_SHADER_RESOURCE', ['missing-barrier']],
  ['srv-heap', 'SRV descriptor heap and increment size', 'SRV 描述符堆与增量大小', ['hardcoded-increment', 'srv-in-rtv-heap']],
  ['descriptor-table', 'Root descriptor table and static sampler', '根描述符表与静态采样器', ['clamp-vs-wrap', 'point-vs-linear']],
  ['textured-triangle', 'Textured triangle', '贴图三角形', ['uv-flip']],
  ['srgb', 'sRGB: colour textures vs data textures', 'sRGB：颜色纹理与数据纹理', ['srgb-on-data', 'no-srgb-on-colour']],
  ['barriers', 'Barriers in depth: subresources, promotion and decay', '深入屏障：子资源、隐式提升与衰减', ['rely-on-promotion', 'before-state-wrong']],
  ['fences', 'Fences: Signal, SetEventOnCompletion, waits with a timeout', '围栏：Signal、SetEventOnCompletion 与超时等待', ['fence-not-incremented']],
  ['frame-ring', 'Frame ring: one allocator per frame, 3 frames in flight', '帧环：每帧一个分配器，3 帧在途', ['reset-before-wait']],
  ['backbuffer-resize', 'Back-buffer index, re-binding RTVs, resize', '后台缓冲索引、重绑 RTV 与改变尺寸', ['stale-backbuffer-index', 'resize-without-release']],
  ['gpu-validation', 'Debug layer and GPU-based validation in practice', '调试层与 GPU 验证实战', []],
  ['dred', 'Device removed: DRED breadcrumbs and page faults', '设备移除：DRED 面包屑与页错误', ['use-after-release']],
  ['capture', 'Capture: event markers, frame capture, resource history', '捕获：事件标记、帧捕获与资源历史', ['unnamed-resources']],
];

const advanced: [string, string, string, string[]][] = [
  ['readback', 'Readback heap: blocking and pipelined', '回读堆：阻塞与流水线', ['map-before-fence', 'readback-as-srv']],
  ['upload-ring', 'Upload ring: one large upload heap, placed buffers', '上传环：一个大上传堆与放置缓冲', ['one-upload-buffer-per-texture']],
  ['placed-reserved', 'Committed vs placed vs reserved; heap tiers; alignment', '提交、放置与保留资源；堆层级；对齐', ['unaligned-placement']],
  ['tiled-resources', 'Reserved (tiled) resources and a virtual-texture page table', '保留（平铺）资源与虚拟纹理页表', ['unmapped-tile-read']],
  ['render-graph', 'Render graph: lifetimes, aliasing, aliasing barriers', '渲染图：生命周期、内存别名与别名屏障', ['missing-aliasing-barrier', 'overlap-lifetimes']],
  ['descriptor-free-list', 'Descriptor free list with deferred release', '描述符空闲链表与延迟释放', ['immediate-free']],
  ['copy-queue', 'Copy queue and cross-queue fences', '复制队列与跨队列围栏', ['no-cross-queue-wait']],
  ['residency', 'Memory budget and residency', '显存预算与驻留', ['ignore-budget']],
];

export const LESSONS: LessonEntry[] = [
  ...core.map(([slug, en, zh, bugs], i) => ({ id: String(i + 1).padStart(2, '0'), slug, track: 'core' as const, title: { en, zh }, bugs })),
  ...advanced.map(([slug, en, zh, bugs], i) => ({ id: `A${i + 1}`, slug, track: 'advanced' as const, title: { en, zh }, bugs })),
];

export function lessonPath(l: LessonEntry): string {
  return `/lessons/${l.id}-${l.slug}`;
}

/** Finds a lesson by its route segment ('04-clear'), or by its id alone ('04', 'a1'). */
export function findLesson(segment: string): LessonEntry | undefined {
  const s = segment.toLowerCase();
  return LESSONS.find((l) => `${l.id}-${l.slug}`.toLowerCase() === s) ?? LESSONS.find((l) => l.id.toLowerCase() === s.split('-')[0]);
}

export function neighbours(l: LessonEntry): { prev?: LessonEntry; next?: LessonEntry } {
  const i = LESSONS.indexOf(l);
  return { prev: LESSONS[i - 1], next: LESSONS[i + 1] };
}
