import { test, expect, type Page } from '@playwright/test';
import { openLesson, readPixels, waitForPageQuiet } from './helpers';

// Issue 14: every lesson's code editable and run in a sandbox worker; window.d3d12lab.lessonSource / runCode.
type RunCodeResult = {
  status: 'pass' | 'fail' | 'error';
  level: string;
  messages: { id: string; severity: string; line: number | null }[];
  error?: { code: string; message: string; line?: number };
};

const source = (page: Page) => page.evaluate(() => window.d3d12lab.lessonSource());
const runCode = (page: Page, code: string) =>
  page.evaluate((c) => window.d3d12lab.runCode(c), code) as Promise<RunCodeResult>;
/** Types a comment on the editor's first line: the learner starts editing (TypeScript's checker loads then). */
async function typeInEditor(page: Page) {
  await page.getByTestId('playground-editor').locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('// mine\n');
}
/** Opens the editor, types, and waits until the type checker has read the lesson's API. */
async function warmChecker(page: Page) {
  await page.getByTestId('playground-edit').click();
  await typeInEditor(page);
  await expect(page.getByTestId('playground-editor')).toHaveAttribute('data-typecheck', 'ready', { timeout: 30_000 });
}
/** 1-based line of the first line containing `text`. */
const lineOf = (code: string, text: string) => code.split('\n').findIndex((l) => l.includes(text)) + 1;
/** `code` with `extra` inserted as a new line after the first line containing `after`; returns it and the new line. */
function insertAfter(code: string, after: string, extra: string): { code: string; line: number } {
  const lines = code.split('\n');
  const at = lines.findIndex((l) => l.includes(after));
  lines.splice(at + 1, 0, extra);
  return { code: lines.join('\n'), line: at + 2 };
}

test('the editor, its names and the sandbox load only when editing starts', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(r.url()));
  await openLesson(page, '14-texture-states', 'debug=1');
  const lazy = () =>
    loaded.filter((u) => /PlaygroundEditor|sandbox\.worker|typecheck\.worker|lz-string|sucrase/.test(u));
  expect(lazy()).toEqual([]);
  await page.getByTestId('playground-edit').click();
  await expect(page.getByTestId('playground-editor')).toBeVisible();
  await expect.poll(() => lazy().some((u) => u.includes('PlaygroundEditor'))).toBe(true);
  await expect.poll(() => lazy().some((u) => u.includes('sandbox.worker'))).toBe(true);
  // TypeScript's checker: only once the learner types
  expect(lazy().some((u) => u.includes('typecheck.worker'))).toBe(false);
  await typeInEditor(page);
  await expect.poll(() => lazy().some((u) => u.includes('typecheck.worker'))).toBe(true);
  // the worker script comes with its own CSP: no network from learner code, whatever it reaches
  const url = lazy().find((u) => u.includes('sandbox.worker'))!;
  const csp = await page.evaluate(async (u) => (await fetch(u)).headers.get('content-security-policy'), url);
  expect(csp).toContain("connect-src 'none'");
});

test("a lesson's own code passes through runCode, and the page shows that run", async ({ page }) => {
  await openLesson(page, '14-texture-states', 'debug=1');
  const code = await source(page);
  expect(code).not.toContain("bug('");
  const gen = Number(await page.locator('main.lesson').getAttribute('data-generation'));
  const r = await runCode(page, code);
  expect(r).toEqual({ status: 'pass', level: 'correct', messages: [] });
  // a new request, settled like a shipped run: the check, the editor with the code and the current-call mark
  expect(Number(await page.locator('main.lesson').getAttribute('data-generation'))).toBeGreaterThan(gen);
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass');
  await expect(page.getByTestId('playground-editor')).toHaveAttribute('data-status', 'pass');
  await expect(page.getByTestId('playground-editor').locator('.cm-content')).toContainText('Lesson 14');
  await expect(page.getByTestId('playground-editor').getByTestId('code-line-current')).toHaveCount(1);
});

