//! Sub-pixel refinement: a label map at twice the resolution whose edges
//! follow the anti-aliasing of the source, so the tracer sees where an edge
//! crosses a pixel instead of a whole-pixel staircase.

use crate::canvas::Canvas;
use crate::color::Rgb;
use crate::labels::{crosses_faint_outline, LabelMap, TRANSPARENT};
use crate::ramps::Ramp;

/// Map pixels per canvas pixel after refinement.
pub const FACTOR: f64 = 2.0;

/// Premultiplied RGBA as floats, the space where edge pixels are linear blends.
type Premul = [f32; 4];

fn premul(canvas: &Canvas, i: usize) -> Premul {
    let a = f32::from(canvas.alpha[i]) / 255.0;
    let c = canvas.rgb[i];
    [f32::from(c[0]) * a, f32::from(c[1]) * a, f32::from(c[2]) * a, 255.0 * a]
}

fn opaque(c: Rgb) -> Premul {
    [f32::from(c[0]), f32::from(c[1]), f32::from(c[2]), 255.0]
}

fn distance2(a: &Premul, b: &Premul) -> f32 {
    (0..4).map(|k| (a[k] - b[k]).powi(2)).sum()
}

/// A lossy source keeps its chroma at half its resolution each way (JPEG's
/// and WebP's 4:2:0): a quarter of the samples its luma has. Where an edge
/// crosses a pixel its luma tells how much each side covers, and its chroma
/// is bled from the pixels around; so there chroma weighs a quarter. Over
/// `dev-papers`, a half gave WebP shape IoU 0.9499, a quarter 0.9502, a
/// tenth 0.9507, but `dev-gradients` JPEG pixels off by > 24 0.967% at a
/// quarter and 0.976% at a tenth: below a quarter the sides of an edge
/// between colors of one lightness, which only chroma tells, start to blur.
const LOSSY_CHROMA_WEIGHT: f32 = 0.25;

/// `distance2` with the chroma of the difference (what its luma leaves)
/// weighed by `LOSSY_CHROMA_WEIGHT`; a luma step weighs as in RGB.
fn lossy_distance2(a: &Premul, b: &Premul) -> f32 {
    let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    let luma = 0.299 * d[0] + 0.587 * d[1] + 0.114 * d[2];
    let chroma: f32 = d.iter().map(|v| (v - luma).powi(2)).sum();
    3.0 * luma * luma + LOSSY_CHROMA_WEIGHT * chroma + (a[3] - b[3]).powi(2)
}

