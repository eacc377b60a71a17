/** Rectangles and the fits the kit and the mockups place logos with. */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The largest rectangle of `size`'s aspect ratio inside `box`, centred in it. */
export function fitInBox(size: Size, box: Box): Box {
  const scale = Math.min(box.width / size.width, box.height / size.height);
  const width = size.width * scale;
  const height = size.height * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/** The largest rectangle of `size`'s aspect ratio whose corners stay inside a circle of `diameter` centred on `center`. */
export function fitInCircle(size: Size, center: { x: number; y: number }, diameter: number): Box {
  const scale = diameter / Math.hypot(size.width, size.height);
  const width = size.width * scale;
  const height = size.height * scale;
  return { x: center.x - width / 2, y: center.y - height / 2, width, height };
}

/** The smallest box holding every one of `boxes`. */
export function unionOf(boxes: readonly Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** `box` shrunk by `margin` on every side. */
export function inset(box: Box, margin: number): Box {
  return { x: box.x + margin, y: box.y + margin, width: box.width - 2 * margin, height: box.height - 2 * margin };
}

/** `box` scaled by `factor` about its centre. */
export function shrink(box: Box, factor: number): Box {
  const width = box.width * factor;
  const height = box.height * factor;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}
