#!/usr/bin/env node
// `npm run gpu:carry [-- DIR]`: packs what `npm run test:gpu` needs on a machine with a real GPU but no Node, no npm
// and no network (docs/real-gpu/README.md says how it is used), into DIR (default .gpu-carry/, git-ignored):
//   test-gpu.mjs        the harness and its JS dependencies bundled by esbuild (lesson sources inlined for ?raw);
//                       only `webgpu` stays outside, in node_modules/webgpu (index.js + package.json + the binary)
//   dawn.node.xz        Dawn's Node binary from the webgpu package, xz-compressed
//   node.xz             this machine's Node (stripped), xz-compressed; it links only glibc and libstdc++
//   lib/                libstdc++ and libgcc_s from here, for a machine whose own are older than dawn.node needs
//   *.deb               the Vulkan loader and libglvnd (Debian's packages, for `dpkg -x`): the GPU machine has the NVIDIA
//                       driver only, and its Vulkan ICD (libGLX_nvidia) hands out no vkCreateInstance without libglvnd
//   run.sh              unpacks all that and runs the harness against the NVIDIA Vulkan driver
import { execFileSync, execSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { expandGlobs } from './glob-expand.mjs';
import { build } from 'esbuild';
import { ROOT } from './setup.mjs';

const out = process.argv[2] ?? join(ROOT, '.gpu-carry');
// node.xz takes minutes to compress: kept when it holds this very Node
const nodeStamp = join(out, 'node.version');
const keepNode = existsSync(nodeStamp) && readFileSync(nodeStamp, 'utf8') === `${process.execPath} ${process.version}`;
for (const f of existsSync(out) ? readdirSync(out) : [])
  if (!(keepNode && (f === 'node.xz' || f === 'node.version'))) rmSync(join(out, f), { recursive: true, force: true });
mkdirSync(join(out, 'node_modules', 'webgpu', 'dist', 'linux-x64'), { recursive: true });
mkdirSync(join(out, 'lib'), { recursive: true });

// 1. the harness, one file
const raw = {
  name: 'raw',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (a) => ({
      path: join(a.resolveDir, a.path.slice(0, -'?raw'.length)),
      namespace: 'raw',
    }));
    b.onLoad({ filter: /.*/, namespace: 'raw' }, async (a) => ({
      contents: (await import('node:fs')).readFileSync(a.path, 'utf8'),
      loader: 'text',
    }));
    // the lesson catalogue's import.meta.glob, as Vite would expand it
    b.onLoad({ filter: /\/src\/.*\.ts$/ }, (a) => {
      const code = readFileSync(a.path, 'utf8');
      return code.includes('import.meta.glob')
        ? { contents: expandGlobs(code, dirname(a.path), a.path), loader: 'ts' }
        : undefined;
    });
  },
};
await build({
  stdin: {
    contents: "import { main } from './src/cli/test-gpu.ts';\nprocess.exitCode = await main(process.argv.slice(2));\n",
    resolveDir: ROOT,
    sourcefile: 'test-gpu-entry.ts',
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: join(out, 'test-gpu.mjs'),
  external: ['webgpu'],
  plugins: [raw],
  logLevel: 'warning',
  // fast-png's dependencies use require(); an ESM bundle needs one
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

// 2. the webgpu package's loader, and its Linux x64 binary compressed
const pkg = join(ROOT, 'node_modules', 'webgpu');
for (const f of ['index.js', 'package.json']) copyFileSync(join(pkg, f), join(out, 'node_modules', 'webgpu', f));
const xz = (from, to) => execSync(`xz -T2 -6 -c '${from}' > '${to}'`);
xz(join(pkg, 'dist', 'linux-x64', 'dawn.node'), join(out, 'dawn.node.xz'));

// 3. Node, stripped of its debug info
if (!keepNode) {
  execFileSync('strip', ['-o', join(out, 'node'), process.execPath]);
  xz(join(out, 'node'), join(out, 'node.xz'));
  rmSync(join(out, 'node'));
  writeFileSync(nodeStamp, `${process.execPath} ${process.version}`);
}

// 4. the C++ runtime dawn.node was built against (GLIBCXX_3.4.30), used there only if the machine's is older
for (const lib of ['libstdc++.so.6', 'libgcc_s.so.1'])
  copyFileSync(`/lib/x86_64-linux-gnu/${lib}`, join(out, 'lib', lib));

// 5. the Vulkan loader and libglvnd, as the device README says (Debian's packages for amd64)
const lists = '/tmp/gpu-carry-apt';
mkdirSync(join(lists, 'partial'), { recursive: true });
const apt = ['-oAPT::Architecture=amd64', '-oAPT::Architectures=amd64', `-oDir::State::Lists=${lists}`];
execFileSync('apt-get', [...apt, '-qq', 'update'], { stdio: 'inherit' });
execFileSync(
  'apt-get',
  [...apt, '-qq', 'download', 'libvulkan1', 'libglvnd0', 'libglx0', 'libgl1', 'libegl1', 'libopengl0', 'libgles2'],
  { cwd: out, stdio: 'inherit' },
);

// 6. what runs there: $OUT gets the report, the frames and the driver's own line
writeFileSync(
  join(out, 'run.sh'),
  `#!/bin/bash
# Runs on the GPU machine from the repository root: bash .gpu-carry/run.sh [harness options]
set -u
# work on a copy in /tmp: the checkout there need not be writable
rm -rf /tmp/gpu-carry && cp -r "$(dirname "$0")" /tmp/gpu-carry && C=/tmp/gpu-carry
OUT=\${OUT:-/tmp/gpu-out}; mkdir -p "$OUT"
unxz() { xz -dc "$1" 2>/dev/null || python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), sys.stdout.buffer)' "$1"; }
for f in "$C"/*.deb; do dpkg -x "$f" /; done; ldconfig
unxz "$C/node.xz" > /tmp/node && chmod +x /tmp/node
unxz "$C/dawn.node.xz" > "$C/node_modules/webgpu/dist/linux-x64/dawn.node"
NV=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
[ -z "\${VK_DRIVER_FILES:-}" ] && [ -f "$NV" ] && export VK_DRIVER_FILES=$NV
/tmp/node -e "require('$C/node_modules/webgpu/dist/linux-x64/dawn.node')" 2>/dev/null || export LD_LIBRARY_PATH="$C/lib\${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
(nvidia-smi --query-gpu=name,driver_version,vbios_version --format=csv; uname -a; cat /etc/os-release; ls /usr/local/nvidia/share/vulkan/icd.d /usr/share/vulkan/icd.d /etc/vulkan/icd.d; ldconfig -p | grep -i -E 'vulkan|nvidia') > "$OUT/machine.txt" 2>&1
echo "node $(/tmp/node -v); VK_DRIVER_FILES=\${VK_DRIVER_FILES:-}; LD_LIBRARY_PATH=\${LD_LIBRARY_PATH:-}"
/tmp/node "$C/test-gpu.mjs" --report "$OUT/report.json" --frames "$OUT/frames.json" "$@" > "$OUT/log.txt" 2>&1
rc=$?
cat "$OUT/log.txt"
if grep -q 'found no WebGPU adapter' "$OUT/log.txt"; then
  # say why the Vulkan loader found no driver
  VK_LOADER_DEBUG=error,warn,driver /tmp/node "$C/test-gpu.mjs" --report "$OUT/report-noadapter.json" --only 04 2>&1 | tail -60
  exit $rc
fi
# once more, cold: are the frames the same from run to run on this driver?
/tmp/node "$C/test-gpu.mjs" --report "$OUT/report-rerun.json" --frames "$OUT/frames-rerun.json" --repeat 0 > "$OUT/log-rerun.txt" 2>&1
echo "rerun: $(tail -1 "$OUT/log-rerun.txt")"
exit $rc
`,
);

let total = 0;
for (const f of readdirSync(out, { recursive: true })) {
  const s = statSync(join(out, String(f)));
  if (s.isFile()) total += s.size;
}
console.log(`${out}: ${(total / 2 ** 20).toFixed(1)} MiB (the device tool carries at most 64 MiB)`);
if (!existsSync(join(out, 'test-gpu.mjs'))) process.exit(1);