// lesson 13 imports fast-png and lesson 11's ReadFile; A2's upload ring is a class with fields (sucrase's field
// initialisers are methods): in the sandbox these once failed where the shipped lesson passes
for (const lesson of ['13-upload-copy', 'A2-upload-ring'])
  test(`${lesson}: its own code, which imports a package or another lesson's code or declares a class, runs as shipped`, async ({
    page,
  }) => {
    const shipped = await openLesson(page, lesson, 'debug=1');
    const r = await runCode(page, await source(page));
    expect(r.error).toBeUndefined();
    expect({ status: r.status, level: r.level }).toEqual(shipped);
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', shipped.status!);
  });

test('an edit that removes the barrier: the right message on the right line, in the editor and in the log', async ({
  page,
}) => {
  await openLesson(page, '14-texture-states', 'debug=1');
  const code = await source(page);
  const barrier =
    /\n[ \t]*list\.ResourceBarrier\(\{\s*NumBarriers: 1,\s*Barriers: \[Transition\(texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE\)\],\s*\}\);/;
  expect(code).toMatch(barrier);
  const edited = code.replace(barrier, '');
  const r = await runCode(page, edited);
  expect(r.status).toBe('fail');
  const msg = r.messages.find((m) => m.id === 'INVALID_SUBRESOURCE_STATE');
  expect(msg, JSON.stringify(r.messages)).toBeDefined();
  // the layer checks the state where the draw's table is set (root signature 1.1, static range)
  expect(msg!.line).toBe(lineOf(edited, '.SetGraphicsRootDescriptorTable('));
  // in the editor: a lint diagnostic on that line (problems list + CodeMirror's lint range) ...
  const problem = page
    .getByTestId('playground-problems')
    .locator(`li[data-id="INVALID_SUBRESOURCE_STATE"][data-line="${msg!.line}"]`);
  await expect(problem).toHaveCount(1);
  await expect(problem).toContainText('INVALID_SUBRESOURCE_STATE');
  // its line number takes the editor there: the line carries CodeMirror's lint mark
  await problem.locator('button').first().click();
  await expect(
    page
      .getByTestId('playground-editor')
      .locator('.cm-line', { hasText: '.SetGraphicsRootDescriptorTable(' })
      .locator('.cm-lintRange-error'),
  ).toHaveCount(1);
  await expect(page.getByTestId('playground-editor').locator('.cm-lint-marker-error').first()).toBeAttached();
  // ... and in the debug log, which its link opens at the message's call
  await expect(page.getByTestId('message-list').locator('[data-message-id="INVALID_SUBRESOURCE_STATE"]')).toHaveCount(
    1,
  );
  await problem.getByTestId('playground-in-log').click();
  await expect(page.getByTestId('message-list').locator('li.flash')).toHaveAttribute(
    'data-message-id',
    'INVALID_SUBRESOURCE_STATE',
  );
  await expect(page.getByTestId('playground-editor').getByTestId('code-line-current')).toContainText(
    'SetGraphicsRootDescriptorTable',
  );
  // the debug layer switched off: the learner's code runs again (not the lesson's), and the layer says nothing
  await page.getByTestId('debug-layer-toggle').click();
  await expect(page.getByTestId('playground-problems').locator('li[data-kind="message"]')).toHaveCount(0);
  await expect(page.getByTestId('message-list')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'fail');
});

