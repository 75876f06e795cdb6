import { useTranslation } from 'react-i18next';
import { useLessonCanvas } from './useLessonCanvas';

/** The swap chain's window: mounted only while WebGPU is (or may become) available. */
export function LessonCanvas({ cursor, size }: { cursor: number; size: number }) {
  const { t } = useTranslation();
  const { canvasRef, frames } = useLessonCanvas(cursor);
  return (
    <canvas
      ref={canvasRef}
      width={size}
      height={size}
      className="live-canvas lesson-canvas"
      data-testid="lesson-canvas"
      data-frames={frames}
      aria-label={t('lesson.canvasLabel')}
    />
  );
}
