// The boot shell's language rule (plain JS in index.html) against the preferences store it stands in for: for every
// kind of saved value, the shell's first words are in the language the app then renders in.
import { describe, expect, it } from 'vitest';
import { SAVED_LANG_JS, bootShellHtml } from './bootShell';
import { PREFS_KEY, createPrefsStore, type KeyValueStorage } from '../state/prefs';

const shellLang = new Function(`return (${SAVED_LANG_JS});`)() as (raw: string | null) => string;

function storeLang(raw: string | null): string {
  const data: Record<string, string> = raw === null ? {} : { [PREFS_KEY]: raw };
  const mem: KeyValueStorage = {
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => void (data[k] = v),
    removeItem: (k) => void delete data[k],
  };
  return createPrefsStore(() => mem).getState().lang;
}

const SAVED: (string | null)[] = [
  null,
  '',
  'not json',
  '{"state": {"lang": "zh"', // cut short
  'null',
  '[]',
  '"zh"',
  '{"version": 2}',
  '{"state": null, "version": 2}',
  '{"state": "zh", "version": 2}',
  JSON.stringify({ state: { lang: 'zh' }, version: 2 }),
  JSON.stringify({ state: { lang: 'en' }, version: 2 }),
  JSON.stringify({ state: { lang: 'fr' }, version: 2 }),
  JSON.stringify({ state: { lang: 'zh' } }),
  JSON.stringify({ state: { lang: 'zh' }, version: '2' }),
  JSON.stringify({ state: { lang: 'zh' }, version: 7 }),
  JSON.stringify({ state: { language: 'zh-CN', debug: false }, version: 1 }),
  JSON.stringify({ state: { language: 'en-US' }, version: 1 }),
  JSON.stringify({ state: { language: 'zh-TW' }, version: 0 }),
  JSON.stringify({ state: { lang: 'zh', language: 'en-US' }, version: 1 }),
  JSON.stringify({ state: { lang: 'en', language: 'zh-CN' }, version: 2 }),
];

describe('boot shell', () => {
  it.each(SAVED.map((raw) => [raw]))('speaks the language the store hydrates from %j', (raw) => {
    expect(shellLang(raw)).toBe(storeLang(raw));
  });

  it('the cases cover both languages', () => {
    const langs = new Set(SAVED.map(storeLang));
    expect([...langs].sort()).toEqual(['en', 'zh']);
  });

  it('is the title and loading line in English by default, with the Chinese words beside them for the script', () => {
    const html = bootShellHtml();
    expect(html).toMatch(/^<div id="root"><div class="boot-shell"/);
    expect(html).toContain('>D3D12 Lab</span>');
    expect(html).toContain('>Loading the lesson…</p>');
    expect(html).toContain('D3D12 实验室');
    expect(html).toContain('正在加载课程…');
  });
});
