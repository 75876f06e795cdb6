// UI strings (English). Lesson prose lives in content/; debug-message text in content/messages/.
export const en = {
  app: { title: 'D3D12 Lab', tagline: "Learn Direct3D 12's explicit resource model, step by step, live on WebGPU, beside a debugger that shows what memory and timelines are doing." },
  nav: { home: 'Lessons', prev: 'Previous lesson', next: 'Next lesson', language: 'Language', skip: 'Skip to content' },
  debugLayer: { label: 'Debug layer', on: 'on', off: 'off', hint: 'Toggle with the d key' },
  gpu: {
    status: { pending: 'WebGPU: starting…', ok: 'WebGPU: ok', unavailable: 'WebGPU: unavailable', lost: 'WebGPU: device lost' },
    heading: 'Your GPU, as this browser sees it',
    problem: {
      'insecure-context': { what: 'WebGPU needs a secure page.', why: 'Browsers expose WebGPU only on https:// or http://localhost pages.', tryThis: 'Open the app through http://localhost (npm start prints the address) or over https.' },
      'no-navigator-gpu': { what: 'This browser has no WebGPU (navigator.gpu is missing).', why: 'The browser is too old, or WebGPU is switched off (on Linux Chromium it still needs a flag).', tryThis: 'Use a current Chrome, Edge or Safari; on Linux Chromium start it with --enable-unsafe-webgpu (and, without a GPU, --enable-features=Vulkan --use-vulkan=swiftshader).' },
      'no-adapter': { what: 'WebGPU is present, but requestAdapter() found no adapter.', why: 'On Linux, Chromium still ships WebGPU behind a flag; elsewhere the GPU or its driver may be blocklisted, or no Vulkan/Metal/D3D12 backend is available.', tryThis: 'On Linux Chromium start it with --enable-unsafe-webgpu --enable-features=Vulkan (without a GPU add --use-vulkan=swiftshader); otherwise update the graphics driver and check chrome://gpu.' },
      'device-failed': { what: 'An adapter was found, but requestDevice() failed.', why: 'The adapter could not create a device, often after a driver reset or when limits were requested that it lacks.', tryThis: 'Reload the page; if it persists, restart the browser or update the driver.' },
    },
    stillWorks: 'Everything that does not need the canvas still works: the D3D12 model, the code, the checks against the model, and the panels.',
    adapter: 'Adapter', vendor: 'Vendor', architecture: 'Architecture', device: 'Device', description: 'Description', fallback: 'Software (fallback) adapter',
    features: 'Features', limits: 'Limits', canvasFormat: 'Preferred canvas format',
    recovered: 'The GPU device was lost ({{reason}}: {{message}}). It was recreated and the current step ran again ({{count}} recoveries so far).',
    lost: 'The GPU device was lost; recreating it…',
  },
  home: { core: 'The 25 lessons', advanced: 'Advanced track', bugs: '{{count}} bug toggles', planned: 'being written' },
  lesson: {
    prose: 'Lesson', code: 'D3D12 code', canvas: 'Live canvas', check: 'Check', bugs: 'Bugs (instructor)', panels: 'Debugger panels',
    notYet: 'This lesson is still being written. Its route, bugs and check are reserved: {{bugs}}.',
    noBugs: 'No bug toggles for this lesson.',
    level: { builds: 'builds', runs: 'runs', correct: 'correct' },
    status: { running: 'running…', pass: 'pass', fail: 'fail' },
    notFound: 'There is no lesson "{{id}}".',
    keyboard: 'Keyboard: [ and ] move between lessons, d toggles the debug layer, ← → step.',
    canvasMissing: 'No canvas: WebGPU is not available here (see the status above). The model and panels still run.',
  },
  smoke: { title: 'WebGPU smoke test', body: 'Clears a 64×64 canvas to magenta, reads it back and shows the bytes.', readback: 'Read back (RGBA at 32,32)' },
  prefs: { corrupt: 'Your saved preferences could not be read, so defaults are in use. The old data was kept under "d3d12lab.prefs.corrupt".', dismiss: 'Dismiss' },
  notFound: 'Page not found.',
};
export type UiStrings = typeof en;
