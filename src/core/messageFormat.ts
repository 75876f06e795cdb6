// Filling a message template ({placeholders} from content/messages/*.json) with a message's structured args.
// The templates are text and live outside the model; this only decides how an argument is written, so the CLI
// and the page print the same thing: states and formats by their D3D12 names, objects by their SetName name.
import { enumName } from './enums';
import type { D3D12Message } from './messages';

const STATE_ARGS = new Set(['state', 'expected', 'before', 'after', 'current']);
const FORMAT_ARGS = new Set(['format', 'viewFormat', 'resourceFormat', 'rtvFormat', 'psoFormat']);
const OBJECT_ARGS = new Set(['resource', 'heap', 'fence', 'queue', 'list', 'allocator']);

/** The SetName name of an object, when it has one. */
export type NameOf = (id: number) => string | null | undefined;

/** `'checker' (#17)` for a named object, `#17` otherwise. */
export function objectRef(id: number, names?: NameOf): string {
  const n = names?.(id);
  return n ? `'${n}' (#${id})` : `#${id}`;
}

export function formatMessageArg(key: string, value: string | number | boolean | null, names?: NameOf): string {
  if (typeof value === 'number' && STATE_ARGS.has(key))
    return enumName('D3D12_RESOURCE_STATES', value).replace(/D3D12_RESOURCE_STATE_/g, '');
  if (typeof value === 'number' && FORMAT_ARGS.has(key)) return enumName('DXGI_FORMAT', value);
  if (typeof value === 'number' && OBJECT_ARGS.has(key)) return objectRef(value, names);
  // a descriptor handle is a pointer: hex, as a debugger shows it
  if (typeof value === 'number' && key === 'ptr') return `0x${value.toString(16)}`;
  return String(value);
}

/** Placeholders a template may use that are worked out from other args. */
function derived(k: string, args: D3D12Message['args'], names?: NameOf): string | undefined {
  // a descriptor handle: its pointer, or where it points (heap and slot) when the message knows that instead
  if (k === 'handle' || k === 'ptr') {
    if (args.ptr != null) return formatMessageArg('ptr', args.ptr);
    if (typeof args.heap === 'number' && args.index != null)
      return `${objectRef(args.heap, names)} slot ${String(args.index)}`;
  }
  return undefined;
}

/** The template with each {key} replaced by its formatted arg; unknown keys stay as written. */
export function fillMessageTemplate(template: string, msg: Pick<D3D12Message, 'args'>, names?: NameOf): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => {
    const v = msg.args[k];
    // PRESENT and COMMON are both 0: at Present the state the use needs is PRESENT
    if (STATE_ARGS.has(k) && v === 0 && msg.args.op === 'Present') return 'PRESENT';
    if (k in msg.args) return formatMessageArg(k, v, names);
    return derived(k, msg.args, names) ?? m;
  });
}
