import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveCanvas } from '../hooks';
import { readTexturePixels } from '../../gpu/readback';
import { GpuFacts } from '../components/GpuFacts';

const MAGENTA = { r: 1, g: 0, b: 1, a: 1 };

/** /smoke: the smallest proof that live WebGPU works here — a clear to magenta, read back. */
export function SmokePage() {
  const { t } = useTranslation();
  const [bytes, setBytes] = useState<number[] | null>(null);
  const { canvasRef, frames } = useLiveCanvas(async (p) => {
    const target = p.clearTo(MAGENTA, 'smoke clear');
    p.present(target);
    setBytes(Array.from(await readTexturePixels(p.device, target, 32, 32, 1, 1)));
  }, []);
  return (
    <main id="main" className="smoke">
      <h1>{t('smoke.title')}</h1>
      <p>{t('smoke.body')}</p>
      <canvas
        ref={canvasRef}
        width={64}
        height={64}
        className="live-canvas"
        data-testid="smoke-canvas"
        data-frames={frames}
        aria-label="magenta canvas"
      />
      <p data-testid="smoke-readback" data-bytes={bytes?.join(',') ?? ''}>
        {t('smoke.readback')}: <code>{bytes ? `(${bytes.join(', ')})` : '…'}</code>
      </p>
      <GpuFacts compact />
    </main>
  );
}
