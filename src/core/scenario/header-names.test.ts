// [SCN-NAMES-1] The scenario schema speaks the headers' language: every method the runner accepts exists in the
// header table (test/headers/d3d12-names.json, transcribed from d3d12.h / d3d12sdklayers.h / dxgi*.h with its source
// named there), and every parameter and struct field it accepts is the header's name with the Hungarian p/pp prefix
// dropped. One name per field: an old spelling (CommandAllocator for Reset's pAllocator) fails here.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METHODS, type FieldType } from './schema';

type Row = [string, string];
interface Table {
  methods: Record<string, Row[]>;
  structs: Record<string, Row[]>;
  extensions: Record<string, string>;
}
const table = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', 'test', 'headers', 'd3d12-names.json'), 'utf8'),
) as Table;

/** The header's name as a scenario writes it: `pResource` → `Resource`, `ppObjects` → `Objects`. */
export const dropPrefix = (name: string): string => name.replace(/^pp?(?=[A-Z])/, '');

/** Problems found under one schema node checked against one header type. */
function checkStruct(path: string, headerType: string, fields: Record<string, FieldType>, out: string[]): void {
  const rows = table.structs[headerType];
  if (!rows) {
    out.push(`${path}: the schema gives struct fields, but ${headerType} is not in the header table`);
    return;
  }
  const byName = new Map(rows.map(([n, t]) => [dropPrefix(n), t]));
  for (const [name, ft] of Object.entries(fields)) {
    const t = byName.get(name);
    if (t === undefined) {
      if (!(`${headerType}.${name}` in table.extensions)) out.push(`${path}.${name}: not a field of ${headerType}`);
      continue;
    }
    checkField(`${path}.${name}`, t, ft, out);
  }
}

function checkField(path: string, headerType: string, ft: FieldType, out: string[]): void {
  if (ft.t === 'array') checkField(`${path}[]`, headerType, ft.of, out);
  else if (ft.t === 'struct') checkStruct(path, headerType, ft.fields, out);
}

function checkMethod(key: string, args: Record<string, FieldType>): string[] {
  const params = table.methods[key];
  if (!params) return [`${key}: not in the header table`];
  const out: string[] = [];
  const byName = new Map(params.map(([n, t]) => [dropPrefix(n), t]));
  // A creator whose only input is one struct takes that struct's fields directly (SCENARIOS.md "Naming").
  const first = params[0];
  const flat = first && !(dropPrefix(first[0]) in args) && table.structs[first[1]] ? first[1] : undefined;
  const flatFields = new Map((flat ? table.structs[flat] : []).map(([n, t]) => [dropPrefix(n), t]));
  for (const [name, ft] of Object.entries(args)) {
    const t = byName.get(name) ?? flatFields.get(name);
    if (t === undefined) out.push(`${key}: ${name} is not a parameter${flat ? ` nor a field of ${flat}` : ''}`);
    else checkField(`${key}.${name}`, t, ft, out);
  }
  return out;
}

describe('[SCN-NAMES-1] scenario schema vs the header table', () => {
  it('drops exactly the Hungarian pointer prefix', () => {
    expect(['pAllocator', 'ppCommandLists', 'pShaderBytecode', 'Priority', 'riid', 'pitch'].map(dropPrefix)).toEqual([
      'Allocator',
      'CommandLists',
      'ShaderBytecode',
      'Priority',
      'riid',
      'pitch',
    ]);
  });

  it('every accepted method, parameter and struct field is spelled as in the headers', () => {
    const problems = Object.entries(METHODS).flatMap(([key, m]) => checkMethod(key, m.args));
    expect(problems).toEqual([]);
  });

  it('catches an old spelling (the check itself can fail)', () => {
    expect(checkMethod('ID3D12GraphicsCommandList::Reset', { CommandAllocator: { t: 'obj', iface: 'x' } })).toEqual([
      'ID3D12GraphicsCommandList::Reset: CommandAllocator is not a parameter',
    ]);
    const rtv: FieldType = {
      t: 'struct',
      fields: { Texture2D: { t: 'struct', fields: { MostDetailedMip: { t: 'u32' } } } },
    };
    expect(checkMethod('ID3D12Device::CreateRenderTargetView', { Desc: rtv })).toEqual([
      'ID3D12Device::CreateRenderTargetView.Desc.Texture2D.MostDetailedMip: not a field of D3D12_TEX2D_RTV',
    ]);
  });

  it('Reset takes Allocator and InitialState (d3d12.h: pAllocator, pInitialState)', () => {
    expect(Object.keys(METHODS['ID3D12GraphicsCommandList::Reset']!.args)).toEqual(['Allocator', 'InitialState']);
  });
});
