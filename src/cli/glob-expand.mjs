// Vite's `import.meta.glob('./*/file.ts', { eager: true, import: 'default' })`, for code that runs outside Vite
// (the test:gpu harness under tsx, and its esbuild bundle for the GPU machine): the call becomes an object of
// static imports, exactly what Vite makes of it. Only that form is used in src (the lesson catalogue discovers
// its folders with it); any other form is refused with the file named, rather than guessed at.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const CALL = /import\.meta\.glob(?:<[^>()]*>)?\(\s*(['"])([^'"]+)\1\s*,\s*\{([^}]*)\}\s*\)/g;

export function expandGlobs(code, dir, file = dir) {
  if (!code.includes('import.meta.glob')) return code;
  const imports = [];
  let n = 0;
  const out = code.replace(CALL, (_m, _q, pattern, opts) => {
    const m = /^\.\/\*\/([^*/]+)$/.exec(pattern);
    if (!m || !/eager\s*:\s*true/.test(opts) || !/import\s*:\s*['"]default['"]/.test(opts)) {
      throw new Error(
        `${file}: import.meta.glob('${pattern}', {${opts}}) is not the form glob-expand supports ('./*/name', eager, import: 'default')`,
      );
    }
    const entries = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, m[1])))
      .map((d) => d.name)
      .sort();
    const props = entries.map((name) => {
      const id = `__glob${n++}`;
      imports.push(`import ${id} from './${name}/${m[1]}';`);
      return `${JSON.stringify(`./${name}/${m[1]}`)}: ${id}`;
    });
    return `({ ${props.join(', ')} })`;
  });
  if (out.includes('import.meta.glob')) throw new Error(`${file}: an import.meta.glob call glob-expand could not read`);
  return `${imports.join('\n')}\n${out}`;
}
