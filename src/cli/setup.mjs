// Shared by `npm start` and `npm test`: make a fresh clone runnable with only Node installed.
// Pure Node (no dependencies), because it runs before node_modules exists.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const CHROMIUM = '/usr/bin/chromium';

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  return r.status ?? 1;
}

/**
 * Whether node_modules holds every package the lock names, at the lock's version (npm's own record of what it
 * installed, node_modules/.package-lock.json, against package-lock.json). Compared by content, not by file times:
 * a checkout or a copy touches times without changing a package. Optional packages (other platforms' binaries)
 * may be absent.
 */
function installedMatchesLock() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return false;
  try {
    const want = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')).packages ?? {};
    const have = JSON.parse(readFileSync(marker, 'utf8')).packages ?? {};
    return Object.entries(want).every(([path, p]) => path === '' || p.optional || have[path]?.version === p.version);
  } catch {
    return false; // unreadable: install again
  }
}

/** Installs npm packages from the lock when node_modules is missing or differs from the lock. */
export function ensureDependencies() {
  if (installedMatchesLock()) return;
  // `npm ci` deletes node_modules first; through a symbolic link that would empty the folder it points to (another
  // checkout's), so a linked node_modules is brought up to date in place with `npm install` instead.
  const linked = existsSync(join(ROOT, 'node_modules')) && lstatSync(join(ROOT, 'node_modules')).isSymbolicLink();
  const args = linked ? ['install', '--no-audit', '--no-fund'] : ['ci', '--no-audit', '--no-fund'];
  console.log(`> installing npm packages (npm ${args[0]})…`);
  if (run('npm', args) !== 0) {
    console.error(`npm ${args[0]} failed: check your network access to the npm registry, then run the command again.`);
    process.exit(1);
  }
}

/** Debian's chromium gives Playwright a browser with SwiftShader's Vulkan (see ../shared/BROWSER.md). */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    hasApt = true;
  } catch {
    /* not Debian */
  }
  if (isRoot && hasApt) {
    console.log('> installing Debian chromium for the browser tests (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update', '-qq'], { env }) === 0 &&
      run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) === 0 &&
      existsSync(CHROMIUM)
    )
      return true;
    console.error('apt-get could not install chromium.');
  }
  console.error(
    `The browser tests need Debian's Chromium at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`,
  );
  return false;
}

/**
 * The fonts the visual baselines were made with (e2e/visual): Debian's Noto CJK for the zh pages (boxes without
 * it) and DejaVu, the Latin font fontconfig picks for the app's `system-ui, …, sans-serif` here. Installed with
 * apt-get when root; otherwise says the one command. Returns whether both are present.
 */
export const FONT_PACKAGES = ['fonts-noto-cjk', 'fonts-dejavu-core'];
export function ensureFonts() {
  const present = () => {
    try {
      const zh = execSync('fc-list :lang=zh family', { encoding: 'utf8' });
      const latin = execSync('fc-list "DejaVu Sans" family', { encoding: 'utf8' });
      return /Noto Sans CJK/.test(zh) && /DejaVu Sans/.test(latin);
    } catch {
      return false;
    }
  };
  // The Latin font is pinned by what fontconfig picks for sans-serif (the app's font stack ends there): say so
  // when it is another font, whose metrics would move every text baseline.
  const latinPicked = () => {
    try {
      return /DejaVu Sans/.test(execSync('fc-match sans-serif family', { encoding: 'utf8' }));
    } catch {
      return false;
    }
  };
  const ok = () => {
    if (!latinPicked())
      console.warn(
        'Warning: fontconfig does not pick DejaVu Sans for sans-serif here; the visual baselines were made with it, so text in panels may differ.',
      );
    return true;
  };
  if (present()) return ok();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log(`> installing the visual suite's fonts (apt-get install ${FONT_PACKAGES.join(' ')})…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () =>
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...FONT_PACKAGES], { env }) === 0;
    if ((install() || (run('apt-get', ['update', '-qq'], { env }) === 0 && install())) && present()) return ok();
  }
  console.error(`The visual baselines need these fonts: sudo apt-get install -y ${FONT_PACKAGES.join(' ')}`);
  return false;
}
