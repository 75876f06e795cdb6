// Lesson prose from content/lessons/NN-slug/{en,zh}.md, loaded on demand (bug texts live in the lesson's meta.ts).
// A missing file leaves the page with the lesson's title (Prose.tsx says the prose is missing).

const prose = import.meta.glob('/content/lessons/*/*.md', { query: '?raw', import: 'default' }) as Record<
  string,
  () => Promise<string>
>;

export async function loadProse(folder: string, lang: 'en' | 'zh'): Promise<string | null> {
  const load = prose[`/content/lessons/${folder}/${lang}.md`] ?? prose[`/content/lessons/${folder}/en.md`];
  if (!load) return null;
  try {
    return await load();
  } catch {
    return null;
  }
}
