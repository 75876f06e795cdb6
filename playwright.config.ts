import { defineConfig } from '@playwright/test';

// Live WebGPU in headless Debian Chromium: exactly the flag set from ../shared/BROWSER.md.
// SwiftShader renders on the CPU, so canvases stay small and workers stay at 2 (2 cores).
export const CHROMIUM = '/usr/bin/chromium';
export const WEBGPU_FLAGS = [
  '--no-sandbox',
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan',
  '--use-vulkan=swiftshader',
  '--use-angle=swiftshader',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PORT = Number(process.env.E2E_PORT ?? 4317);

export default defineConfig({
  testDir: 'e2e',
  // The visual regression suite has its own config (playwright.visual.config.ts, `npm run test:visual`).
  testIgnore: 'visual/**',
  timeout: 60_000,
  expect: { timeout: 20_000 },
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1280, height: 720 },
    launchOptions: { executablePath: CHROMIUM, args: WEBGPU_FLAGS },
  },
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort`,
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
