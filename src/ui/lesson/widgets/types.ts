import type { LessonDef, LessonEnv } from '../../../lessons/types';

/** What a lesson's own widget on the page gets: the lesson, its toggles, and a way to run it again. */
export interface WidgetProps {
  def: LessonDef;
  env: LessonEnv;
  lang: 'en' | 'zh';
  /** Run the lesson again (its run() reads whatever the widget changed) and settle the new run. */
  rerun(): void;
}
