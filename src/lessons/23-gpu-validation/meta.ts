// Lesson 23: the catalogue's facts (pure data); its code runs (index.ts). No bug of its own: the syllabus lists
// "every earlier bug, listed with its message", which is what the page's message browser runs.
import type { LessonMeta } from '../types';

export default {
  id: '23',
  slug: 'gpu-validation',
  title: {
    en: 'Debug layer and GPU-based validation in practice',
    zh: '调试层与 GPU 验证实战',
  },
  canvas: false,
  panels: ['log', 'descriptors', 'events'],
  bugs: [],
} satisfies LessonMeta;