test('a failed HRESULT is marked on its call, and Show solution diffs the code against the lesson', async ({
  page,
}) => {
  await openLesson(page, '04-clear', 'debug=1&lang=zh');
  const code = await source(page);
  const rtv = code.indexOf('D3D12_DESCRIPTOR_HEAP_TYPE_RTV,\n');
  const at = code.indexOf('Flags: D3D12_DESCRIPTOR_HEAP_FLAG_NONE', rtv);
  expect(at).toBeGreaterThan(rtv);
  const edited = code.slice(0, at) + 'Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE' + code.slice(at + 38);
  const r = await runCode(page, edited);
  // ThrowIfFailed stops the code: the check fails, which is not a sandbox error
  expect(r).toMatchObject({ status: 'fail', level: 'none' });
  expect(r.error).toBeUndefined();
  const line = lineOf(edited, 'device.CreateDescriptorHeap(');
  const problems = page.getByTestId('playground-problems');
  await expect(problems.locator(`li[data-kind="hresult"][data-line="${line}"]`)).toContainText('E_INVALIDARG');
  // the debug layer's message on the same call, in the page's language
  await expect(problems.locator(`li[data-kind="message"][data-line="${line}"]`).first()).toContainText('D3D12 ERROR');
  await expect(problems.locator(`li[data-kind="message"]`).first()).toContainText(/[\u4e00-\u9fff]/);
  await page.getByTestId('playground-solution').click();
  await expect(page.getByTestId('playground-editor').locator('.cm-changedLine').first()).toBeAttached();
  await expect(page.getByTestId('playground-editor').locator('.cm-deletedChunk').first()).toContainText(
    'D3D12_DESCRIPTOR_HEAP_FLAG_NONE',
  );
});

test('a syntax error and a thrown error name their lines', async ({ page }) => {
  await openLesson(page, '04-clear', 'debug=1');
  const code = await source(page);
  const bad = insertAfter(code, 'const frameIndex', '  const = 3;');
  const s = await runCode(page, bad.code);
  expect(s.status).toBe('error');
  expect(s.error).toMatchObject({ code: 'syntax', line: bad.line });
  await expect(page.getByTestId('playground-error')).toHaveAttribute('data-line', String(bad.line));

  const thrown = insertAfter(code, 'const frameIndex', "  if (frameIndex >= 0) throw new Error('boom');");
  const t = await runCode(page, thrown.code);
  expect(t.status).toBe('error');
  expect(t.error).toMatchObject({ code: 'runtime', line: thrown.line });
  expect(t.error!.message).toContain('boom');
  await expect(page.getByTestId('playground-error')).toHaveAttribute('data-code', 'runtime');
  await expect(page.getByTestId('playground-error')).toHaveAttribute('data-line', String(thrown.line));
  // the run up to the throw is shown: the builds level fails and says where it stopped
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'fail');
});

test('a type error names its line, and the code does not run', async ({ page }) => {
  await openLesson(page, '04-clear', 'debug=1');
  const code = await source(page);
  // code that would run without a complaint: only the type checker can see these
  const lines = code.split('\n');
  const at = lines.findIndex((l) => l.includes('const frameIndex'));
  lines.splice(
    at + 1,
    0,
    "  const width: number = 'wide';",
    '  if (frameIndex < 0) device.CreateFense(0, D3D12_FENCE_FLAG_NONE);',
  );
  // the checker cold (nothing typed yet): the run does not wait for it; its errors reach the problems list afterwards
  const cold = await runCode(page, lines.join('\n'));
  expect(cold.status).toBe('pass');
  await expect(
    page.getByTestId('playground-problems').locator(`li[data-kind="error"][data-line="${at + 2}"]`),
  ).toContainText("Type 'string' is not assignable to type 'number'", { timeout: 30_000 });
  await expect(page.getByTestId('playground-editor')).toHaveAttribute('data-typecheck', 'ready');
  // the checker ready: the type error is the answer
  const gen = Number(await page.locator('main.lesson').getAttribute('data-generation'));
  const r = await runCode(page, lines.join('\n'));
  expect(r.status).toBe('error');
  expect(r.error).toMatchObject({ code: 'type', line: at + 2 });
  expect(r.error!.message).toContain("Type 'string' is not assignable to type 'number'");
  await expect(page.getByTestId('playground-error')).toHaveAttribute('data-code', 'type');
  await expect(page.getByTestId('playground-error')).toHaveAttribute('data-line', String(at + 2));
  // every type error is in the editor's problems, on its line
  const problems = page.getByTestId('playground-problems');
  await expect(problems.locator(`li[data-kind="error"][data-line="${at + 3}"]`)).toContainText('CreateFense');
  // the code did not run: no new request reached the page
  expect(Number(await page.locator('main.lesson').getAttribute('data-generation'))).toBe(gen);

  // a type error before an endless loop: the answer does not wait for the time limit
  const t0 = Date.now();
  const looped = insertAfter(code, 'const frameIndex', "  const n: number = 'x'; while (frameIndex >= 0) {}");
  const l = await runCode(page, looped.code);
  expect(l.error).toMatchObject({ code: 'type', line: looped.line });
  expect(Date.now() - t0).toBeLessThan(4500);
  // fixed, it runs
  expect((await runCode(page, code)).status).toBe('pass');
});

