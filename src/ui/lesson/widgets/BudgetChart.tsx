// Lesson A8's budget chart: the video memory the run kept resident at each frame's Present (measured from the trace by
// the lesson, run.out.chart) as bars, against the Budget QueryVideoMemoryInfo reported (a dashed line). A bar above the
// line is a frame over budget; the residency table beside it lists the same numbers.
import { useStore } from 'zustand';
import { lessonStore } from '../../../state/lesson';
import type { Bilingual } from '../../../lessons/types';
import type { WidgetProps } from './types';

export interface BudgetChartData {
  title: Bilingual;
  unit: string;
  scale: number;
  points: number[];
  limit: number | null;
  limitLabel: Bilingual;
  testId?: string;
}

const W = 320;
const H = 140;
const PAD = { l: 40, r: 8, t: 10, b: 22 };

export function isBudgetChart(v: unknown): v is BudgetChartData {
  return !!v && typeof v === 'object' && Array.isArray((v as BudgetChartData).points) && 'limitLabel' in v;
}

export function BudgetChart({ lang }: WidgetProps) {
  const run = useStore(lessonStore, (s) => s.run);
  const chart = run?.out.chart;
  if (!isBudgetChart(chart) || chart.points.length === 0) return null;
  const { points, limit, scale, unit } = chart;
  const top = Math.max(limit ?? 0, ...points) * 1.1 || 1;
  const x = (k: number) => PAD.l + ((W - PAD.l - PAD.r) * k) / points.length;
  const y = (v: number) => PAD.t + (H - PAD.t - PAD.b) * (1 - v / top);
  const bw = Math.max(1, (W - PAD.l - PAD.r) / points.length - 2);
  const over = limit === null ? 0 : points.filter((p) => p > limit).length;
  const fmt = (v: number) => `${(v / scale).toFixed(1)} ${unit}`;
  const peak = Math.max(...points);
  return (
    <figure
      className="budget-chart"
      data-testid={chart.testId ?? 'budget-chart'}
      data-peak={peak}
      data-budget={limit ?? ''}
      data-over={over}
    >
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={chart.title[lang]}>
        {[0, 0.5, 1].map((f) => (
          <text key={f} x={PAD.l - 4} y={y(top * f) + 3} fontSize="9" textAnchor="end" fill="currentColor">
            {fmt(top * f)}
          </text>
        ))}
        {points.map((p, k) => (
          <rect
            key={k}
            x={x(k) + 1}
            y={y(p)}
            width={bw}
            height={Math.max(0, y(0) - y(p))}
            fill={limit !== null && p > limit ? '#d9534f' : '#4a90d9'}
          >
            <title>{`${k + 1}: ${fmt(p)}`}</title>
          </rect>
        ))}
        {limit !== null && (
          <line x1={PAD.l} x2={W - PAD.r} y1={y(limit)} y2={y(limit)} stroke="#e0a020" strokeDasharray="4 3" />
        )}
        <text x={PAD.l} y={H - 6} fontSize="9" fill="currentColor">
          1
        </text>
        <text x={W - PAD.r} y={H - 6} fontSize="9" textAnchor="end" fill="currentColor">
          {points.length}
        </text>
      </svg>
      <figcaption>
        {chart.title[lang]} · <span style={{ color: '#e0a020' }}>- - -</span> {chart.limitLabel[lang]}
        {limit !== null && `: ${fmt(limit)}`} · {lang === 'zh' ? '峰值' : 'peak'} {fmt(peak)}
        {over > 0 && (lang === 'zh' ? ` · ${over} 帧超出预算` : ` · ${over} frames over budget`)}
      </figcaption>
    </figure>
  );
}
