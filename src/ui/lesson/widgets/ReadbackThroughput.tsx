// Lesson A1's throughput chart: frames per second of blocking and pipelined readback, on the modelled timeline (from
// the lesson's run) and, on request, live on this browser's GPU (real mapAsync of real WebGPU buffers, both modes in
// the same measurement: src/gpu/readback-live.ts).
import { useState } from 'react';
import { useStore } from 'zustand';
import { lessonStore } from '../../../state/lesson';
import { gpuHost } from '../../app-context';
import { measureReadback, type LiveReadbackResult } from '../../../gpu/readback-live';
import type { WidgetProps } from './types';

const T = {
  title: { en: 'Readback throughput: blocking vs pipelined', zh: '回读吞吐量：阻塞与流水线' },
  modelled: { en: 'modelled timeline (frames per modelled second)', zh: '模拟时间线（每模拟秒帧数）' },
  live: {
    en: "live on this browser's GPU (mapAsync, frames per second)",
    zh: '在本浏览器的 GPU 上实测（mapAsync，每秒帧数）',
  },
  blocking: { en: 'blocking', zh: '阻塞' },
  pipelined: { en: 'pipelined', zh: '流水线' },
  measure: { en: 'Measure live (60 frames each, 256 × 256)', zh: '实测（每种 60 帧，256 × 256）' },
  measuring: { en: 'Measuring…', zh: '正在测量…' },
  noGpu: { en: 'No WebGPU device: only the modelled figures.', zh: '没有 WebGPU 设备：只有模拟数据。' },
  wrong: { en: 'frames read back wrong', zh: '读回错误的帧' },
  stages: { en: 'stages of a frame', zh: '一帧的各阶段' },
  cpu: { en: 'CPU work', zh: 'CPU 工作' },
  direct: { en: 'DIRECT render', zh: 'DIRECT 渲染' },
  copy: { en: 'COPY readback', zh: 'COPY 回读' },
  why: {
    en: 'blocking ≈ their sum, pipelined ≈ the longest',
    zh: '阻塞 ≈ 三者之和，流水线 ≈ 最长的一个',
  },
};

type Stages = { cpu: number; direct: number; copy: number } | null;

interface Bar {
  label: string;
  value: number;
}

function Bars({ bars, unit, testId, caption }: { bars: Bar[]; unit: string; testId: string; caption: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const W = 320;
  const rowH = 22;
  return (
    <figure data-testid={testId} style={{ margin: '0.5em 0' }}>
      <figcaption className="muted">{caption}</figcaption>
      <svg width={W} height={bars.length * rowH} role="img" aria-label={caption}>
        {bars.map((b, k) => {
          const w = Math.max(1, ((W - 170) * b.value) / max);
          return (
            <g key={b.label} transform={`translate(0, ${k * rowH})`}>
              <text x={0} y={15} fontSize={12} fill="currentColor">
                {b.label}
              </text>
              <rect x={80} y={4} width={w} height={14} fill={k === 0 ? '#8a8f98' : '#3b82f6'} />
              <text x={84 + w} y={15} fontSize={12} fill="currentColor" data-testid={`${testId}-${k}`}>
                {b.value.toFixed(1)} {unit}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function ReadbackThroughput({ lang }: WidgetProps) {
  const run = useStore(lessonStore, (s) => s.run);
  const [live, setLive] = useState<LiveReadbackResult | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'no-gpu' | string>('idle');
  const tp = run?.out.throughput as { blocking: number; pipelined: number; slots: number; stages?: Stages } | undefined;
  const st = tp?.stages ?? null;
  const measure = async () => {
    const device = gpuHost.device;
    if (!device) {
      setState('no-gpu');
      return;
    }
    setState('busy');
    try {
      setLive(await measureReadback(device, { width: 256, height: 256, frames: 60, inFlight: tp?.slots ?? 3 }));
      setState('idle');
    } catch (e) {
      setState(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section className="readback-throughput" data-testid="readback-throughput" aria-label={T.title[lang]}>
      <h3>{T.title[lang]}</h3>
      {tp && (
        <Bars
          testId="readback-chart-modelled"
          caption={`${T.modelled[lang]} — × ${(tp.pipelined / (tp.blocking || 1)).toFixed(2)}`}
          unit="fps"
          bars={[
            { label: T.blocking[lang], value: tp.blocking },
            { label: `${T.pipelined[lang]} (${tp.slots})`, value: tp.pipelined },
          ]}
        />
      )}
      {st && (
        <p className="muted" data-testid="readback-stages">
          {T.stages[lang]}: {T.cpu[lang]} {st.cpu.toFixed(1)} ms · {T.direct[lang]} {st.direct.toFixed(1)} ms ·{' '}
          {T.copy[lang]} {st.copy.toFixed(1)} ms — {T.why[lang]}
        </p>
      )}
      <button
        type="button"
        data-testid="readback-live-button"
        disabled={state === 'busy'}
        onClick={() => void measure()}
      >
        {state === 'busy' ? T.measuring[lang] : T.measure[lang]}
      </button>
      {state === 'no-gpu' && <p className="muted">{T.noGpu[lang]}</p>}
      {state !== 'idle' && state !== 'busy' && state !== 'no-gpu' && <p role="alert">{state}</p>}
      {live && (
        <div data-testid="readback-live-result" data-blocking={live.blockingFps} data-pipelined={live.pipelinedFps}>
          <Bars
            testId="readback-chart-live"
            caption={`${T.live[lang]} — × ${(live.pipelinedFps / live.blockingFps).toFixed(2)}`}
            unit="fps"
            bars={[
              { label: T.blocking[lang], value: live.blockingFps },
              { label: `${T.pipelined[lang]} (${live.inFlight})`, value: live.pipelinedFps },
            ]}
          />
          <p className="muted" data-testid="readback-live-wrong">
            {T.wrong[lang]}: {live.wrongFrames}
          </p>
        </div>
      )}
    </section>
  );
}
