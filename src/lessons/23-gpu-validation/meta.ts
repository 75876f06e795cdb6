// Lesson 23: the catalogue's facts and bug texts (pure data); prose only for now.
import type { LessonMeta } from '../types';

export default {
  id: '23',
  slug: 'gpu-validation',
  title: {
    en: 'Debug layer and GPU-based validation in practice',
    zh: '调试层与 GPU 验证实战',
  },
  bugs: [],
} satisfies LessonMeta;
