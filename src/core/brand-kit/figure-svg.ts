/** Guide figures as inline SVG for the HTML guide. */
import { escapeXml } from '../escape.js';
import { FONT_FAMILY } from '../fonts.js';
import { logoInBox, type LogoArt } from '../logo-art.js';
import type { Figure, Shape } from './guide-figures.js';

function shapeMarkup(shape: Shape, art: LogoArt): string {
  switch (shape.kind) {
    case 'rect': {
      const { x, y, width, height } = shape.box;
      return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${shape.radius ?? 0}" fill="${shape.fill ?? 'none'}"${
        shape.stroke ? ` stroke="${shape.stroke}" stroke-width="${shape.strokeWidth ?? 1}"` : ''
      }${shape.dash ? ` stroke-dasharray="${shape.dash}"` : ''}${shape.opacity === undefined ? '' : ` opacity="${shape.opacity}"`}/>`;
    }
    case 'circle':
      return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${shape.fill}"/>`;
    case 'line':
      return `<polyline points="${shape.points.map((p) => p.join(',')).join(' ')}" fill="none" stroke="${shape.stroke}" stroke-width="${shape.width}" stroke-linecap="round" stroke-linejoin="round"${
        shape.dash ? ` stroke-dasharray="${shape.dash}"` : ''
      }/>`;
    case 'text':
      return `<text x="${shape.x}" y="${shape.y}" font-family="${FONT_FAMILY}, sans-serif" font-size="${shape.size}" fill="${shape.color}"${
        shape.bold ? ' font-weight="bold"' : ''
      } text-anchor="${shape.anchor ?? 'start'}">${escapeXml(shape.text)}</text>`;
    case 'logo': {
      const attributes = `${shape.matrix ? ` transform="matrix(${shape.matrix.join(' ')})"` : ''}${shape.opacity === undefined ? '' : ` opacity="${shape.opacity}"`}`;
      return `<g${attributes}>${logoInBox(shape.art ?? art, shape.box, shape.paint, shape.surface)}</g>`;
    }
  }
}

/** `label` names the figure for screen readers. */
export function figureSvg(figure: Figure, art: LogoArt, label: string): string {
  const body = figure.shapes.map((shape) => shapeMarkup(shape, art)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${figure.width} ${figure.height}" role="img" aria-label="${escapeXml(label)}">${body}</svg>`;
}
