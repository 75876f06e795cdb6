// The capture file (docs/capture-format.md): one JSON object, `format: "d3d12lab-capture"`, `version: 1`. Values
// that JSON has no form for are tagged objects: a COM object reference {"$obj": id}, bytes {"$bytes": base64}, a
// UINT64 {"$bigint": "decimal"}, a non-finite number {"$number": "Infinity"}. Reading a file never throws: every
// way it can be wrong is an error with a code and a message in both languages.
import type { Bilingual } from '../types';

export const CAPTURE_FORMAT = 'd3d12lab-capture';
export const CAPTURE_VERSION = 1;
/** Files larger than this are refused before a byte is read (a frame of this lab is tens of KiB). */
export const MAX_CAPTURE_BYTES = 16 * 1024 * 1024;
/** More calls than any lesson makes in a frame: a bound on the work a hostile file can ask for. */
export const MAX_CAPTURE_CALLS = 100_000;

export interface CaptureCall {
  i: number;
  api: string;
  self: number;
  args: unknown;
  hr: string | null;
}
export interface CaptureObject {
  id: number;
  type: string;
  name: string | null;
  address: string;
}
export interface CaptureBytes {
  call: number;
  resource: number;
  data: string;
}
export interface CaptureSubmission {
  call: number;
  queue: number;
  lists: number[];
  commands: unknown[][];
}
export interface CaptureMarker {
  i: number;
  on: number;
  kind: 'begin' | 'end' | 'set';
  name: string;
}

export interface CaptureFile {
  format: typeof CAPTURE_FORMAT;
  version: typeof CAPTURE_VERSION;
  lesson: string;
  frame: { width: number; height: number; presentCall: number; presentedResource: number };
  settings: { cpuNsPerCall: number; gpuMsPerList: number; maxFrameLatency: number };
  objects: CaptureObject[];
  calls: CaptureCall[];
  bytes: CaptureBytes[];
  submissions: CaptureSubmission[];
  markers: CaptureMarker[];
}

export type CaptureErrorCode =
  | 'too-large'
  | 'empty'
  | 'not-json'
  | 'truncated'
  | 'not-a-capture'
  | 'wrong-version'
  | 'malformed'
  | 'replay-diverged'
  | 'replay-failed';
export interface CaptureError {
  code: CaptureErrorCode;
  message: Bilingual;
}
export type ParseResult = { ok: true; capture: CaptureFile } | { ok: false; error: CaptureError };

const MiB = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MiB`;

export function err(code: CaptureErrorCode, en: string, zh: string): CaptureError {
  return { code, message: { en, zh } };
}

/** The size gate: asked with File.size, before reading. */
export function checkCaptureSize(size: number): CaptureError | null {
  if (!Number.isFinite(size) || size < 0)
    return err('malformed', 'The file has no readable size.', '无法读取这个文件的大小。');
  if (size === 0)
    return err(
      'empty',
      'The file is empty: a capture file holds a JSON object.',
      '文件是空的：捕获文件应当是一个 JSON 对象。',
    );
  if (size > MAX_CAPTURE_BYTES) {
    return err(
      'too-large',
      `The file is ${MiB(size)}; a capture of this lab is at most ${MiB(MAX_CAPTURE_BYTES)}. It was not read.`,
      `文件大小为 ${MiB(size)}；本实验的捕获文件最大 ${MiB(MAX_CAPTURE_BYTES)}。文件没有被读取。`,
    );
  }
  return null;
}

// ------------------------------------------------------------------ values

export function toBase64(b: Uint8Array): string {
  let s = '';
  for (let k = 0; k < b.length; k += 0x8000) s += String.fromCharCode(...b.subarray(k, k + 0x8000));
  return btoa(s);
}

export function fromBase64(s: string): Uint8Array | null {
  try {
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let k = 0; k < bin.length; k++) out[k] = bin.charCodeAt(k);
    return out;
  } catch {
    return null;
  }
}

const isCom = (v: object): v is { id: number; iface: string } =>
  typeof (v as { id?: unknown }).id === 'number' && typeof (v as { iface?: unknown }).iface === 'string';

/** A model value as JSON: COM objects by id (the replay finds them by id, as they are created in the same order). */
export function encodeValue(v: unknown, depth = 0): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return { $bigint: v.toString() };
  if (typeof v === 'number') return Number.isFinite(v) ? v : { $number: String(v) };
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v !== 'object' || depth > 12) return null;
  if (isCom(v)) return { $obj: v.id };
  if (ArrayBuffer.isView(v)) return { $bytes: toBase64(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)) };
  if (Array.isArray(v)) return v.map((x) => encodeValue(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v))
    if (typeof x !== 'function' && x !== undefined) out[k] = encodeValue(x, depth + 1);
  return out;
}

export class ReplayError extends Error {
  constructor(readonly error: CaptureError) {
    super(error.message.en);
  }
}

/** The inverse of encodeValue; `object(id)` answers a COM object the replay has created. */
export function decodeValue(v: unknown, object: (id: number) => unknown, depth = 0): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (depth > 24)
    throw new ReplayError(err('malformed', 'A value in the file is nested too deeply.', '文件中的某个值嵌套过深。'));
  if (Array.isArray(v)) return v.map((x) => decodeValue(x, object, depth + 1));
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 1) {
    if (typeof o.$obj === 'number') {
      const obj = object(o.$obj);
      if (!obj)
        throw new ReplayError(
          err(
            'replay-diverged',
            `The file refers to object #${o.$obj}, which the replay has not created.`,
            `文件引用了对象 #${o.$obj}，而回放尚未创建它。`,
          ),
        );
      return obj;
    }
    if (typeof o.$bytes === 'string') {
      const b = fromBase64(o.$bytes);
      if (!b)
        throw new ReplayError(
          err('malformed', 'A byte array in the file is not valid base64.', '文件中的某个字节数组不是合法的 base64。'),
        );
      return b;
    }
    if (typeof o.$bigint === 'string' && /^-?\d{1,20}$/.test(o.$bigint)) return BigInt(o.$bigint);
    if (typeof o.$number === 'string') return Number(o.$number);
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k !== '__proto__') out[k] = decodeValue(o[k], object, depth + 1);
  return out;
}

