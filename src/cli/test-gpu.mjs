#!/usr/bin/env node
// `npm run test:gpu [-- options]`: the lessons on a Dawn device in Node (test-gpu.ts says what it checks).
// With no Vulkan driver named (VK_ICD_FILENAMES / VK_DRIVER_FILES), it uses SwiftShader's Vulkan from Debian's chromium
// package, as the browser tests do: the ICD file sits in chromium's library folder, beside the Vulkan loader that
// Dawn loads (hence LD_LIBRARY_PATH, which the dynamic loader reads only at start: so it restarts itself once).
// `--system-vulkan` keeps the machine's own driver (a real GPU).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { register as registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ensureChromium, ensureDependencies } from './setup.mjs';

const CHROMIUM_LIB = '/usr/lib/chromium';
const ICD = `${CHROMIUM_LIB}/vk_swiftshader_icd.json`;

const args = process.argv.slice(2);
const system = args.includes('--system-vulkan');
const rest = args.filter((a) => a !== '--system-vulkan');

ensureDependencies();
if (!system && !process.env.VK_ICD_FILENAMES && !process.env.VK_DRIVER_FILES) {
  if (!existsSync(ICD) && !(ensureChromium() && existsSync(ICD))) {
    console.error(
      `test:gpu: no SwiftShader Vulkan driver at ${ICD} (apt-get install chromium), and no VK_ICD_FILENAMES given.`,
    );
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const env = {
    ...process.env,
    VK_ICD_FILENAMES: ICD,
    LD_LIBRARY_PATH: [CHROMIUM_LIB, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
  };
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...rest], { env, stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

// tsx after ensureDependencies: a fresh clone has no node_modules until then
const { register } = await import('tsx/esm/api');
register();
registerHooks('./raw-hooks.mjs', import.meta.url);
const { main } = await import('./test-gpu.ts');
process.exitCode = await main(rest);
