// The live half of bench-readback.ts, in its own process (Dawn reads its Vulkan driver's path at start): both readback
// modes on real WebGPU buffers, printed as `name: value unit` lines.
import { create, globals } from 'webgpu';
import { measureReadback } from '../gpu/readback-live';

Object.assign(globalThis, globals);
const gpu = create([]);
const adapter = await gpu.requestAdapter();
if (!adapter) {
  console.log('# readback.live: no WebGPU adapter');
  process.exit(0);
}
const device = await adapter.requestDevice();
const r = await measureReadback(device, { width: 256, height: 256, frames: 60, inFlight: 3 });
const info = adapter.info;
console.log(`# readback.live on ${info.vendor || '?'} ${info.architecture || ''} ${info.description || ''}`.trim());
console.log(`readback.live_blocking_fps: ${r.blockingFps.toFixed(1)} fps (256x256, 60 frames, mapAsync per frame)`);
console.log(`readback.live_pipelined_fps: ${r.pipelinedFps.toFixed(1)} fps (${r.inFlight} buffers in flight)`);
console.log(`readback.live_pipelined_over_blocking: ${(r.pipelinedFps / r.blockingFps).toFixed(2)} x`);
console.log(`readback.live_wrong_frames: ${r.wrongFrames} frames`);
device.destroy();
process.exit(0);
