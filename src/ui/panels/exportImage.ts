// Any panel as SVG (the same marks rendered to markup) or PNG (that SVG drawn onto a canvas, or the canvas
// itself when the panel is drawn on one).

import { createElement } from 'react';
import type { Chart } from './layout/shapes';
import { SvgChart } from './render/SvgChart';

/** react-dom/server is loaded on the first export only (it is most of the panels' bundle otherwise). */
export async function chartToSvgString(chart: Chart, id: string): Promise<string> {
  const { renderToStaticMarkup } = await import('react-dom/server');
  const body = renderToStaticMarkup(createElement(SvgChart, { chart, id, selection: null }));
  // standalone files need the namespace and a background (there is no page behind them)
  return body.replace('<svg ', '<svg style="background:#fff;color:#1b1b22" ');
}

export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function downloadChartSvg(chart: Chart, id: string): Promise<void> {
  download(`${id}.svg`, new Blob([await chartToSvgString(chart, id)], { type: 'image/svg+xml' }));
}

export async function chartToPngBlob(chart: Chart, id: string, canvas: HTMLCanvasElement | null): Promise<Blob | null> {
  if (canvas) return new Promise((res) => canvas.toBlob(res, 'image/png'));
  const svg = await chartToSvgString(chart, id);
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = chart.width;
  c.height = chart.height;
  const ctx = c.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.drawImage(img, 0, 0);
  return new Promise((res) => c.toBlob(res, 'image/png'));
}

export async function downloadChartPng(chart: Chart, id: string, canvas: HTMLCanvasElement | null): Promise<void> {
  const blob = await chartToPngBlob(chart, id, canvas);
  if (blob) download(`${id}.png`, blob);
}
