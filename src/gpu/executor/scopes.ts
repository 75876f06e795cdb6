// How the executor collects WebGPU errors (issue 16: lesson 21 played at 12 frames/s). A scope per command costs a
// GPU round trip per command, and in the browser each round trip waits behind the page's (software) composite. So a
// frame is first replayed inside one pair of scopes with no per-command waits (`inFrame`); only when that pair reports
// an error is the frame replayed again with a pair of scopes per command (`perCommand`), which names the command that
// raised it. Correct frames pay one round trip; the errors a learner sees are the per-command ones, as before.
import { withErrorScopes } from '../host';

/** Runs a command's WebGPU calls and says which errors they raised (none known yet: inFrame). */
export type ErrorScope = <T>(device: GPUDevice, fn: () => T) => Promise<{ value: T; errors: string[] }>;

/** A validation and an out-of-memory scope around each command: a GPU round trip each. */
export const perCommand: ErrorScope = withErrorScopes;

/** No scope of its own: the frame's scope (frameScope) catches what the command raises. */
export const inFrame: ErrorScope = async (_device, fn) => ({ value: fn(), errors: [] });

/**
 * `fn` (a whole frame's replay, its commands under inFrame) inside one validation and one out-of-memory scope. A
 * throw pops the scopes before it propagates, so a failed frame leaves none behind on the device.
 */
export async function frameScope<T>(device: GPUDevice, fn: () => Promise<T>): Promise<{ value: T; errors: string[] }> {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let value: T;
  try {
    value = await fn();
  } catch (e) {
    await Promise.allSettled([device.popErrorScope(), device.popErrorScope()]);
    throw e;
  }
  // both pops at once: one GPU round trip, not two
  const popped = await Promise.all([device.popErrorScope(), device.popErrorScope()]);
  const errors = popped.filter((e): e is GPUError => e !== null).map((e) => e.message);
  return { value, errors };
}