test('an endless loop is stopped within the limit, and the page keeps working', async ({ page }) => {
  await openLesson(page, '04-clear', 'debug=1');
  // the page's own loading after its check (code viewer, panels: up to 600 ms of main thread under CI load) is not
  // the sandbox's: the 1 s answer below is timed once the page is quiet
  await waitForPageQuiet(page);
  const code = await source(page);
  const loop = insertAfter(code, 'const frameIndex', '  while (frameIndex >= 0) {}');
  const t0 = Date.now();
  const pending = runCode(page, loop.code);
  // while the sandbox spins, the page answers and its controls work
  await expect(page.getByTestId('playground-editor')).toHaveAttribute('data-status', 'running');
  const before = Date.now();
  await page.evaluate(() => 1 + 1);
  expect(Date.now() - before).toBeLessThan(1000);
  await page.getByTestId('playground-solution').click();
  await expect(page.getByTestId('playground-solution')).toHaveAttribute('aria-pressed', 'true');
  const r = await pending;
  const took = Date.now() - t0;
  expect(r.status).toBe('error');
  expect(r.error!.code).toBe('timeout');
  expect(took).toBeLessThan(9000);
  expect(took).toBeGreaterThanOrEqual(4900);
  // where it was: the loop's line (instrumented at transpile time), and the last D3D12 call before it
  expect(r.error!.line).toBe(loop.line);
  expect(r.error!.message).toContain(`in the loop on line ${loop.line}`);
  expect(r.error!.message).toContain('GetCurrentBackBufferIndex');
  await expect(page.getByTestId('playground-error')).toHaveAttribute('data-code', 'timeout');
  await expect(page.getByTestId('playground-error')).toHaveAttribute('data-line', String(loop.line));
  // a run after the timeout works (a fresh worker)
  expect((await runCode(page, code)).status).toBe('pass');
});

test('code that touches document, storage or the network cannot', async ({ page }) => {
  await openLesson(page, '04-clear', 'debug=1');
  const code = await source(page);
  const title = await page.title();
  for (const probe of [
    "  document.title = 'pwned';",
    "  localStorage.setItem('pwned', '1');",
    "  fetch('/pwned');",
    "  (0, eval)('this').fetch('/pwned');",
    '  new XMLHttpRequest();',
  ]) {
    const edit = insertAfter(code, 'const frameIndex', probe);
    const r = await runCode(page, edit.code);
    expect(r.status, probe).toBe('error');
    expect(r.error!.line, probe).toBe(edit.line);
  }
  expect(await page.title()).toBe(title);
  expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
  // imports are the lesson's API only
  const imp = `import { readFileSync } from 'node:fs';\n${code}`;
  const r = await runCode(page, imp);
  expect(r.error).toMatchObject({ code: 'type', line: 1 });
});