// ------------------------------------------------------------------ reading a file

/** Does the text end inside a string or with a bracket not closed (a file cut off while written)? */
function endsOpen(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let k = 0; k < text.length; k++) {
    const ch = text[k];
    if (inString) {
      if (ch === '\\') k++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
  }
  return inString || depth > 0;
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;
const API = /^(?:@gpu\.(?:idle|advance)|(?:[A-Z][A-Za-z0-9]*::)?[A-Z][A-Za-z0-9_]*)$/;

/** Parses and checks a capture file's text: JSON, format, version, and the shape of every call. */
export function parseCapture(text: string): ParseResult {
  const fail = (e: CaptureError): ParseResult => ({ ok: false, error: e });
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return fail(checkCaptureSize(0)!);
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    // a cut-off file: it starts as an object and ends with brackets or a string still open
    const at = /at position (\d+)/.exec(why);
    const atEnd = /end of JSON|Unterminated/i.test(why) || (at != null && Number(at[1]) >= body.trimEnd().length - 1);
    if (body.trimStart().startsWith('{') && endsOpen(body) && atEnd) {
      return fail(
        err(
          'truncated',
          `The file ends in the middle of the JSON (${why}): it was cut off while being saved or copied.`,
          `文件在 JSON 中途就结束了（${why}）：它在保存或复制时被截断了。`,
        ),
      );
    }
    return fail(
      err(
        'not-json',
        `The file is not JSON (${why}). A capture file is the JSON this page saves.`,
        `文件不是 JSON（${why}）。捕获文件是本页面保存的 JSON。`,
      ),
    );
  }
  if (
    !data ||
    typeof data !== 'object' ||
    Array.isArray(data) ||
    (data as { format?: unknown }).format !== CAPTURE_FORMAT
  ) {
    return fail(
      err(
        'not-a-capture',
        `The JSON is not a D3D12 Lab capture (its "format" is not "${CAPTURE_FORMAT}").`,
        `这个 JSON 不是 D3D12 Lab 的捕获文件（"format" 字段不是 "${CAPTURE_FORMAT}"）。`,
      ),
    );
  }
  const c = data as Record<string, unknown>;
  if (c.version !== CAPTURE_VERSION) {
    return fail(
      err(
        'wrong-version',
        `The capture is version ${JSON.stringify(c.version ?? null)}; this page reads version ${CAPTURE_VERSION}.`,
        `捕获文件的版本是 ${JSON.stringify(c.version ?? null)}；本页面只能读取版本 ${CAPTURE_VERSION}。`,
      ),
    );
  }
  const bad = (what: string, zh: string) =>
    fail(err('malformed', `The capture is damaged: ${what}.`, `捕获文件已损坏：${zh}。`));
  const frame = c.frame as Record<string, unknown> | undefined;
  if (!frame || !isInt(frame.width) || !isInt(frame.height) || frame.width > 4096 || frame.height > 4096)
    return bad('"frame" has no valid width and height', '"frame" 缺少有效的宽和高');
  if (!Array.isArray(c.calls) || c.calls.length === 0) return bad('"calls" is missing or empty', '"calls" 缺失或为空');
  if (c.calls.length > MAX_CAPTURE_CALLS)
    return bad(
      `${c.calls.length} calls, more than ${MAX_CAPTURE_CALLS}`,
      `共有 ${c.calls.length} 个调用，超过 ${MAX_CAPTURE_CALLS}`,
    );
  let last = -1;
  for (const [k, x] of c.calls.entries()) {
    const call = x as Partial<CaptureCall> | null;
    if (
      !call ||
      typeof call !== 'object' ||
      !isInt(call.i) ||
      typeof call.api !== 'string' ||
      !API.test(call.api) ||
      !isInt(call.self)
    ) {
      return bad(`call ${k} is not {i, api, self, args}`, `第 ${k} 个调用不是 {i, api, self, args} 的形式`);
    }
    if (call.i <= last)
      return bad(
        `call ${k} is out of order (index ${call.i} after ${last})`,
        `第 ${k} 个调用顺序错乱（索引 ${call.i} 在 ${last} 之后）`,
      );
    last = call.i;
  }
  for (const key of ['objects', 'bytes', 'submissions', 'markers'] as const)
    if (!Array.isArray(c[key])) return bad(`"${key}" is not a list`, `"${key}" 不是列表`);
  for (const b of c.bytes as Partial<CaptureBytes>[]) {
    if (!b || !isInt(b.call) || !isInt(b.resource) || typeof b.data !== 'string')
      return bad(
        'an entry of "bytes" is not {call, resource, data}',
        '"bytes" 中有一项不是 {call, resource, data} 的形式',
      );
  }
  const s = (c.settings ?? {}) as Record<string, unknown>;
  const num = (x: unknown, d: number) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 && x < 1e9 ? x : d);
  const capture: CaptureFile = {
    ...(c as unknown as CaptureFile),
    lesson: typeof c.lesson === 'string' ? c.lesson : '?',
    settings: {
      cpuNsPerCall: num(s.cpuNsPerCall, 1000),
      gpuMsPerList: num(s.gpuMsPerList, 1),
      maxFrameLatency: num(s.maxFrameLatency, 3),
    },
  };
  return { ok: true, capture };
}
