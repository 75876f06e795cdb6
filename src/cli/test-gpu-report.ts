// `npm run test:gpu`, its interface: the command line (Options, parseArgs) and the shape of the JSON report
// (VariantResult per lesson × variant, LessonResult per lesson). Split out of test-gpu.ts, which runs the lessons
// and re-exports the report's types.
import type { CheckReport } from '../lessons/types';

export interface Options {
  report: string;
  frames: string | null;
  compare: string | null;
  diffDir: string | null;
  repeat: number;
  only: string[];
  label: string;
}

export interface VariantResult {
  variant: string;
  /** What the browser suite expects: the correct run passes, a bug fails. */
  expected: 'pass' | 'fail';
  status: CheckReport['status'];
  level: CheckReport['level'];
  ok: boolean;
  /** Why this variant failed the harness (empty when ok). */
  problems: string[];
  /** The check's failing items, as the page lists them. */
  failingItems: string[];
  /** sha256 of the presented frame's RGBA bytes (first 16 hex digits). */
  pixelHash: string;
  /** Pixels that differ from the correct run's frame (bugs only). */
  differingFromCorrect?: number;
  /** Wall time of LessonExecutor.execute until the queue had finished its work (ms), pipelines compiled cold. */
  execMs: number;
  presentedAt: number;
  gpuErrors: string[];
  hazards: number;
}

export interface LessonResult {
  id: string;
  slug: string;
  canvas: boolean;
  variants: VariantResult[];
  /** The correct run replayed again `runs` times on a warm executor: median ms, and frames per second at that rate. */
  warm?: { runs: number; medianMs: number; minMs: number; framesPerSecond: number };
}

export function parseArgs(argv: string[]): Options {
  const o: Options = {
    report: '.tmp/gpu-report.json',
    frames: null,
    compare: null,
    diffDir: null,
    repeat: 5,
    only: [],
    label: '',
  };
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    const value = () => {
      const v = argv[++k];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--report') o.report = value();
    else if (a === '--frames') o.frames = value();
    else if (a === '--compare') o.compare = value();
    else if (a === '--diff-dir') o.diffDir = value();
    else if (a === '--repeat') o.repeat = Math.max(0, Number(value()) | 0);
    else if (a === '--only') o.only = value().split(',');
    else if (a === '--label') o.label = value();
    else
      throw new Error(
        `unknown argument ${a} (--report FILE, --frames FILE, --compare FRAMES, --diff-dir DIR, --repeat N, --only 04,10,compute,msaa,present, --label TEXT)`,
      );
  }
  return o;
}