/// Each pixel becomes 2x2. Pixels inside a uniform 3x3 neighbourhood keep
/// their label (found before anything is gathered: most pixels); at edges
/// each sub-pixel samples the source bilinearly and takes the neighbouring
/// label whose color is nearest to that sample, except where `faint` art
/// (`LabelMap::faint_on_paper`) meets the removed paper.
/// Removed `paper` is measured as its color, not as the pixels it took:
/// those next to art are the part of its blurred edge that lies nearer the
/// paper, or the ringing a compression leaves there, and measured as they
/// are they would pull the edge into the art.
/// A translucent label (`opacity` below 1) is measured as it is painted, at
/// its opacity: against the transparency around it, its edge lies where
/// the alpha makes half its step, not half the way to opaque. A ramp's
/// label (`ramps`, in output pixels `scale` times the canvas's) is measured
/// as the ramp's color at the pixel, not as its middle stop: where its dark
/// end meets a flat color, the middle stop would lie nearer that color than
/// the pixels do, and the edge would wander with the noise. A `lossy`
/// source's samples are measured mostly by their luma (`lossy_distance2`).
#[allow(clippy::too_many_arguments)]
pub fn refine_2x(
    canvas: &Canvas,
    map: &LabelMap,
    faint: &[bool],
    paper: Option<Rgb>,
    opacity: &[f32],
    ramps: &[Option<Ramp>],
    scale: f64,
    lossy: bool,
) -> LabelMap {
    let (w, h) = (map.width, map.height);
    let (w2, h2) = (w * 2, h * 2);
    let mut labels = vec![TRANSPARENT; w2 * h2];
    let opacity_of = |label: u8| opacity.get(usize::from(label)).copied().unwrap_or(1.0);
    let palette: Vec<Premul> = map
        .palette
        .iter()
        .enumerate()
        .map(|(label, &color)| opaque(color).map(|v| v * opacity_of(label as u8)))
        .collect();
    let clamp = |v: isize, n: usize| v.clamp(0, n as isize - 1) as usize;
    let distance = |a: &Premul, b: &Premul| if lossy { lossy_distance2(a, b) } else { distance2(a, b) };
    for y in 0..h {
        let rows = y.saturating_sub(1)..=(y + 1).min(h - 1);
        for x in 0..w {
            let i = y * w + x;
            let label = map.labels[i];
            let columns = x.saturating_sub(1)..=(x + 1).min(w - 1);
            let (x2, y2) = (x * 2, y * 2);
            if rows.clone().all(|ny| map.labels[ny * w..][columns.clone()].iter().all(|&l| l == label)) {
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    labels[(y2 + dy) * w2 + x2 + dx] = label;
                }
                continue;
            }
            // The labels around, in scan order (the first of equally near wins).
            let (mut candidates, mut count) = ([0u8; 9], 0);
            // What "transparent" looks like here: removed background keeps its
            // opaque color in the source; true transparency is its clearest
            // pixels around (their mean), the plateau beside the edge. The
            // transparent pixels around also hold this edge's own partly
            // covered ones, and measured with them the clear side would look
            // half covered and pull the edge into the art (dev PNGs over
            // white: error 0.41 with the mean of all, 0.38 with the clearest).
            let (mut clear, mut clear_count, mut clearest) = ([0f32; 4], 0f32, f32::INFINITY);
            for ny in rows.clone() {
                for nx in columns.clone() {
                    let j = ny * w + nx;
                    let l = map.labels[j];
                    if !candidates[..count].contains(&l) {
                        candidates[count] = l;
                        count += 1;
                    }
                    if l == TRANSPARENT {
                        let removed = paper.filter(|_| canvas.alpha[j] == u8::MAX);
                        let p = removed.map_or_else(|| premul(canvas, j), opaque);
                        if p[3] < clearest {
                            (clear, clear_count, clearest) = ([0.0; 4], 0.0, p[3]);
                        }
                        if p[3] == clearest {
                            (0..4).for_each(|k| clear[k] += p[k]);
                            clear_count += 1.0;
                        }
                    }
                }
            }
            if clear_count > 0.0 {
                (0..4).for_each(|k| clear[k] /= clear_count);
            }
            // Beyond the frame nothing is painted: art whose edge runs along
            // it half a pixel in has its clear side out there.
            let at_frame = x == 0 || y == 0 || x + 1 == w || y + 1 == h;
            if at_frame && clearest < 255.0 {
                clear = [0.0; 4];
            }
            // Where faint art meets the removed paper, noise would place the
            // edge: the pixel keeps its side.
            let mut kept = 0;
            for k in 0..count {
                if !crosses_faint_outline(faint, label, candidates[k]) {
                    candidates[kept] = candidates[k];
                    kept += 1;
                }
            }
            let candidates = &candidates[..kept];
            // What each candidate looks like here: a ramp's color at the
            // pixel's centre (it moves little within one pixel).
            let centre = (x as f64 + 0.5, y as f64 + 0.5);
            let mut references = [(0u8, [0f32; 4]); 9];
            for (reference, &l) in references.iter_mut().zip(candidates) {
                *reference = match ramps.get(usize::from(l)).and_then(Option::as_ref) {
                    _ if l == TRANSPARENT => (l, clear),
                    Some(ramp) => (l, opaque(ramp.color_at_point(centre, scale)).map(|v| v * opacity_of(l))),
                    None => (l, palette[usize::from(l)]),
                };
            }
            let references = &references[..candidates.len()];
            for (dx, dy) in [(0usize, 0usize), (1, 0), (0, 1), (1, 1)] {
                // Sub-pixel centre at x + 0.25 or x + 0.75: a 3:1 blend of this
                // pixel and its neighbour on that side, in each axis.
                let sx = clamp(x as isize + if dx == 0 { -1 } else { 1 }, w);
                let sy = clamp(y as isize + if dy == 0 { -1 } else { 1 }, h);
                let (p00, p10, p01, p11) = (
                    premul(canvas, i),
                    premul(canvas, y * w + sx),
                    premul(canvas, sy * w + x),
                    premul(canvas, sy * w + sx),
                );
                let mut sample = [0f32; 4];
                for k in 0..4 {
                    sample[k] = 0.5625 * p00[k] + 0.1875 * p10[k] + 0.1875 * p01[k] + 0.0625 * p11[k];
                }
                let best = references
                    .iter()
                    .map(|(l, reference)| (*l, distance(&sample, reference)))
                    .min_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|b| b.0)
                    .unwrap_or(label);
                labels[(y2 + dy) * w2 + x2 + dx] = best;
            }
        }
    }
    LabelMap { width: w2, height: h2, labels, palette: map.palette.clone() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three rows of a blue shape's blurred right edge on a brown paper:
    /// pure blue, then pixels `shares` blue, then paper. The shape is
    /// labelled 0 up to its last pure pixel; the paper label took the rest
    /// and was removed.
    fn blurred_edge(shares: &[f32]) -> (Canvas, LabelMap) {
        let (blue, paper) = ([29.0f32, 95.0, 230.0], [81.0f32, 45.0, 31.0]);
        let row: Vec<Rgb> = [1.0, 1.0, 1.0]
            .iter()
            .chain(shares)
            .chain(&[0.0, 0.0])
            .map(|&s| [0, 1, 2].map(|k| (s * blue[k] + (1.0 - s) * paper[k]).round() as u8))
            .collect();
        let (w, h) = (row.len(), 3);
        let rgb: Vec<Rgb> = (0..h).flat_map(|_| row.iter().copied()).collect();
        let labels = (0..w * h).map(|i| if i % w < 3 { 0 } else { TRANSPARENT }).collect();
        let canvas = Canvas::opaque(w, h, rgb);
        (canvas, LabelMap { width: w, height: h, labels, palette: vec![[29, 95, 230]] })
    }

    #[test]
    fn removed_paper_is_measured_as_its_color_so_a_blurred_edge_keeps_its_art() {
        // The removed pixels beside the shape are 60% and 50% blue: measured
        // as they are, they look bluer than the sub-pixel 70% blue between.
        let (canvas, map) = blurred_edge(&[0.6, 0.5, 0.4]);
        let row = |fine: LabelMap| fine.to_rows()[2].clone();
        let by_color = row(refine_2x(&canvas, &map, &[false], Some([81, 45, 31]), &[1.0], &[], 1.0, false));
        let by_pixels = row(refine_2x(&canvas, &map, &[false], None, &[1.0], &[], 1.0, false));
        assert_eq!(&by_color[..7], "0000000", "the 60% pixel's inner half is the shape's");
        assert_eq!(&by_pixels[..7], "000000 ", "its removed neighbours' own colors pull the edge in");
    }

    /// A shape of one `color` on true transparency, its alpha per pixel as
    /// `rows` give it; the pixels under half alpha are unlabelled.
    fn on_transparency(rows: &[&[u8]], color: Rgb) -> (Canvas, LabelMap) {
        let (w, h) = (rows[0].len(), rows.len());
        let alpha: Vec<u8> = rows.iter().flat_map(|row| row.iter().copied()).collect();
        let labels = alpha.iter().map(|&a| if a >= 128 { 0 } else { TRANSPARENT }).collect();
        let canvas = Canvas {
            width: w,
            height: h,
            rgb: vec![color; w * h],
            opaque: alpha.iter().map(|&a| a >= 128).collect(),
            alpha,
            scale: 1,
        };
        (canvas, LabelMap { width: w, height: h, labels, palette: vec![color] })
    }

    const BLUE: Rgb = [40, 90, 200];

    #[test]
    fn the_clear_side_of_an_edge_is_its_clearest_pixels_not_the_edges_own() {
        // The pixel 39% covered is unlabelled; the edge lies 0.61 px into it,
        // so its outer half is clear and its inner half the shape's. Measured
        // with it, the clear side would look 20% covered and lose that half.
        let row: &[u8] = &[0, 0, 100, 255, 255, 255];
        let (canvas, map) = on_transparency(&[row, row, row], BLUE);
        let fine = refine_2x(&canvas, &map, &[false], None, &[1.0], &[], 1.0, false);
        assert_eq!(fine.to_rows()[2], "     0000000");
    }

    #[test]
    fn a_lossy_edge_is_placed_by_its_luma_where_chroma_bled() {
        // Red, then a pixel 60% red by its luma whose chroma bled 70% blue
        // (#5a279e), then blue: the edge lies 0.6 px in, between its halves.
        let (red, blue, edge) = ([200, 30, 30], [30, 30, 200], [90, 39, 158]);
        let row = [red, red, edge, blue, blue];
        let canvas = Canvas::opaque(5, 3, (0..3).flat_map(|_| row).collect());
        let map = LabelMap::from_rows(&["00011", "00011", "00011"], TRANSPARENT, vec![red, blue]);
        let middle_row =
            |lossy: bool| refine_2x(&canvas, &map, &[false; 2], None, &[1.0; 2], &[], 1.0, lossy).to_rows();
        assert_eq!(middle_row(true)[2], "0000011111");
        // In RGB the bled chroma pulls both halves to blue.
        assert_eq!(middle_row(false)[2], "0000111111");
    }

    #[test]
    fn art_half_a_pixel_in_from_the_frame_keeps_that_half() {
        // A band whose top edge lies halfway into the frame's first row.
        let (canvas, map) = on_transparency(&[&[127, 127, 127], &[255, 255, 255], &[255, 255, 255]], BLUE);
        let rows = refine_2x(&canvas, &map, &[false], None, &[1.0], &[], 1.0, false).to_rows();
        assert_eq!(rows[0], "      ", "the row's outer half lies in the clear beyond the frame");
        assert_eq!(rows[1], "000000", "its inner half is the band's");
    }

    #[test]
    fn a_ramps_edge_is_placed_by_its_color_there_not_its_middle_stop() {
        // A flat orange, then a pixel half orange, half the dark end of a
        // ramp that lightens to the right; the ramp's middle stop is the
        // orange itself, so measured by it the ramp's side of the edge
        // pixel would tie with the orange and go to it.
        let (orange, dark, light) = ([240u8, 150, 40], [160u8, 90, 20], [255u8, 210, 60]);
        let ramp = Ramp {
            shape: crate::ramps::Shape::Linear { from: (3.0, 0.0), to: (9.0, 0.0) },
            stops: vec![(0.0, dark), (1.0, light)],
        };
        let row: Vec<Rgb> = (0..10)
            .map(|x| match x {
                0..=2 => orange,
                3 => std::array::from_fn(|c| ((u16::from(orange[c]) + u16::from(dark[c])) / 2) as u8),
                _ => ramp.color_at_point((x as f64 + 0.5, 0.5), 1.0),
            })
            .collect();
        let (w, h) = (row.len(), 3);
        let canvas = Canvas {
            width: w,
            height: h,
            rgb: (0..h).flat_map(|_| row.iter().copied()).collect(),
            opaque: vec![true; w * h],
            alpha: vec![255; w * h],
            scale: 1,
        };
        let labels = (0..w * h).map(|i| u8::from(i % w > 3)).collect();
        let map = LabelMap { width: w, height: h, labels, palette: vec![orange, orange] };
        let fine = |ramps: &[Option<Ramp>]| {
            refine_2x(&canvas, &map, &[false; 2], None, &[1.0, 1.0], ramps, 1.0, false).to_rows()[2].clone()
        };
        assert_eq!(fine(&[None, Some(ramp)]), "0".repeat(7) + &"1".repeat(13), "the edge halfway into the pixel");
        assert_eq!(
            fine(&[]),
            "0".repeat(10) + &"1".repeat(10),
            "measured by its middle stop, the ramp loses a pixel and a half"
        );
    }

    #[test]
    fn a_translucent_shapes_edge_is_placed_by_its_own_alpha() {
        // An orange at 70% alpha, then a pixel it covers 60% of (alpha 107),
        // then transparency; the 60% pixel is under half alpha, so unlabelled.
        let row: &[u8] = &[178, 178, 178, 107, 0, 0];
        let (canvas, map) = on_transparency(&[row, row, row], [255, 182, 86]);
        let row =
            |opacity: f32| refine_2x(&canvas, &map, &[false], None, &[opacity], &[], 1.0, false).to_rows()[2].clone();
        assert_eq!(row(0.7), "0000000     ", "the 60% pixel's inner half is the shape's");
        assert_eq!(row(1.0), "0000        ", "measured as opaque, the shape loses a pixel and a half");
    }
}
