// Lint enforces DESIGN.md's one-way dependency rule: core ← gpu ← lessons ← state ← ui.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const UI_LIBS = [
  'react',
  'react-dom',
  'react-dom/*',
  'react-router',
  'react-i18next',
  'i18next',
  'zustand',
  'zustand/*',
];
const D3 = ['d3', 'd3-*'];
const layer = (name, why) => ({ group: [`**/${name}`, `**/${name}/**`, `@/${name}/**`], message: why });

const coreWhy =
  'src/core is the pure D3D12 model: it runs in Node (CLI, tests, bench) and must not know about the UI, WebGPU, stores or Node APIs.';
// The model's public surface is src/core/index.ts: the layers above import only that (as Perfetto's import checker
// does for its plugins), so the model's files can be split and moved without touching its users.
const throughCoreIndex = {
  group: ['**/core/**', '!**/core/index', '!**/core/index.ts'],
  message: 'Import the model through src/core (its index.ts), not one of its files.',
};
const DOM_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'HTMLElement',
  'HTMLCanvasElement',
  'GPUDevice',
  'requestAnimationFrame',
  'fetch',
  'process',
  'Buffer',
  'require',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'test-results/**', 'playwright-report/**', '.gpu-carry/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // components select the slice they render: a whole-session subscription re-renders the page on every change
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='useStore'][arguments.length=1][arguments.0.name='lessonStore']",
          message:
            'Select a slice: useStore(lessonStore, selector). The lesson flow lives in src/state; components only render.',
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [throughCoreIndex] }] },
  },
  {
    // an import used only for types is `import type` (erased), so the runtime import graph shows the real
    // dependencies; boundaries.test.ts checks that graph has no cycle
    files: ['src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports' },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...UI_LIBS, ...D3], message: coreWhy },
            { group: ['node:*', 'fs', 'path', 'os', 'child_process'], message: coreWhy },
            layer('gpu', coreWhy),
            layer('lessons', coreWhy),
            layer('state', coreWhy),
            layer('ui', coreWhy),
          ],
        },
      ],
      'no-restricted-globals': ['error', ...DOM_GLOBALS.map((name) => ({ name, message: coreWhy }))],
    },
  },
  {
    files: ['src/gpu/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...UI_LIBS, ...D3], message: 'src/gpu is the WebGPU executor: it imports src/core only.' },
            throughCoreIndex,
            layer('lessons', 'src/gpu imports src/core only.'),
            layer('state', 'src/gpu imports src/core only.'),
            layer('ui', 'src/gpu imports src/core only.'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/lessons/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...UI_LIBS, ...D3], message: 'Lessons are D3D12 code over core and gpu; UI lives in src/ui.' },
            throughCoreIndex,
            layer('state', 'src/lessons imports src/core and src/gpu only.'),
            layer('ui', 'src/lessons imports src/core and src/gpu only.'),
          ],
        },
      ],
    },
  },
  {
    // A lesson's meta.ts is pure data: the catalogue, the page, Node tests and the e2e specs all import it as it is.
    files: ['src/lessons/*/meta.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[importKind!='type']", message: 'meta.ts is pure data: type imports only.' },
        {
          selector:
            'CallExpression, NewExpression, ArrowFunctionExpression, FunctionExpression, FunctionDeclaration, ClassDeclaration',
          message: 'meta.ts is pure data: no code (the code goes in code.ts and index.ts).',
        },
      ],
    },
  },
  {
    files: ['src/state/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*', ...D3],
              message: 'src/state holds framework-free zustand stores; React binds them in src/ui.',
            },
            throughCoreIndex,
            layer('ui', 'Nothing imports src/ui.'),
          ],
        },
      ],
    },
  },
);
