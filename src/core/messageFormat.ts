// Filling a message template ({placeholders} from content/messages/*.json) with a message's structured args.
// The templates are text and live outside the model; this only decides how an argument is written, so the CLI
// and the page print the same thing: states and formats by their D3D12 names, resources as #id.
import { enumName } from './enums';
import type { D3D12Message } from './messages';

const STATE_ARGS = new Set(['state', 'expected', 'before', 'after', 'current']);
const FORMAT_ARGS = new Set(['format', 'viewFormat', 'resourceFormat', 'rtvFormat', 'psoFormat']);

export function formatMessageArg(key: string, value: string | number | boolean | null): string {
  if (typeof value === 'number' && STATE_ARGS.has(key)) return enumName('D3D12_RESOURCE_STATES', value).replace(/D3D12_RESOURCE_STATE_/g, '');
  if (typeof value === 'number' && FORMAT_ARGS.has(key)) return enumName('DXGI_FORMAT', value);
  if (typeof value === 'number' && key === 'resource') return `#${value}`;
  return String(value);
}

/** The template with each {key} replaced by its formatted arg; unknown keys stay as written. */
export function fillMessageTemplate(template: string, msg: Pick<D3D12Message, 'args'>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in msg.args ? formatMessageArg(k, msg.args[k]) : m));
}
