// Lesson-specific tools on the lesson page, by lesson id: lesson 23's message browser, lesson 25's capture tool,
// lesson A1's readback throughput chart, lesson A8's budget chart.
import type { ComponentType } from 'react';
import { BudgetChart } from './BudgetChart';
import { CaptureTool } from './CaptureTool';
import { MessageBrowser } from './MessageBrowser';
import { ReadbackThroughput } from './ReadbackThroughput';
import type { WidgetProps } from './types';

const WIDGETS: Record<string, ComponentType<WidgetProps>> = {
  '23': MessageBrowser,
  '25': CaptureTool,
  A1: ReadbackThroughput,
  A8: BudgetChart,
};

export function LessonWidget(p: WidgetProps) {
  const W = WIDGETS[p.def.entry.id];
  return W ? <W {...p} /> : null;
}
