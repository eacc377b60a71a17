/** The targets on art laid on colored papers and on opaque flags, against plain vtracer in the same run. */
import type { InputType } from './corpus.js';
import type { FlagSummary, PaperGroup, ResavedComparison } from './papers-summary.js';
import { check, relativeToVtracer, type TargetCheck } from './targets.js';

function paperGroupTargets({ label, ours, vtracer }: PaperGroup): TargetCheck[] {
  const name = `Papers, ${label}`;
  return [
    relativeToVtracer(`${name}: mean error over the paper`, 'error', ours.error, 0.5, vtracer.error),
    check(`${name}: shape IoU`, 'rate', ours.iou, '>=', 0.95),
    check(`${name}: recall of colors off the paper`, 'rate', ours.recall, '>=', 0.97),
    check(`${name}: spurious colors per image`, 'count', ours.spurious, '<=', 0.2),
    check(`${name}: failed files`, 'number', ours.failures, '<=', 0),
  ];
}

/** Overall, per paper band and per format. */
export function paperTargets(groups: readonly PaperGroup[]): TargetCheck[] {
  return groups.filter((group) => group.scored).flatMap(paperGroupTargets);
}

const FLAG_RECALL_FLOOR: Record<InputType, number> = { png: 1, jpg: 0.97 };

export function flagTargets(summaries: readonly FlagSummary[]): TargetCheck[] {
  return summaries.flatMap(({ input, ours, vtracer, aboveTwice }) => {
    const name = `Flags ${input === 'png' ? 'PNG' : 'JPEG'}`;
    return [
      check(`${name}: palette recall`, 'rate', ours.recall, '>=', FLAG_RECALL_FLOOR[input]),
      relativeToVtracer(`${name}: mean error over white`, 'error', ours.error, 0.8, vtracer.error),
      check(`${name}: flags above 2x vtracer's error`, 'number', aboveTwice.length, '<=', 0),
    ];
  });
}

export function resavedTargets(resaved: ResavedComparison): TargetCheck[] {
  return [
    check(
      `Resaved PNGs: median SVG bytes over the JPEG's (${resaved.files} files)`,
      'rate',
      resaved.bytesRatio,
      '<=',
      1.2,
    ),
    check(
      `Papers: failed PNGs of ${resaved.softenedOrNoisedPngs} blurred or noised`,
      'number',
      resaved.softenedOrNoisedFailures,
      '<=',
      0,
    ),
  ];
}
