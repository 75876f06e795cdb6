// The lesson flow lives in src/state; components select the slice they render. Lint enforces the second half;
// this proves the rule fires (and stays quiet on a selector), so it cannot silently stop enforcing.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: new URL('../../', import.meta.url).pathname });
const hits = async (code: string) => {
  const [r] = await eslint.lintText(code, { filePath: 'src/ui/lesson/Probe.tsx' });
  return r.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
};

describe('components select a slice of the lesson session', () => {
  it('a whole-store subscription is a lint error', async () => {
    const m = await hits(
      "import { useStore } from 'zustand';\nimport { lessonStore } from '../../state/lesson';\nexport const useAll = () => useStore(lessonStore);\n",
    );
    expect(m).toHaveLength(1);
    expect(m[0]).toMatch(/Select a slice/);
  }, 60_000);
  it('a selector is fine', async () => {
    expect(
      await hits(
        "import { useStore } from 'zustand';\nimport { lessonStore } from '../../state/lesson';\nexport const useCursor = () => useStore(lessonStore, (s) => s.cursor);\n",
      ),
    ).toEqual([]);
  }, 60_000);
});
