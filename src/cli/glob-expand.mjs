// Vite's `import.meta.glob('./*/file.ts', { eager: true, import: 'default' })` and its lazy form
// `import.meta.glob('./*/file.ts', { import: 'default' })`, for code that runs outside Vite (the test:gpu harness
// under tsx, and its esbuild bundle for the GPU machine): the call becomes an object of static imports (eager) or of
// functions returning dynamic imports (lazy), exactly what Vite makes of it. Only those forms are used in src (the
// lesson catalogue discovers its folders with the eager one, src/lessons/load.ts loads each lesson with the lazy one);
// any other form is refused with the file named, rather than guessed at.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const CALL = /import\.meta\.glob(?:<[^>()]*>)?\(\s*(['"])([^'"]+)\1\s*,\s*\{([^}]*)\}\s*\)/g;

export function expandGlobs(code, dir, file = dir) {
  if (!code.includes('import.meta.glob')) return code;
  const imports = [];
  let n = 0;
  const out = code.replace(CALL, (_m, _q, pattern, opts) => {
    const m = /^\.\/\*\/([^*/]+)$/.exec(pattern);
    const eager = /eager\s*:\s*true/.test(opts);
    const lazy = !/eager/.test(opts);
    if (!m || !(eager || lazy) || !/import\s*:\s*['"]default['"]/.test(opts)) {
      throw new Error(
        `${file}: import.meta.glob('${pattern}', {${opts}}) is not a form glob-expand supports ('./*/name', import: 'default', eager or not)`,
      );
    }
    const entries = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, m[1])))
      .map((d) => d.name)
      .sort();
    const props = entries.map((name) => {
      const path = `./${name}/${m[1]}`;
      if (lazy) return `${JSON.stringify(path)}: () => import(${JSON.stringify(path)}).then((m) => m.default)`;
      const id = `__glob${n++}`;
      imports.push(`import ${id} from '${path}';`);
      return `${JSON.stringify(path)}: ${id}`;
    });
    return `({ ${props.join(', ')} })`;
  });
  if (out.includes('import.meta.glob')) throw new Error(`${file}: an import.meta.glob call glob-expand could not read`);
  return `${imports.join('\n')}\n${out}`;
}
