// Debug-layer message text, rendered at the edge (DESIGN.md): templates in content/messages/{en,zh}.json,
// keyed by D3D12_MESSAGE_ID name, with {placeholders} filled from the message's structured args. A missing
// template falls back to the ID itself, so a message is never silent.

import { fillMessageTemplate, type D3D12Message } from '../../../core';
import en from '../../../../content/messages/en.json';
import zh from '../../../../content/messages/zh.json';

type Templates = Record<string, string>;

const TEMPLATES: Record<'en' | 'zh', Templates> = { en, zh };

export function messageText(msg: Pick<D3D12Message, 'id' | 'args'>, lang: 'en' | 'zh', templates: Templates = TEMPLATES[lang]): string {
  const tpl = templates[msg.id] ?? (lang === 'zh' ? TEMPLATES.en[msg.id] : undefined);
  if (!tpl) {
    const args = Object.entries(msg.args).map(([k, v]) => `${k}=${v}`).join(', ');
    return args ? `${msg.id} (${args})` : msg.id;
  }
  return fillMessageTemplate(tpl, msg);
}
