// MiniMalloc's CSV (github.com/google/minimalloc): a header line naming the columns, then one buffer a line.
// Columns: id, lower, upper, size (required, any order), alignment (optional, default 1), offset (optional:
// a placement, as d3d12-place prints it, so its output reads back in). Numbers are non-negative integers.

export interface CsvBuffer {
  id: string;
  lower: number;
  upper: number;
  size: number;
  alignment: number;
  /** Present when the file has an offset column. */
  offset?: number;
}

export interface CsvTable {
  buffers: CsvBuffer[];
  /** Whether the file had an alignment column (then the output keeps it). */
  hasAlignment: boolean;
}

/** A malformed file: the 1-based line and the field at fault. */
export interface CsvError {
  line: number;
  field: string;
  message: string;
}

const REQUIRED = ['id', 'lower', 'upper', 'size'] as const;
const OPTIONAL = ['alignment', 'offset'] as const;
const KNOWN: readonly string[] = [...REQUIRED, ...OPTIONAL];

export function formatCsvError(file: string, e: CsvError): string {
  return `${file}:${e.line}: field '${e.field}': ${e.message}`;
}

function int(text: string): number | null {
  if (!/^[0-9]+$/.test(text)) return null;
  const v = Number(text);
  return Number.isSafeInteger(v) ? v : null;
}

export function parseCsv(text: string): { table: CsvTable } | { error: CsvError } {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  if (lines.length === 0 || lines[0].trim() === '') {
    return {
      error: { line: 1, field: 'header', message: `expected a header line naming the columns ${REQUIRED.join(',')}` },
    };
  }
  const names = lines[0].split(',').map((s) => s.trim().toLowerCase());
  const col = new Map<string, number>();
  for (let k = 0; k < names.length; k++) {
    const name = names[k];
    if (!KNOWN.includes(name))
      return {
        error: { line: 1, field: name || `column ${k + 1}`, message: `unknown column (expected ${KNOWN.join(', ')})` },
      };
    if (col.has(name)) return { error: { line: 1, field: name, message: 'column named twice' } };
    col.set(name, k);
  }
  for (const name of REQUIRED) {
    if (!col.has(name)) return { error: { line: 1, field: name, message: 'required column missing from the header' } };
  }
  const buffers: CsvBuffer[] = [];
  const seen = new Map<string, number>();
  for (let k = 1; k < lines.length; k++) {
    const lineNo = k + 1;
    if (lines[k].trim() === '') return { error: { line: lineNo, field: 'id', message: 'empty line' } };
    const cells = lines[k].split(',').map((s) => s.trim());
    if (cells.length !== names.length) {
      const field = cells.length < names.length ? names[cells.length] : `column ${names.length + 1}`;
      return { error: { line: lineNo, field, message: `expected ${names.length} fields, found ${cells.length}` } };
    }
    const id = cells[col.get('id')!];
    if (id === '') return { error: { line: lineNo, field: 'id', message: 'empty id' } };
    const first = seen.get(id);
    if (first !== undefined)
      return { error: { line: lineNo, field: 'id', message: `id '${id}' already used on line ${first}` } };
    seen.set(id, lineNo);
    const num = (name: string, min: number): number | CsvError => {
      const raw = cells[col.get(name)!];
      const v = int(raw);
      if (v === null || v < min) {
        const what = min > 0 ? 'a positive integer' : 'a non-negative integer';
        return { line: lineNo, field: name, message: `expected ${what}, found '${raw}'` };
      }
      return v;
    };
    const lower = num('lower', 0);
    if (typeof lower !== 'number') return { error: lower };
    const upper = num('upper', 0);
    if (typeof upper !== 'number') return { error: upper };
    if (upper <= lower)
      return {
        error: {
          line: lineNo,
          field: 'upper',
          message: `must be greater than lower (${lower}): lifetimes are [lower, upper)`,
        },
      };
    const size = num('size', 1);
    if (typeof size !== 'number') return { error: size };
    let alignment = 1;
    if (col.has('alignment')) {
      const a = num('alignment', 1);
      if (typeof a !== 'number') return { error: a };
      alignment = a;
    }
    const buf: CsvBuffer = { id, lower, upper, size, alignment };
    if (col.has('offset')) {
      const o = num('offset', 0);
      if (typeof o !== 'number') return { error: o };
      buf.offset = o;
    }
    buffers.push(buf);
  }
  return { table: { buffers, hasAlignment: col.has('alignment') } };
}

/** The placement as CSV: the input's columns (alignment only when it had one), then offset. */
export function formatCsv(table: CsvTable, offsets: readonly number[]): string {
  const head = table.hasAlignment ? 'id,lower,upper,size,alignment,offset' : 'id,lower,upper,size,offset';
  const out = [head];
  table.buffers.forEach((b, k) => {
    out.push(
      table.hasAlignment
        ? `${b.id},${b.lower},${b.upper},${b.size},${b.alignment},${offsets[k]}`
        : `${b.id},${b.lower},${b.upper},${b.size},${offsets[k]}`,
    );
  });
  return out.join('\n') + '\n';
}
