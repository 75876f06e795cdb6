// Lesson 11 on the learner's own PNG: a file picker and a drop zone; the file is decoded in a worker
// (src/state/png.ts), then the lesson re-runs on it. Shown here: what the file is, its footprint as the run's
// GetCopyableFootprints gave it, the upload buffer's first rows (payload, then padding up to RowPitch), a preview.
// A refused file shows its error and changes nothing else (the previous image stays).
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { decodeInWorker, pickPng, pngStore } from '../../state/png';
import { pngErrorText, PNG_LIMITS } from '../../lessons/common/png-errors';
import type { UploadView } from '../../lessons/11-png-decode/code';

const T = {
  title: { en: 'Your own PNG', zh: '你自己的 PNG' },
  pick: { en: 'Choose a PNG file, or drop one here', zh: '选择一个 PNG 文件，或拖放到这里' },
  limits: {
    en: `Up to ${PNG_LIMITS.maxSide} pixels a side and ${PNG_LIMITS.maxPixels} pixels in all; decoded in a worker, stopped after ${PNG_LIMITS.timeoutMs / 1000} s.`,
    zh: `每边最多 ${PNG_LIMITS.maxSide} 像素，总计最多 ${PNG_LIMITS.maxPixels} 像素；在 worker 中解码，${PNG_LIMITS.timeoutMs / 1000} 秒后停止。`,
  },
  busy: { en: 'Decoding…', zh: '正在解码……' },
  refused: { en: 'This file was not used:', zh: '没有使用这个文件：' },
  kept: { en: 'The previous image stays.', zh: '之前的图像保持不变。' },
  footprint: {
    en: 'Footprint (GetCopyableFootprints, DXGI_FORMAT_R8G8B8A8_UNORM)',
    zh: '布局（GetCopyableFootprints，DXGI_FORMAT_R8G8B8A8_UNORM）',
  },
  bytes: {
    en: "Upload buffer, first rows: payload (the row's pixels) then padding up to RowPitch",
    zh: '上传缓冲区的前几行：有效数据（该行像素），然后是补齐到 RowPitch 的填充',
  },
  payload: { en: 'payload', zh: '有效数据' },
  padding: { en: 'padding', zh: '填充' },
  canvas: {
    en: 'The canvas shows its top-left 64 × 64 pixels, copied from the upload buffer by CopyTextureRegion.',
    zh: '画布显示它左上角的 64 × 64 像素，由 CopyTextureRegion 从上传缓冲区复制而来。',
  },
};
const COLOR = {
  0: { en: 'greyscale', zh: '灰度' },
  2: { en: 'RGB', zh: 'RGB' },
  3: { en: 'palette', zh: '调色板' },
  4: { en: 'grey + alpha', zh: '灰度 + alpha' },
  6: { en: 'RGBA', zh: 'RGBA' },
} as Record<number, { en: string; zh: string }>;
const hex = (b: ArrayLike<number>) => Array.from(b, (v) => v.toString(16).padStart(2, '0')).join(' ');

export function PngPicker({ lang, upload }: { lang: 'en' | 'zh'; upload: (UploadView & { top?: number }) | null }) {
  const { image, error, busy, ms } = useStore(pngStore);
  const [over, setOver] = useState(false);
  // start one worker on an empty file at once: the worker's script is then loaded and compiled before the first pick
  useEffect(() => {
    void decodeInWorker(new Uint8Array(0));
  }, []);
  const take = async (f: File | undefined) => {
    if (!f) return;
    // the size is refused before the bytes are read
    if (f.size > PNG_LIMITS.maxFileBytes)
      pngStore.setState({
        error: { code: 'file-too-large', params: { size: f.size, max: PNG_LIMITS.maxFileBytes }, name: f.name },
      });
    else await pickPng(f.name, new Uint8Array(await f.arrayBuffer()));
  };
  return (
    <section className="png-picker" aria-label={T.title[lang]} data-testid="png-picker" data-busy={busy ? '1' : '0'}>
      <h3>{T.title[lang]}</h3>
      <label
        className={`png-drop${over ? ' over' : ''}`}
        data-testid="png-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          void take(e.dataTransfer.files[0]);
        }}
      >
        {T.pick[lang]}
        <input
          type="file"
          accept="image/png,.png"
          data-testid="png-input"
          onChange={(e) => {
            void take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      <p className="muted">{T.limits[lang]}</p>
      {busy && <p className="muted">{T.busy[lang]}</p>}
      {error && (
        <div className="png-error" role="alert" data-testid="png-error" data-code={error.code}>
          <strong>
            {T.refused[lang]} {error.name}
          </strong>{' '}
          {pngErrorText(error)[lang]} {image && T.kept[lang]}
        </div>
      )}
      {image && (
        <>
          <p data-testid="png-info" data-width={image.info.width} data-height={image.info.height} data-ms={ms ?? ''}>
            <code>{image.name}</code>: {image.info.width} × {image.info.height}, {COLOR[image.info.colorType][lang]},{' '}
            {image.info.bitDepth}-bit
            {image.info.interlace ? ', Adam7' : ''}
            {image.info.transparency ? ', tRNS' : ''}
            {image.info.paletteSize ? `, ${image.info.paletteSize} colours` : ''}
            {ms != null && <span className="muted"> · {ms} ms</span>}
          </p>
          {upload && <Footprint upload={upload} lang={lang} />}
          <p className="muted">{T.canvas[lang]}</p>
          <Preview rgba={image.rgba} width={image.info.width} height={image.info.height} />
        </>
      )}
    </section>
  );
}

