// `npm run test:gpu`, errors: the executor submits a frame's work under one WebGPU error scope and, only when that
// scope reports an error, replays with a scope per command (src/gpu/executor/scopes.ts). A program with a dispatch
// WebGPU refuses between good work (error-program.ts) must still come out with the error on that dispatch alone —
// replayed fresh, played forward from a clean frame, and run again on the same device (a refused pipeline is not
// cached) — and the good dispatch after it in the same frame must still have run (V = U + 1, read back).
import { LessonExecutor, type ExecResult } from '../gpu/executor';
import { brokenMidFrameProgram } from '../gpu/executor/error-program';
import { N } from '../gpu/executor/compute-programs';
import { HeadlessPresenter } from '../gpu/headless';
import { readBufferBytes } from '../gpu/readback';
import type { ComputeCheck } from './test-gpu-compute';

export async function errorChecks(device: GPUDevice): Promise<ComputeCheck[]> {
  const p = brokenMidFrameProgram();
  const presenter = () => new HeadlessPresenter(device, 'rgba8unorm', 4, 4);
  const run = async (cursors: number[]) => {
    const exec = new LessonExecutor(device);
    const results: ExecResult[] = [];
    for (const c of cursors) results.push(await exec.execute(presenter(), p.sys, c));
    const v = exec.replayedResource(p.out.V.id);
    const bytes = v && !('createView' in v) ? await readBufferBytes(device, v) : new Uint8Array(N * 4);
    exec.release();
    return { results, V: new Uint32Array(bytes.buffer, bytes.byteOffset, N) };
  };
  const end = p.sys.callIndex;
  const fresh = await run([end]);
  const forward = await run([p.first, end]);
  const again = await run([end]);

  const problems: string[] = [];
  const res = fresh.results[0];
  const where = `Dispatch (ExecuteCommandLists, call ${p.second}): `;
  if (res.gpuErrors.length === 0) problems.push('no WebGPU error reported for the broken dispatch');
  for (const e of res.gpuErrors) if (!e.startsWith(where)) problems.push(`an error not on the broken dispatch: ${e}`);
  // the cause, not a knock-on "invalid due to a previous error" (a refused pipeline kept in the cache says only that)
  if (!res.gpuErrors.some((e) => /WGSL/.test(e)) || res.gpuErrors.some((e) => /previous error/.test(e)))
    problems.push(`the shader's own error is not the one reported: ${res.gpuErrors.join('; ')}`);
  const dispatches = res.ran.filter((l) => / Dispatch → /.test(l));
  const refused = dispatches.filter((l) => l.endsWith(' — refused'));
  if (dispatches.length !== 3) problems.push(`${dispatches.length} dispatches replayed, expected 3`);
  if (refused.length !== 1 || !refused[0].includes(`"PSO #${p.broken.id}"`))
    problems.push(`refused: ${refused.join(' | ') || 'none'}; expected only PSO #${p.broken.id}'s dispatch`);
  for (let i = 0; i < N && problems.length < 6; i++)
    if (fresh.V[i] !== 3 * i + 1)
      problems.push(`V[${i}] = ${fresh.V[i]}, expected ${3 * i + 1} (the good dispatch after)`);

  const clean = forward.results[0];
  if (clean.gpuErrors.length) problems.push(`the clean first frame reported errors: ${clean.gpuErrors.join('; ')}`);
  const same = (a: ExecResult, b: ExecResult) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(forward.results[1], res)) problems.push('played forward from a clean frame, the report differs from fresh');
  if (!same(again.results[0], res))
    problems.push(`run again on the same device, the errors differ: ${again.results[0].gpuErrors.join('; ')}`);
  return [
    {
      name: 'a refused dispatch mid-frame is named',
      ok: problems.length === 0,
      problems,
      measured: `${res.gpuErrors.length} error(s) on call ${p.second}, V[5] = ${fresh.V[5]}: ${res.gpuErrors[0]?.slice(0, 160) ?? ''}`,
    },
  ];
}
