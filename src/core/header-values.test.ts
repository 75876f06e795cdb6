// [ENUM-HDR-1] / [MSG-HDR-1] The model's numbers are the headers' numbers: every enum value and #define the model
// exports, and every D3D12_MESSAGE_ID it can raise, equal the values in the tables transcribed from the headers
// (test/headers/d3d12-enum-values.json, test/headers/d3d12sdklayers-message-ids.json; sources named inside).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENUMS } from './enums';
import * as all from './index';
import { MESSAGE_DEFS } from './messages';

const read = <T>(f: string): T =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'test', 'headers', f), 'utf8')) as T;
const enumTable = read<{ enums: Record<string, Record<string, number>>; defines: Record<string, number> }>(
  'd3d12-enum-values.json',
);
const msgTable = read<{ ids: Record<string, number>; newer: Record<string, [number, string]> }>(
  'd3d12sdklayers-message-ids.json',
);

describe('[ENUM-HDR-1] enum values match the headers', () => {
  it('every name in every model enum table has the header value', () => {
    const wrong: string[] = [];
    for (const [type, t] of Object.entries(ENUMS)) {
      if (type === 'DXGI_FORMAT') continue;
      const header = enumTable.enums[type];
      if (!header) {
        wrong.push(`${type}: not in the header table`);
        continue;
      }
      for (const [name, v] of t.byName) {
        if (header[name] !== v) wrong.push(`${name} = ${v}, header ${header[name]}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('exported constants and #defines have the header value', () => {
    const exported = all as unknown as Record<string, unknown>;
    const wrong = Object.entries({ ...enumTable.defines, ...Object.assign({}, ...Object.values(enumTable.enums)) })
      .filter(([n, v]) => n in exported && exported[n] !== v)
      .map(([n, v]) => `${n}: model ${String(exported[n])}, header ${String(v)}`);
    expect(wrong).toEqual([]);
    expect(exported.D3D12_RESOURCE_STATE_GENERIC_READ).toBe(0xac3);
  });
});

describe('[MSG-HDR-1] D3D12_MESSAGE_ID numbers match d3d12sdklayers.h', () => {
  it('every message the model can raise has its header number', () => {
    const wrong: string[] = [];
    for (const [name, d] of Object.entries(MESSAGE_DEFS)) {
      const num = msgTable.ids[name] ?? msgTable.newer[name]?.[0];
      if (num === undefined) wrong.push(`${name}: not in the header table`);
      else if (num !== d.num) wrong.push(`${name}: model #${d.num}, header #${num}`);
    }
    expect(wrong).toEqual([]);
  });
});
