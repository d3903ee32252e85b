import type { LinkType } from '@planline/domain';

/** A bar's horizontal extent and its row's middle, in chart pixels. */
export interface BarBox {
  left: number;
  right: number;
  y: number;
}

const ELBOW_PX = 8;

/** Which end of each bar a link joins: FS end→start, SS start→start, FF end→end, SF start→end. */
export const linkSides = (type: LinkType) => ({ leavesRight: type === 'FS' || type === 'FF', arrivesFromLeft: type === 'FS' || type === 'SS' });

function linkEnds(type: LinkType, from: BarBox, to: BarBox) {
  const { leavesRight, arrivesFromLeft } = linkSides(type);
  return { x1: leavesRight ? from.right : from.left, x2: arrivesFromLeft ? to.left : to.right, leavesRight, arrivesFromLeft };
}

/**
 * The arrow's path: out of the predecessor's end sideways, down (or up) to the successor's row and into its end
 * from the side the link arrives on. When the two ends face the wrong way it turns between the rows.
 */
export function linkPath(type: LinkType, from: BarBox, to: BarBox, rowHeight: number): string {
  const { x1, x2, leavesRight, arrivesFromLeft } = linkEnds(type, from, to);
  const out = x1 + (leavesRight ? ELBOW_PX : -ELBOW_PX);
  const into = x2 + (arrivesFromLeft ? -ELBOW_PX : ELBOW_PX);
  const y1 = from.y;
  const y2 = to.y;
  if (leavesRight === arrivesFromLeft) {
    // FS and SF: a straight elbow when the successor's end lies beyond the turn, else around between the rows.
    const fits = leavesRight ? into >= out : into <= out;
    if (fits) return `M ${x1} ${y1} H ${out} V ${y2} H ${x2}`;
    const mid = y1 + Math.sign(y2 - y1 || 1) * (rowHeight / 2);
    return `M ${x1} ${y1} H ${out} V ${mid} H ${into} V ${y2} H ${x2}`;
  }
  // SS and FF: both ends on one side; go out past the outermost of the two.
  const side = leavesRight ? Math.max(out, into) : Math.min(out, into);
  return `M ${x1} ${y1} H ${side} V ${y2} H ${x2}`;
}
