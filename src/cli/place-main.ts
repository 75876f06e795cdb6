// d3d12-place: reads MiniMalloc's CSV, prints `id,lower,upper,size,offset` (the input's columns, then offset).
// Options: --work N (placements the search may try; default 3,000, deterministic), --ms N (a time bound).
// Exit 0 on success; 2 on a malformed file or bad usage, with exactly one line on stderr naming the line and
// field at fault, and nothing on stdout.
import { readFileSync } from 'node:fs';
import { formatCsv, formatCsvError, parseCsv } from '../core/rg/csv';
import { placeBest } from '../core/rg/placer';

const USAGE = 'usage: d3d12-place [--work N | --ms N] IN.csv';

export function main(
  argv: string[],
  out: (s: string) => void = (s) => process.stdout.write(s),
  err: (s: string) => void = (s) => process.stderr.write(s),
): number {
  let file: string | undefined;
  let work: number | undefined;
  let ms: number | undefined;
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    if (a === '--help' || a === '-h') {
      out(USAGE + '\n');
      return 0;
    }
    if (a === '--work') {
      const v = Number(argv[++k]);
      if (!Number.isInteger(v) || v < 0) {
        err(`d3d12-place: --work needs a non-negative integer (${USAGE})\n`);
        return 2;
      }
      work = v;
    } else if (a === '--ms') {
      const v = Number(argv[++k]);
      if (!(v > 0)) {
        err(`d3d12-place: --ms needs a positive number of milliseconds (${USAGE})\n`);
        return 2;
      }
      ms = v;
    } else if (file === undefined) file = a;
    else {
      err(`d3d12-place: one input file only (${USAGE})\n`);
      return 2;
    }
  }
  if (file === undefined) {
    err(`d3d12-place: no input file (${USAGE})\n`);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    err(`${file}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? 'error'})\n`);
    return 2;
  }
  const parsed = parseCsv(text);
  if ('error' in parsed) {
    err(formatCsvError(file, parsed.error) + '\n');
    return 2;
  }
  const { buffers } = parsed.table;
  // Default: bounded by work (3,000 placements tried), so the same file always gives the same placement.
  // --ms bounds it by time instead (more work on a fast or idle machine, less on a loaded one).
  const start = performance.now();
  const result =
    ms !== undefined
      ? placeBest(buffers, { work: 1e9, deadline: start + ms, now: () => performance.now() })
      : placeBest(buffers, { work, deadline: start + 60_000, now: () => performance.now() });
  out(formatCsv(parsed.table, result.offsets));
  return 0;
}
