// [RG-CSV] MiniMalloc's CSV: a placement written out reads back to the same buffers and offsets; a malformed
// file names its line and field.
import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv, type CsvTable } from './csv';
import { placeBest } from './placer';

function table(text: string): CsvTable {
  const r = parseCsv(text);
  if ('error' in r) throw new Error(r.error.message);
  return r.table;
}

const EXAMPLE = 'id,lower,upper,size\nb1,0,3,4\nb2,3,9,4\nb3,0,9,4\nb4,9,21,4\nb5,0,21,4\n';

describe('CSV', () => {
  it('[RG-CSV-1] round trip: format(parse(x), offsets) parses back to the same buffers and offsets', () => {
    for (const text of [
      EXAMPLE,
      'id,lower,upper,size,alignment\na,0,10,100,64\nb,5,15,70,32\nc,10,20,1,1\n',
      'size,upper,id,lower\r\n7,4,x,1\r\n9,3,y,0\r\n',
    ]) {
      const t = table(text);
      const placed = placeBest(t.buffers, { work: 1000 });
      const back = table(formatCsv(t, placed.offsets));
      expect(back.buffers.map(({ offset: _o, ...b }) => b)).toEqual(t.buffers);
      expect(back.buffers.map((b) => b.offset)).toEqual(placed.offsets);
      expect(back.hasAlignment).toBe(t.hasAlignment);
      expect(formatCsv(back, placed.offsets)).toBe(formatCsv(t, placed.offsets));
    }
  });

  it('[RG-CSV-2] alignment column is optional (default 1) and kept in the output when present', () => {
    expect(table(EXAMPLE).buffers.every((b) => b.alignment === 1)).toBe(true);
    const t = table('id,lower,upper,size,alignment\na,0,2,10,8\n');
    expect(formatCsv(t, [16])).toBe('id,lower,upper,size,alignment,offset\na,0,2,10,8,16\n');
    expect(formatCsv(table(EXAMPLE), [0, 1, 2, 3, 4]).split('\n')[0]).toBe('id,lower,upper,size,offset');
  });

  it.each([
    ['', 1, 'header'],
    ['id,lower,upper\nb,0,1\n', 1, 'size'],
    ['id,lower,upper,size,colour\n', 1, 'colour'],
    ['id,lower,upper,size,size\n', 1, 'size'],
    ['id,lower,upper,size\nb1,0,3,4\nb2,3,x,4\n', 3, 'upper'],
    ['id,lower,upper,size\nb1,0,3,4\nb2,3,9\n', 3, 'size'],
    ['id,lower,upper,size\nb1,0,3,4,5\n', 2, 'column 5'],
    ['id,lower,upper,size\nb1,-1,3,4\n', 2, 'lower'],
    ['id,lower,upper,size\nb1,5,5,4\n', 2, 'upper'],
    ['id,lower,upper,size\nb1,0,3,0\n', 2, 'size'],
    ['id,lower,upper,size\nb1,0,3,1.5\n', 2, 'size'],
    ['id,lower,upper,size\nb1,0,3,4\nb1,1,2,4\n', 3, 'id'],
    ['id,lower,upper,size\n,0,3,4\n', 2, 'id'],
    ['id,lower,upper,size\nb1,0,3,4\n\nb2,0,3,4\n', 3, 'id'],
    ['id,lower,upper,size,alignment\nb1,0,3,4,0\n', 2, 'alignment'],
  ])('[RG-CSV-3] malformed %j: line %i, field %s', (text, line, field) => {
    const r = parseCsv(text);
    expect('error' in r).toBe(true);
    if ('error' in r) expect(r.error).toMatchObject({ line, field });
  });
});