test('a loop inside a loop after calls: the timeout names the inner loop, not the last call', async ({ page }) => {
  await openLesson(page, '04-clear', 'debug=1');
  const code = await source(page);
  const lines = code.split('\n');
  const at = lines.findIndex((l) => l.includes('const frameIndex'));
  lines.splice(
    at + 1,
    0,
    '  let spins = 0;',
    '  for (let i = 0; i >= 0; i++) {',
    '    while (spins >= 0) spins++;',
    '  }',
  );
  const r = await runCode(page, lines.join('\n'));
  expect(r.error).toMatchObject({ code: 'timeout', line: at + 4 });
  expect(r.error!.message).toContain(`in the loop on line ${at + 4}`);
});

test('an allocation storm of plain arrays, objects or strings ends with the memory error', async ({ page }) => {
  await openLesson(page, '04-clear', 'debug=1');
  // (the checker's start, seconds of CPU, is over first: the storms race the run's time limit)
  await warmChecker(page);
  const code = await source(page);
  for (const storm of [
    '  const keep: unknown[] = []; while (frameIndex >= 0) keep.push({ x: new Array(1e6) });',
    '  const keep: unknown[] = []; for (let i = 0; ; i++) keep.push({ i, name: `obj ${i}` });',
    "  let s = 'x'; for (;;) s += s;",
  ]) {
    const edit = insertAfter(code, 'const frameIndex', storm);
    const r = await runCode(page, edit.code);
    expect(r.status, storm).toBe('error');
    // the guard's error (the time limit would say 'timeout'; a full heap would crash the page)
    expect(r.error, storm).toMatchObject({ code: 'memory', line: edit.line });
  }
  await expect(page.getByTestId('playground-error')).toHaveAttribute('data-code', 'memory');
  expect((await runCode(page, code)).status).toBe('pass');
});

test('on a host that sends no CSP for the worker, learner code still cannot reach the network', async ({
  page,
  context,
}) => {
  // the built app's static-host headers file carries the worker's CSP ...
  await openLesson(page, '04-clear', 'debug=1');
  const headers = await page.evaluate(() => fetch('/_headers').then((r) => r.text()));
  expect(headers).toContain('/assets/sandbox.worker-*');
  expect(headers).toContain("connect-src 'none'");
  // ... but a host may ignore it: serve the worker script without the header, and count what reaches the server
  const hits: string[] = [];
  await context.route('**/pwned**', (route) => {
    hits.push(route.request().url());
    return route.fulfill({ body: 'self.pwned = 1;', contentType: 'text/javascript' });
  });
  await context.route('**/sandbox.worker*', async (route) => {
    const res = await route.fetch();
    const h = { ...res.headers() };
    delete h['content-security-policy'];
    await route.fulfill({ response: res, headers: h });
  });
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(r.url()));
  await page.reload();
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', /pass|fail/, { timeout: 30_000 });
  const code = await source(page);
  for (const probe of [
    "  fetch('/pwned-1');",
    "  (self as any).constructor.prototype.fetch.call(self, '/pwned-2');",
    "  (() => 0).constructor('return fetch')()('/pwned-3');",
    '  Object.getPrototypeOf(async () => 0).constructor(\'await import("/pwned-4.js")\')();',
    '  (0, eval)(\'import("/pwned-5.js")\');',
    '  setTimeout(\'fetch("/pwned-6")\');',
    "  importScripts('/pwned-7.js');",
    "  new FontFace('x', 'url(/pwned-8.woff)').load();",
    "  new Worker('/pwned-9.js');",
    "  new WebSocket('ws://localhost:1/pwned-10');",
  ]) {
    const edit = insertAfter(code, 'const frameIndex', probe);
    const r = await runCode(page, edit.code);
    expect(r.status, probe).toBe('error');
    expect(r.error!.line, probe).toBe(edit.line);
  }
  // the worker really ran without the header (its script as the page gets it), and nothing reached the server
  const url = loaded.find((u) => u.includes('sandbox.worker')) ?? '';
  expect(url).toContain('sandbox.worker');
  expect(await page.evaluate(async (u) => (await fetch(u)).headers.get('content-security-policy'), url)).toBeNull();
  await page.waitForTimeout(500);
  expect(hits).toEqual([]);
});

