// Readback benchmarks for `npm run bench` (`npm run bench -- readback`), lesson A1 (issue 11):
//  - readback.blocking_fps / readback.pipelined_fps / readback.pipelined_over_blocking: the lesson's own run on the
//    model, frames per modelled second of each mode (the same figures as the lesson page's chart). Three stages — the
//    CPU thread, the DIRECT queue rendering, the COPY queue copying each frame into its readback buffer ([TIME-COPY-1])
//    — each ~4 ms: overlapping them can at most divide the frame time by 3 (ratio ≤ 3).
//  - readback.live_blocking_fps / readback.live_pipelined_fps: real WebGPU buffers (mapAsync) on a Dawn device, both
//    modes in the same run (src/gpu/readback-live.ts). Dawn needs a Vulkan driver: SwiftShader's from chromium, as
//    test:gpu uses, so it runs in a child process started with that driver (or the machine's, if one is named).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { D3D12System } from '../core';
import { runLessonCode } from '../lessons/runner';
import { main, Slots, GpuMsPerFrame } from '../lessons/A1-readback/code';
import { modelledFps } from '../lessons/A1-readback/frames';

const CHROMIUM_LIB = '/usr/lib/chromium';
const ICD = `${CHROMIUM_LIB}/vk_swiftshader_icd.json`;

export async function benchReadback(print: (line: string) => void): Promise<void> {
  const run = runLessonCode(
    main,
    { debugLayer: false, bugs: new Set(), width: 64, height: 64 },
    () => new D3D12System({ settings: { gpuMsPerList: GpuMsPerFrame } }),
  );
  const blocking = modelledFps(run, 'blocking');
  const pipelined = modelledFps(run, 'pipelined');
  print(`readback.blocking_fps: ${blocking.toFixed(1)} frames/modelled s`);
  print(`readback.pipelined_fps: ${pipelined.toFixed(1)} frames/modelled s (${Slots} in flight)`);
  print(`readback.pipelined_over_blocking: ${(pipelined / blocking).toFixed(3)} x`);

  const named = process.env.VK_ICD_FILENAMES || process.env.VK_DRIVER_FILES;
  if (!named && !existsSync(ICD)) {
    print('# readback.live: no Vulkan driver for Dawn (SwiftShader from chromium, or VK_ICD_FILENAMES)');
    return;
  }
  const env = named
    ? process.env
    : {
        ...process.env,
        VK_ICD_FILENAMES: ICD,
        LD_LIBRARY_PATH: [CHROMIUM_LIB, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      };
  const child = fileURLToPath(new URL('./readback-live-main.ts', import.meta.url));
  const r = spawnSync(process.execPath, ['--import', 'tsx', child], { env, encoding: 'utf8', timeout: 120_000 });
  const lines = (r.stdout ?? '').split('\n').filter((l) => l.startsWith('readback.') || l.startsWith('#'));
  if (r.status !== 0 || lines.length === 0)
    print(`# readback.live failed: ${(r.stderr || r.error?.message || 'no output').split('\n')[0]}`);
  for (const l of lines) print(l);
}
