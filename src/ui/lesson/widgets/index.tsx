// Lesson-specific tools on the lesson page, by lesson id: lesson 23's message browser, lesson 25's capture tool,
// lesson A1's readback throughput chart, lesson A8's budget chart. Each loads with the first page that shows it
// (issue 16: lesson code and tools load on demand).
import { lazy, Suspense, type ComponentType } from 'react';
import type { WidgetProps } from './types';

const WIDGETS: Record<string, ComponentType<WidgetProps>> = {
  '23': lazy(() => import('./MessageBrowser').then((m) => ({ default: m.MessageBrowser }))),
  '25': lazy(() => import('./CaptureTool').then((m) => ({ default: m.CaptureTool }))),
  A1: lazy(() => import('./ReadbackThroughput').then((m) => ({ default: m.ReadbackThroughput }))),
  A8: lazy(() => import('./BudgetChart').then((m) => ({ default: m.BudgetChart }))),
};

export function LessonWidget(p: WidgetProps) {
  const W = WIDGETS[p.def.entry.id];
  return W ? (
    <Suspense fallback={null}>
      <W {...p} />
    </Suspense>
  ) : null;
}
