import { defineConfig } from '@playwright/test';
import { CHROMIUM, WEBGPU_FLAGS } from './playwright.config';

// The visual regression suite (`npm run test:visual`): toHaveScreenshot against baselines committed under
// e2e/visual/baselines/. Accept an intended change with `npm run test:visual -- --update`, then review the diff
// (git diff shows the PNGs; the HTML report in .tmp/visual-report shows expected / actual / diff for failures).
// Pixels that repeat exactly: the page's content rasterised by Skia on the CPU (GPU rasterisation through
// SwiftShader blends anti-aliased edges 1/255 differently from run to run), LCD subpixel text off, no hinting.
// The lesson canvas is WebGPU's own (SwiftShader Vulkan) and is untouched by these flags.
const RASTER_FLAGS = ['--disable-gpu-rasterization', '--disable-lcd-text', '--font-render-hinting=none'];
const PORT = Number(process.env.E2E_PORT ?? 4318);

export default defineConfig({
  testDir: 'e2e/visual',
  // One flat, platform-free name per image (no "-chromium-linux" suffix): the baselines are made for Debian's
  // Chromium + SwiftShader only, and the gallery page serves them by these names.
  snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
  // A missing baseline fails (locally too, not only under CI): it is created only on purpose, with --update.
  updateSnapshots: 'none',
  outputDir: '.tmp/visual-results',
  timeout: 120_000,
  workers: 2,
  retries: 0,
  reporter: [
    ['list'],
    ['html', { outputFolder: '.tmp/visual-report', open: 'never' }],
    ['json', { outputFile: '.tmp/playwright-visual.json' }],
  ],
  expect: {
    timeout: 20_000,
    toHaveScreenshot: {
      // threshold 0: a pixel whose colour moved by any amount (1/255 in one channel) counts as different
      //   (the default 0.2 is a perceptual tolerance for anti-aliased text on real GPUs; SwiftShader and
      //   Skia's software raster are bit-exact from run to run here, so no tolerance is needed).
      // maxDiffPixels 0: one differing pixel fails, so a one-row shift fails even where only a seam moves.
      threshold: 0,
      maxDiffPixels: 0,
      // No CSS animation or transition and no text caret in the pixels.
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Fixed layout: viewport, device scale factor 1 (one CSS pixel = one image pixel), light colours, no motion,
    // one locale and time zone (nothing here prints a clock, but a date format would follow them).
    viewport: { width: 1280, height: 720 },
    deviceScaleFactor: 1,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'UTC',
    launchOptions: { executablePath: CHROMIUM, args: [...WEBGPU_FLAGS, ...RASTER_FLAGS] },
  },
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort`,
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
