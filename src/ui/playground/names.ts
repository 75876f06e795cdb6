// What the editor knows about D3D12 names: read from the model itself when editing starts (this module is in the
// editor's lazy chunk). Constants and classes from the model's exports; methods with their signatures and doc
// comments, and struct fields with their types, from the model's own declarations (its source text).
import * as core from '../../core';

export interface NameInfo {
  label: string;
  kind: 'constant' | 'class' | 'method' | 'field' | 'struct';
  /** One line: the value, the signature, the field's type. */
  detail: string;
  doc?: string;
}

// the model's declarations as text (the types are erased at run time); only the editor's chunk carries them
const SOURCES = import.meta.glob<string>(['../../core/*.ts', '!../../core/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const hex = (v: number) => (v > 9 ? `${v} (0x${v.toString(16).toUpperCase()})` : String(v));

function docAbove(lines: string[], i: number): string | undefined {
  let j = i - 1;
  if (j < 0 || !/\*\/\s*$/.test(lines[j])) return undefined;
  const out: string[] = [];
  for (; j >= 0; j--) {
    out.unshift(lines[j].replace(/^\s*\/?\*+\/?\s?/, '').replace(/\*\/\s*$/, ''));
    if (/^\s*\/\*\*/.test(lines[j])) break;
  }
  return out.join(' ').replace(/\s+/g, ' ').trim() || undefined;
}

function build(): { all: NameInfo[]; methods: NameInfo[]; byName: Map<string, NameInfo[]> } {
  const all: NameInfo[] = [];
  for (const [name, v] of Object.entries(core)) {
    if (typeof v === 'number') all.push({ label: name, kind: 'constant', detail: `${name} = ${hex(v)}` });
    else if (typeof v === 'string') all.push({ label: name, kind: 'constant', detail: `${name} = '${v}'` });
    else if (typeof v === 'function' && /^(I[A-Z]|D3D12System)/.test(name))
      all.push({ label: name, kind: 'class', detail: `interface ${name}` });
  }
  const methods: NameInfo[] = [];
  for (const text of Object.values(SOURCES)) {
    const lines = text.split('\n');
    let cls: string | null = null;
    let struct: string | null = null;
    lines.forEach((line, i) => {
      const c = /^export (?:abstract )?class (\w+)/.exec(line);
      if (c) cls = c[1];
      const s = /^export interface (\w+)/.exec(line);
      if (s) {
        struct = s[1];
        all.push({ label: struct, kind: 'struct', detail: `struct ${struct}`, doc: docAbove(lines, i) });
        return;
      }
      if (struct) {
        if (/^}/.test(line)) struct = null;
        const f = /^ {2}(?:readonly )?(\w+)(\??): (.+?);?$/.exec(line);
        if (f) all.push({ label: f[1], kind: 'field', detail: `${struct}.${f[1]}${f[2]}: ${f[3]}` });
        return;
      }
      const m = cls && /^ {2}([A-Z]\w*)\((.*)$/.exec(line);
      if (m) {
        // the signature to the line that opens the body
        let sig = line.trim();
        for (let k = i + 1; k < lines.length && !/\{\s*$/.test(sig) && k < i + 12; k++) sig += ' ' + lines[k].trim();
        sig = sig.replace(/\s*\{\s*$/, '').replace(/\s+/g, ' ');
        methods.push({ label: m[1], kind: 'method', detail: `${cls}::${sig}`.slice(0, 400), doc: docAbove(lines, i) });
      }
    });
  }
  const byName = new Map<string, NameInfo[]>();
  for (const n of [...all, ...methods]) byName.set(n.label, [...(byName.get(n.label) ?? []), n]);
  return { all, methods, byName };
}

let cache: ReturnType<typeof build> | null = null;
export const d3d12Names = () => (cache ??= build());
