import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { lessonPreload } from './src/cli/lesson-preload';

// The visual suite's committed baselines (e2e/visual/baselines) are the /gallery page's pictures: served from
// where they are in dev, and copied into the build as /gallery-images/… (one copy of each file, in git; nothing
// generated to commit, nothing to keep in sync by hand).
const BASELINES = join(import.meta.dirname, 'e2e/visual/baselines');
const PREFIX = '/gallery-images/';

function pngs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? pngs(join(dir, d.name)) : d.name.endsWith('.png') ? [join(dir, d.name)] : [],
  );
}

function galleryImages(): Plugin {
  return {
    name: 'd3d12lab-gallery-images',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = decodeURIComponent((req.url ?? '').split('?')[0]);
        if (!url.startsWith(PREFIX)) return next();
        const file = join(BASELINES, url.slice(PREFIX.length));
        // only PNGs inside the baselines folder
        if (!file.startsWith(BASELINES + sep) || !file.endsWith('.png') || !existsSync(file)) {
          res.statusCode = 404;
          return res.end();
        }
        res.setHeader('Content-Type', 'image/png');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const file of pngs(BASELINES)) {
        this.emitFile({
          type: 'asset',
          fileName: `${PREFIX.slice(1)}${relative(BASELINES, file).split(sep).join('/')}`,
          source: readFileSync(file),
        });
      }
    },
  };
}

// The playground's sandbox worker runs learner code (it may come from a shared link): its own CSP shuts the network
// (connect-src 'none') and every other source of script but this origin's chunks; 'unsafe-eval' is how it runs the
// learner's transpiled module. Hosts other than vite's servers should send the same header for sandbox.worker*.js
// (dist/_headers says so in the Netlify / Cloudflare Pages format).
export const SANDBOX_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'none'; img-src 'none'; worker-src 'none'";
function sandboxCsp(): Plugin {
  const set = (req: { url?: string }, res: { setHeader(k: string, v: string): void }, next: () => void) => {
    if ((req.url ?? '').includes('sandbox.worker')) res.setHeader('Content-Security-Policy', SANDBOX_CSP);
    next();
  };
  return {
    name: 'd3d12lab-sandbox-csp',
    configureServer: (server) => void server.middlewares.use(set),
    configurePreviewServer: (server) => void server.middlewares.use(set),
    // the same header for static hosts that read a _headers file (Netlify, Cloudflare Pages); on a host that sends
    // none, the worker's own lockDown (src/lessons/sandbox/guards.ts) still keeps learner code off the network
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: '_headers',
        source: `/assets/sandbox.worker-*\n  Content-Security-Policy: ${SANDBOX_CSP}\n`,
      });
    },
  };
}

// The playground's type checker (src/lessons/sandbox/typecheck.worker.ts) reads TypeScript's lib files and the .d.ts
// files of the npm packages lessons import as text; `import.meta.glob('?raw')` does not reach into node_modules' .d.ts
// (vite parses them as modules), so this virtual module reads them from disk: the installed files, as they are.
const TYPECHECK_FILES = 'virtual:d3d12lab-typecheck-files';
function typecheckFiles(): Plugin {
  const nm = join(import.meta.dirname, 'node_modules');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
    );
  return {
    name: 'd3d12lab-typecheck-files',
    resolveId: (id) => (id === TYPECHECK_FILES ? `\0${TYPECHECK_FILES}` : null),
    load(id) {
      if (id !== `\0${TYPECHECK_FILES}`) return null;
      const libs: Record<string, string> = {};
      for (const f of readdirSync(join(nm, 'typescript/lib')))
        if (
          /^lib\.(es5|es20(1[5-9]|2[0-3])[.a-z]*|decorators(\.legacy)?|webworker)\.d\.ts$/.test(f) &&
          !f.includes('.full.')
        )
          libs[f] = readFileSync(join(nm, 'typescript/lib', f), 'utf8');
      const packages: Record<string, string> = {};
      for (const pkg of ['fast-png', 'iobuffer', 'fflate'])
        for (const file of walk(join(nm, pkg)))
          if (/\.d\.[mc]?ts$/.test(file) || file === join(nm, pkg, 'package.json'))
            packages[`/node_modules/${relative(nm, file).split(sep).join('/')}`] = readFileSync(file, 'utf8');
      return `export const libs = ${JSON.stringify(libs)};\nexport const packages = ${JSON.stringify(packages)};\n`;
    },
  };
}

// One SPA: routes like /lessons/04-clear are served index.html by the dev and preview servers.
export default defineConfig({
  plugins: [react(), galleryImages(), sandboxCsp(), typecheckFiles(), lessonPreload()],
  // module workers: the sandbox worker loads a lesson's modules on demand (code-split like the page)
  worker: { format: 'es', plugins: () => [typecheckFiles()] },
  // manifest: the bundle bench (src/cli/bench-bundle.ts) follows the entry's static imports in it
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 2000, manifest: true },
  server: { port: 5173 },
  preview: { port: 4173 },
});
