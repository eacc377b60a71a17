/**
 * Views of a job's SVG for the viewer, made from its text in the browser:
 * as traced, one color highlighted, or as outlines of its paths. Each view is
 * shown through an <img> (a blob URL), where an SVG can run nothing.
 */

export type SvgLook = { kind: 'plain' } | { kind: 'highlight'; color: string } | { kind: 'outline' };

const OUTLINE_STROKE = '#e4007c';

export function pathCount(svg: string): number {
  return svg.match(/<path\b/g)?.length ?? 0;
}

function parse(svg: string): Document {
  return new DOMParser().parseFromString(svg, 'image/svg+xml');
}

/** The SVG text of one look. */
export function svgLook(svg: string, look: SvgLook): string {
  if (look.kind === 'plain') return svg;
  const doc = parse(svg);
  const paths = Array.from(doc.querySelectorAll('path'));
  const outline = (path: Element, width: string) => {
    path.setAttribute('stroke', OUTLINE_STROKE);
    path.setAttribute('stroke-width', width);
    // The same screen width at any zoom.
    path.setAttribute('vector-effect', 'non-scaling-stroke');
  };
  if (look.kind === 'highlight') {
    // The other colors fade; the color's shapes keep their fill and get an outline, seen on any backdrop.
    // A gradient's shape is the color's when one of its stops is.
    const wanted = look.color.toLowerCase();
    const colorsOf = (path: Element): string[] => {
      const fill = path.getAttribute('fill') ?? '';
      const gradient = /^url\(#([^)]+)\)$/.exec(fill)?.[1];
      if (gradient === undefined) return [fill.toLowerCase()];
      const stops = doc.getElementById(gradient)?.querySelectorAll('stop') ?? [];
      return Array.from(stops, (stop) => (stop.getAttribute('stop-color') ?? '').toLowerCase());
    };
    for (const path of paths) {
      if (colorsOf(path).includes(wanted)) outline(path, '2');
      else path.setAttribute('fill-opacity', '0.15');
    }
  } else {
    for (const path of paths) {
      path.setAttribute('fill', 'none');
      outline(path, '1');
    }
  }
  return new XMLSerializer().serializeToString(doc);
}

/** A blob URL of the SVG text; the caller revokes it when the view changes. */
export function svgUrl(svg: string): string {
  return URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
}
