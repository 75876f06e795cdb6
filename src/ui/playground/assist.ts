// Autocomplete and hover for D3D12 names in the editor (names.ts: the model's own constants, methods, fields).
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import { d3d12Names, type NameInfo } from './names';

const TYPE: Record<NameInfo['kind'], string> = {
  constant: 'constant',
  class: 'class',
  method: 'method',
  field: 'property',
  struct: 'type',
};

/** Nodes of the TypeScript grammar where a D3D12 name is prose, not code: no completions there (an Enter typed at
 * the end of a comment line would otherwise accept one). */
const PROSE = /Comment|String|TemplateString/;

export function d3d12Completions(ctx: CompletionContext): CompletionResult | null {
  if (PROSE.test(syntaxTree(ctx.state).resolveInner(ctx.pos, -1).name)) return null;
  const word = ctx.matchBefore(/[A-Za-z_]\w*/);
  const afterDot = ctx.matchBefore(/\.\s*[A-Za-z_]*\w*$/);
  if (!word && !afterDot && !ctx.explicit) return null;
  const from = word ? word.from : ctx.pos;
  const names = d3d12Names();
  const pool = afterDot ? names.methods : names.all;
  const seen = new Set<string>();
  const options = pool
    .filter((n) => !seen.has(n.label) && seen.add(n.label))
    .map((n) => ({
      label: n.label,
      type: TYPE[n.kind],
      detail: n.kind === 'constant' ? n.detail.split(' = ')[1] : n.kind,
      info: n.doc ? `${n.detail}\n\n${n.doc}` : n.detail,
    }));
  return { from, options, validFor: /^\w*$/ };
}

export const d3d12Hover = hoverTooltip((view, pos): Tooltip | null => {
  const line = view.state.doc.lineAt(pos);
  const at = pos - line.from;
  let a = at;
  let b = at;
  while (a > 0 && /\w/.test(line.text[a - 1])) a--;
  while (b < line.text.length && /\w/.test(line.text[b])) b++;
  if (a === b) return null;
  const infos = d3d12Names().byName.get(line.text.slice(a, b));
  if (!infos?.length) return null;
  return {
    pos: line.from + a,
    end: line.from + b,
    above: true,
    create() {
      const dom = document.createElement('div');
      dom.className = 'cm-d3d12-hover';
      dom.setAttribute('data-testid', 'playground-hover');
      for (const n of infos.slice(0, 4)) {
        const code = document.createElement('code');
        code.textContent = n.detail;
        dom.appendChild(code);
        if (n.doc) {
          const p = document.createElement('p');
          p.textContent = n.doc;
          dom.appendChild(p);
        }
      }
      return { dom };
    },
  };
});
