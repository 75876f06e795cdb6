import { describe, expect, it } from 'vitest';
import { brokenMidFrameProgram } from './error-program';
import { planReplay } from './plan';

describe('brokenMidFrameProgram (test:gpu checks the executor names its broken dispatch)', () => {
  it('the model accepts both submissions: the refusal is left to WebGPU', () => {
    const p = brokenMidFrameProgram();
    const plan = planReplay(p.sys, p.sys.callIndex);
    expect(plan.submissions.map((s) => s.call)).toEqual([p.first, p.second]);
    expect(plan.submissions.every((s) => s.commands !== null)).toBe(true);
    const dispatches = plan.submissions[1].commands!.flat().filter((c) => c.op === 'Dispatch');
    expect(dispatches.map((c) => (c.op === 'Dispatch' ? c.pso?.id : -1))[0]).toBe(p.broken.id);
    expect(dispatches).toHaveLength(2);
  });
});
