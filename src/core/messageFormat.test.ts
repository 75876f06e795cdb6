import { describe, expect, it } from 'vitest';
import { fillMessageTemplate } from './messageFormat';
import { D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_GENERIC_READ } from './enums';

describe('message text at the edge', () => {
  it('[MSG-TEXT-1] states print by their D3D12 names, resources as #id, unknown keys stay', () => {
    const text = fillMessageTemplate('resource {resource} is in {state}, needs {expected}; {missing}', {
      args: { resource: 7, state: D3D12_RESOURCE_STATE_RENDER_TARGET, expected: 0 },
    });
    expect(text).toBe('resource #7 is in RENDER_TARGET, needs COMMON; {missing}');
  });
  it('[MSG-TEXT-1] a combined state prints as its bits', () => {
    expect(fillMessageTemplate('{state}', { args: { state: D3D12_RESOURCE_STATE_GENERIC_READ } })).toMatch(
      /VERTEX_AND_CONSTANT_BUFFER.*COPY_SOURCE|GENERIC_READ/,
    );
  });
});