function Footprint({ upload: u, lang }: { upload: UploadView; lang: 'en' | 'zh' }) {
  const rows = Math.min(u.NumRows, Math.ceil(u.head.length / u.RowPitch));
  const pad = u.RowPitch - u.RowSizeInBytes;
  return (
    <>
      <table
        className="png-footprint"
        data-testid="png-footprint"
        data-row-pitch={u.RowPitch}
        data-total-bytes={u.TotalBytes}
      >
        <caption>{T.footprint[lang]}</caption>
        <tbody>
          <tr>
            <th>Offset</th>
            <td>{u.Offset}</td>
          </tr>
          <tr>
            <th>RowPitch</th>
            <td>
              {u.RowPitch} = align({u.RowSizeInBytes}, 256)
            </td>
          </tr>
          <tr>
            <th>RowSizeInBytes</th>
            <td>{u.RowSizeInBytes}</td>
          </tr>
          <tr>
            <th>NumRows</th>
            <td>{u.NumRows}</td>
          </tr>
          <tr>
            <th>TotalBytes</th>
            <td>
              {u.TotalBytes} = {u.RowPitch} × {u.NumRows - 1} + {u.RowSizeInBytes}
            </td>
          </tr>
        </tbody>
      </table>
      <div className="png-bytes" data-testid="png-bytes" aria-label={T.bytes[lang]}>
        <p className="muted">{T.bytes[lang]}</p>
        {Array.from({ length: rows }, (_, y) => {
          const start = y * u.RowPitch;
          const row = u.head.subarray(start, start + u.RowSizeInBytes);
          const padBytes = u.head.subarray(start + u.RowSizeInBytes, start + u.RowPitch);
          return (
            <div
              key={y}
              className="png-byte-row"
              data-testid="png-byte-row"
              data-payload={u.RowSizeInBytes}
              data-padding={y < u.NumRows - 1 ? pad : 0}
            >
              <span className="label">
                row {y} @ {u.Offset + start}
              </span>
              <span
                className="payload"
                style={{ flexGrow: u.RowSizeInBytes }}
                title={`${T.payload[lang]}: ${u.RowSizeInBytes} B`}
              >
                {T.payload[lang]} {u.RowSizeInBytes} B:{' '}
                <code>
                  {hex(row.subarray(0, 8))}
                  {row.length > 8 ? ' …' : ''}
                </code>
              </span>
              {y < u.NumRows - 1 && pad > 0 && (
                <span className="padding" style={{ flexGrow: pad }} title={`${T.padding[lang]}: ${pad} B`}>
                  {T.padding[lang]} {pad} B:{' '}
                  <code>
                    {hex(padBytes.subarray(0, 4))}
                    {padBytes.length > 4 ? ' …' : ''}
                  </code>
                </span>
              )}
            </div>
          );
        })}
      </div>
    </>
  );
}

function Preview({ rgba, width, height }: { rgba: Uint8Array; width: number; height: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current?.getContext('2d');
    if (!c) return;
    c.putImageData(new ImageData(new Uint8ClampedArray(rgba), width, height), 0, 0);
  }, [rgba, width, height]);
  return <canvas ref={ref} width={width} height={height} className="png-preview" data-testid="png-preview" />;
}
