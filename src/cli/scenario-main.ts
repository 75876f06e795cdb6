// `npx d3d12-scenario FILE.json [FILE.json ...]` (see ../shared/SCENARIOS.md): JSON Lines on stdout, exit 0 when
// every file ran, 2 when any file was not a valid scenario. `--text` adds English message text (`--lang zh` for
// Chinese), rendered here at the edge from content/messages/*.json; the model itself has no text.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScenario } from '../core/scenario/runner';
import { MESSAGE_DEFS, type D3D12Message } from '../core/messages';
import { fillMessageTemplate } from '../core/messageFormat';

function loadTemplates(lang: string): Record<string, string> {
  try {
    const here = dirname(fileURLToPath(import.meta.url));
    return JSON.parse(readFileSync(join(here, '..', '..', 'content', 'messages', `${lang}.json`), 'utf8')) as Record<
      string,
      string
    >;
  } catch {
    return {};
  }
}

export function renderMessage(templates: Record<string, string>, m: D3D12Message): string {
  const body = fillMessageTemplate(templates[m.id] ?? m.id, m);
  return `D3D12 ${m.severity}: ${body} [ ${m.category} ${m.severity} #${MESSAGE_DEFS[m.id].num}: ${m.id} ]`;
}

export async function main(argv: string[]): Promise<number> {
  const files: string[] = [];
  let text = false;
  let lang = 'en';
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    if (a === '--text') text = true;
    else if (a === '--lang') {
      lang = argv[++k] ?? 'en';
      text = true;
    } else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: d3d12-scenario [--text] [--lang en|zh] FILE.json [FILE.json ...]\n');
      return 0;
    } else files.push(a);
  }
  if (files.length === 0) {
    process.stdout.write(
      JSON.stringify({ error: 'no scenario file given (usage: d3d12-scenario FILE.json ...)', file: null }) + '\n',
    );
    return 2;
  }
  const templates = text ? loadTemplates(lang) : {};
  let code = 0;
  for (const f of files) {
    let content: string;
    try {
      content = readFileSync(f, 'utf8');
    } catch (e) {
      process.stdout.write(
        JSON.stringify({ error: `cannot read file: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, file: f }) + '\n',
      );
      code = 2;
      continue;
    }
    let out;
    try {
      out = runScenario(content, f, text ? { renderText: (m) => renderMessage(templates, m) } : {});
    } catch (e) {
      out = {
        lines: [JSON.stringify({ error: `internal error: ${(e as Error).message}`, file: f })],
        exitCode: 2 as const,
      };
    }
    process.stdout.write(out.lines.join('\n') + '\n');
    if (out.exitCode !== 0) code = 2;
  }
  return code;
}
