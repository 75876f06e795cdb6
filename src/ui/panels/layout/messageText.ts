// Debug-layer message text, rendered at the edge (DESIGN.md): templates in content/messages/{en,zh}.json,
// keyed by D3D12_MESSAGE_ID name, with {placeholders} filled from the message's structured args. A missing
// template falls back to the ID itself, so a message is never silent.

import { fillMessageTemplate, type D3D12Message, type NameOf, type Trace } from '../../../core';
import en from '../../../../content/messages/en.json';
import zh from '../../../../content/messages/zh.json';

type Templates = Record<string, string>;

const TEMPLATES: Record<'en' | 'zh', Templates> = { en, zh };

export function messageText(
  msg: Pick<D3D12Message, 'id' | 'args'>,
  lang: 'en' | 'zh',
  templates: Templates = TEMPLATES[lang],
  names?: NameOf,
): string {
  const tpl = templates[msg.id] ?? (lang === 'zh' ? TEMPLATES.en[msg.id] : undefined);
  if (!tpl) {
    const args = Object.entries(msg.args)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ');
    return args ? `${msg.id} (${args})` : msg.id;
  }
  return fillMessageTemplate(tpl, msg, names);
}

/** The names given with SetName in a run (the latest one of each object). */
export function objectNames(trace: Pick<Trace, 'events'>): NameOf {
  const names = new Map<number, string>();
  for (const e of trace.events) {
    if (e.k === 'object' && e.name) names.set(e.id, e.name);
    else if (e.k === 'name') names.set(e.id, e.name);
  }
  return (id) => names.get(id);
}

const REPORTED_AGAINST: Record<string, string> = { DEVICE_REMOVAL_PROCESS_AT_FAULT: 'ID3D12Device::RemoveDevice' };

/**
 * "ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable: <text>", as the layer prints it: the method named
 * once (a template that starts with the operation's name does not repeat it after the call's).
 */
export function messageLine(api: string, text: string, id?: string): string {
  // the layer reports a removal against the device (ID3D12Device::RemoveDevice), never against the call where the
  // application noticed it (a Win32 wait, a Present): that call only let the time pass
  if (id && REPORTED_AGAINST[id]) api = REPORTED_AGAINST[id];
  const method = api.slice(api.lastIndexOf('::') + 2);
  const body =
    method && (text.startsWith(`${method}: `) || text.startsWith(`${method}：`))
      ? text.slice(method.length + 1).trimStart()
      : text;
  return api ? `${api}: ${body}` : body;
}