test('an allocation storm ends with the memory error, naming its line', async ({ page }) => {
  await openLesson(page, '04-clear', 'debug=1');
  const code = await source(page);
  const storm = insertAfter(
    code,
    'const frameIndex',
    '  const keep: Uint8Array[] = []; for (;;) keep.push(new Uint8Array(1 << 20));',
  );
  const r = await runCode(page, storm.code);
  expect(r.status).toBe('error');
  expect(r.error).toMatchObject({ code: 'memory', line: storm.line });
  await expect(page.getByTestId('playground-error')).toHaveAttribute('data-code', 'memory');
  // the page is fine, and the next run works
  expect((await runCode(page, code)).status).toBe('pass');
});

test('autocomplete and hover know the D3D12 names, from the model', async ({ page }) => {
  await openLesson(page, '04-clear', 'debug=1');
  await page.getByTestId('playground-edit').click();
  const content = page.getByTestId('playground-editor').locator('.cm-content');
  await content.click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('D3D12_RESOURCE_STATE_COPY_D');
  await page.keyboard.press('Control+Space');
  const option = page.locator('.cm-tooltip-autocomplete li', { hasText: 'D3D12_RESOURCE_STATE_COPY_DEST' });
  await expect(option.first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.type('EST;\n');
  // hover over a method name: its interface and signature from the model's declarations
  await page
    .getByTestId('playground-editor')
    .locator('.cm-line', { hasText: 'D3D12GetDebugInterface' })
    .first()
    .getByText('D3D12GetDebugInterface')
    .hover();
  await expect(page.getByTestId('playground-hover')).toContainText('D3D12System::D3D12GetDebugInterface');
});

test('a shared link with edited code reproduces the run', async ({ page, context }) => {
  await openLesson(page, '04-clear', 'debug=1');
  const code = await source(page);
  const green = code.replace('ColorRGBA: [1, 0, 1, 1]', 'ColorRGBA: [0, 1, 0, 1]');
  expect(green).not.toBe(code);
  const r = await runCode(page, green);
  expect(r).toMatchObject({ status: 'fail', level: 'runs' });
  expect(await readPixels(page, 32, 32)).toEqual([0, 255, 0, 255]);
  await page.getByTestId('playground-copy-link').click();
  const href = await page.getByTestId('playground-link').getAttribute('href');
  expect(href).toContain('#code=');

  const other = await context.newPage();
  await other.goto(href!);
  await expect(other.getByTestId('playground-editor')).toHaveAttribute('data-status', 'fail', { timeout: 30_000 });
  await expect(other.getByTestId('lesson-check')).toHaveAttribute('data-level', 'runs');
  expect(await readPixels(other, 32, 32)).toEqual([0, 255, 0, 255]);
  expect(
    await other.evaluate(() => document.querySelector('[data-testid="playground-editor"] .cm-content')?.textContent),
  ).toContain('ColorRGBA: [0, 1, 0, 1]');
});

test('edits are kept per lesson; damaged saved data is reset with a notice', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('d3d12lab.playground', '{not json');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await openLesson(page, '04-clear', 'debug=1');
  await page.getByTestId('playground-edit').click();
  await expect(page.getByTestId('playground-notice')).toBeVisible();
  const content = page.getByTestId('playground-editor').locator('.cm-content');
  await content.click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('// my note\n');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('d3d12lab.playground') ?? '')).toContain('my note');
  await page.reload();
  await page.getByTestId('playground-edit').click();
  await expect(page.getByTestId('playground-editor').locator('.cm-content')).toContainText('// my note');
  await expect(page.getByTestId('playground-notice')).toHaveCount(0);
});
