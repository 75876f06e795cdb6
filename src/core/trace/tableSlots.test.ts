import { describe, expect, it } from 'vitest';
import { tableSlotsOf } from './tableSlots';

describe('[TR-SUBMIT-2] tableSlotsOf', () => {
  it('lists each (heap, slot) a submission reads once, in first-read order', () => {
    const a = { id: 7 };
    const b = { id: 9 };
    const reads = [
      { heap: a, index: 2 },
      { heap: b, index: 2 },
      { heap: a, index: 2 },
      { heap: a, index: 0 },
    ];
    expect(tableSlotsOf(reads)).toEqual([
      { heap: 7, index: 2 },
      { heap: 9, index: 2 },
      { heap: 7, index: 0 },
    ]);
    expect(tableSlotsOf([])).toEqual([]);
  });
});
