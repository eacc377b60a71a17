//! Our curve fitter, after Peter Selinger, "Potrace: a polygon-based tracing
//! algorithm" (2003), written from the paper:
//!
//! 1. [`boundary`]: a binary mask becomes closed pixel-edge paths, outer
//!    boundaries and holes in opposite orientations;
//! 2. [`polygon`]: each path's optimal polygon, its vertices then moved
//!    within their pixel square to where the fitted edge lines meet, and the
//!    tips that digitization blunted restored;
//! 3. [`curve`]: corners where the polygon turns sharply, cubic Beziers
//!    elsewhere (each enclosing the pixels' own area, where the paper uses a
//!    fixed rule that cuts inside convex curves), and runs of curves joined
//!    while one cubic stays within the error bound;
//! 4. [`write_outline`]: straight runs as `l`/`h`/`v`, curves as `c`, through
//!    the compact [`PathWriter`].
//!
//! Everything is linear in the path length, up to the length of the longest
//! straight stretch (polygon) and the longest smooth run (curves).

mod boundary;
mod curve;
mod geom;
mod polygon;

pub use boundary::Mask;

use crate::budget::Budget;
use crate::error::EngineResult;
use crate::svg::PathWriter;
use boundary::decompose;
use curve::{fit, Segment};
use geom::Vec2;
use polygon::{adjust_vertices, optimal_polygon, piece_areas, restore_tips, Sums};

/// The fitter's knobs, in pixels of the traced mask.
#[derive(Clone, Copy, Debug)]
pub struct FitParams {
    /// Paths enclosing less area than this (mask pixels) are dropped: specks
    /// vanish and pinholes fill.
    pub speckle_area: f64,
    /// Vertices whose alpha (how far the vertex sticks out past the unit
    /// square around it, see `curve`) reaches this are corners: 0 makes every
    /// vertex a corner, 4/3 none.
    pub alpha_max: f64,
    /// How far a joined curve may stray from the curves it replaces (mask
    /// pixels); 0 joins nothing.
    pub tolerance: f64,
    /// Weight of the polygon's deviation from the pixel outline against its
    /// number of edges: 0 takes the fewest edges.
    pub straightness: f64,
    /// Mask pixels per unit of the polygon's straight strip, of the square
    /// each vertex may move in and of a blunted corner's stub: 1, potrace's
    /// mask pixel, or the mask's resolution when its edges were placed to a
    /// fraction of an image pixel (see `with_grain`). Corners are still told
    /// from curves in mask pixels: in image pixels the ends of a straight
    /// edge turned smooth, and a badge's flat side merged into the curves of
    /// its rounded corners, half a pixel off.
    pub grain: f64,
}

impl FitParams {
    /// The fitter's settings for a `smoothing` value from 0 to 100, for a mask
    /// with `resolution` mask pixels per image pixel. Every knob moves one way
    /// as smoothing grows (piecewise linear in s = smoothing / 100, through
    /// the values at 0, at the default 20 and at 100; lengths in image pixels):
    ///
    /// | knob | 0: follow the pixels | 20 (default) | 100: fewest, roundest curves |
    /// |:--|--:|--:|--:|
    /// | corner threshold `alpha_max` | 0.8 | 1.0 (potrace's default) | 1.2 |
    /// | curve tolerance | 0.1 px | 0.4 px | 1.0 px |
    /// | polygon straightness weight | 0.5 | 0.2 | 0.2 |
    /// | speckle area | 1 px (nothing dropped) | 3 px | 40 px (about 6x6) |
    ///
    /// A larger corner threshold rounds more corners, a larger tolerance joins
    /// more curves into one, a smaller straightness weight takes polygons with
    /// fewer, longer edges, and a larger speckle area drops more specks and
    /// fills more pinholes. At 0 the outline keeps every clear bend as a
    /// corner and every polygon vertex that hugs the pixel edges better; at
    /// 100 every corner whose edges are shorter than about 15 px is rounded
    /// and curves are joined wherever one cubic stays within a pixel.
    ///
    /// Two choices keep "more smoothing, never more segments": the corner
    /// threshold stops at 1.2 rather than potrace's 4/3 (which rounds every
    /// corner: a rounded corner between two long straight edges costs a
    /// curve more than the sharp one, and a rectangle would turn into a
    /// rounded square), and the straightness weight stays put above the
    /// default, so the polygon does not change there.
    pub fn for_smoothing(smoothing: u32, resolution: f64) -> FitParams {
        let s = f64::from(smoothing) / 100.0;
        let ramp = |at0: f64, at20: f64, at100: f64| {
            if s <= 0.2 {
                at0 + (at20 - at0) * s / 0.2
            } else {
                at20 + (at100 - at20) * (s - 0.2) / 0.8
            }
        };
        FitParams {
            speckle_area: ramp(1.0, 3.0, 40.0) * resolution * resolution,
            alpha_max: ramp(0.8, 1.0, 1.2),
            tolerance: ramp(0.1, 0.4, 1.0) * resolution,
            straightness: ramp(0.5, 0.2, 0.2),
            grain: 1.0,
        }
    }

    /// These settings measuring straightness in units of `grain` mask
    /// pixels. A mask refined to 2x from clean anti-aliasing places an
    /// edge within about half an image pixel, a mask pixel: measured in mask
    /// pixels, that noise splits a straight edge (a tilted square came back
    /// as 34 segments, a circle as 20), measured in image pixels it does not.
    pub fn with_grain(self, grain: f64) -> FitParams {
        FitParams { grain, ..self }
    }
}

/// Fit every boundary of `mask` and write it to `writer`, coordinates
/// multiplied by `scale`.
pub fn trace_mask(
    mask: &Mask,
    params: &FitParams,
    scale: f64,
    writer: &mut PathWriter,
    budget: &Budget,
) -> EngineResult<()> {
    for path in decompose(mask) {
        if (path.area.unsigned_abs() as f64) < params.speckle_area {
            continue;
        }
        budget.check()?;
        let outline = fit_path(&path.points, params, budget)?;
        if finite(&outline) {
            write_outline(writer, &outline, scale);
        } else {
            // Never expected; the pixel outline itself is always right.
            write_lattice(writer, &path.points, scale);
        }
    }
    Ok(())
}

fn finite(outline: &[Segment]) -> bool {
    let ok = |v: Vec2| v.x.is_finite() && v.y.is_finite();
    outline.iter().all(|s| match *s {
        Segment::Corner { vertex, end } => ok(vertex) && ok(end),
        Segment::Curve { c1, c2, end } => ok(c1) && ok(c2) && ok(end),
    })
}

/// The path's own corners as a polygon.
fn write_lattice(writer: &mut PathWriter, points: &[(i32, i32)], scale: f64) {
    let n = points.len();
    let p = |k: usize| (f64::from(points[k % n].0) * scale, f64::from(points[k % n].1) * scale);
    let Some(&first) = points.first() else { return };
    writer.move_to((f64::from(first.0) * scale, f64::from(first.1) * scale));
    for k in 1..n {
        let (a, b, c) = (points[k - 1], points[k], points[(k + 1) % n]);
        if (b.0 - a.0, b.1 - a.1) != (c.0 - b.0, c.1 - b.1) {
            writer.line_to(p(k));
        }
    }
    writer.close();
}

/// The fitted outline of one closed lattice path.
fn fit_path(points: &[(i32, i32)], params: &FitParams, budget: &Budget) -> EngineResult<Vec<Segment>> {
    if points.len() < 4 {
        return Ok(Vec::new());
    }
    let sums = Sums::new(points);
    let slack = params.grain.round() as i64;
    let mut vertices = optimal_polygon(points, &sums, params.straightness, slack, budget)?;
    let mut adjusted = adjust_vertices(points, &sums, &vertices, params.grain);
    restore_tips(&mut vertices, &mut adjusted, params.grain);
    let areas = piece_areas(points, &vertices, &adjusted);
    Ok(fit(&adjusted, Some(&areas), params.alpha_max, params.tolerance))
}

/// Writes one closed outline. It starts at a corner when there is one, and
/// the two halves of an edge between corners become one straight segment.
fn write_outline(writer: &mut PathWriter, outline: &[Segment], scale: f64) {
    let m = outline.len();
    let Some(last) = outline.last() else { return };
    let p = |v: Vec2| (v.x * scale, v.y * scale);
    let is_corner = |k: usize| matches!(outline[k % m], Segment::Corner { .. });
    let first = (0..m).find(|&k| is_corner(k));
    match first {
        Some(c) => {
            if let Segment::Corner { vertex, .. } = outline[c] {
                writer.move_to(p(vertex));
            }
        }
        None => writer.move_to(p(last.end())),
    }
    let start = first.unwrap_or(0);
    for step in 0..m {
        let k = (start + step) % m;
        match outline[k] {
            Segment::Corner { vertex, end } => {
                if step > 0 {
                    writer.line_to(p(vertex));
                }
                if !is_corner(k + 1) {
                    writer.line_to(p(end));
                }
            }
            Segment::Curve { c1, c2, end } => writer.cubic_to(p(c1), p(c2), p(end)),
        }
    }
    writer.close();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace(mask: &Mask, params: &FitParams) -> Vec<Vec<Segment>> {
        decompose(mask)
            .into_iter()
            .filter(|p| p.area.unsigned_abs() as f64 >= params.speckle_area)
            .map(|p| fit_path(&p.points, params, &Budget::default()).unwrap())
            .collect()
    }

    fn disc(size: usize, cx: f64, cy: f64, r: f64) -> Mask {
        Mask::from_fn(size, size, |i| {
            let (x, y) = ((i % size) as f64 + 0.5, (i / size) as f64 + 0.5);
            (x - cx).powi(2) + (y - cy).powi(2) <= r * r
        })
    }

    fn outline_points(outline: &[Segment]) -> Vec<Vec2> {
        let mut out = Vec::new();
        let mut start = outline.last().map(|s| s.end()).unwrap_or(Vec2::ZERO);
        for s in outline {
            match *s {
                Segment::Corner { vertex, end } => {
                    for t in 0..8 {
                        out.push(start.lerp(vertex, t as f64 / 8.0));
                        out.push(vertex.lerp(end, t as f64 / 8.0));
                    }
                }
                Segment::Curve { c1, c2, end } => {
                    for t in 0..16 {
                        let t = t as f64 / 16.0;
                        let u = 1.0 - t;
                        out.push(
                            start * (u * u * u) + c1 * (3.0 * u * u * t) + c2 * (3.0 * u * t * t) + end * (t * t * t),
                        );
                    }
                }
            }
            start = s.end();
        }
        out
    }

    #[test]
    fn a_square_is_four_straight_lines() {
        let mask = Mask::from_fn(20, 20, |i| (4..16).contains(&(i % 20)) && (4..16).contains(&(i / 20)));
        let params = FitParams::for_smoothing(20, 1.0);
        let outlines = trace(&mask, &params);
        assert_eq!(outlines.len(), 1);
        assert_eq!(outlines[0].len(), 4);
        let mut writer = PathWriter::new(1);
        write_outline(&mut writer, &outlines[0], 1.0);
        assert_eq!(writer.finish(), "m16 4v12h-12v-12z");
    }

    #[test]
    fn a_circle_keeps_its_radius_within_one_percent() {
        // (A disc of radius 8 has only 208 pixels: its digitization alone is
        // 2% off, so the small one is held to 3%.)
        let params = FitParams::for_smoothing(20, 1.0);
        for r in [8.0, 20.0, 45.0] {
            let size = (2.0 * r) as usize + 10;
            let c = size as f64 / 2.0;
            let outlines = trace(&disc(size, c, c, r), &params);
            assert_eq!(outlines.len(), 1);
            assert!(outlines[0].iter().all(|s| matches!(s, Segment::Curve { .. })), "r={r}");
            let radii: Vec<f64> = outline_points(&outlines[0]).iter().map(|p| (*p - Vec2::new(c, c)).norm()).collect();
            let mean = radii.iter().sum::<f64>() / radii.len() as f64;
            let bound = if r < 10.0 { 0.03 } else { 0.01 };
            assert!((mean - r).abs() < bound * r, "r={r} mean={mean}");
            assert!(radii.iter().all(|&x| (x - r).abs() < 0.5), "r={r}");
            assert!(outlines[0].len() <= 8, "r={r}: {} curves", outlines[0].len());
        }
    }

    #[test]
    fn a_ring_is_an_outer_outline_and_a_hole() {
        let size = 60;
        let mask = Mask::from_fn(size, size, |i| {
            let (x, y) = ((i % size) as f64 + 0.5 - 30.0, (i / size) as f64 + 0.5 - 30.0);
            let d = (x * x + y * y).sqrt();
            (12.0..=25.0).contains(&d)
        });
        let outlines = trace(&mask, &FitParams::for_smoothing(20, 1.0));
        assert_eq!(outlines.len(), 2);
    }

    #[test]
    fn degenerate_masks_do_not_panic() {
        let params = FitParams::for_smoothing(0, 1.0);
        let shapes: [&[usize]; 5] = [&[0], &[0, 1], &[0, 4], &[0, 5], &[0, 1, 2, 3, 4, 8, 12, 15]];
        for pixels in shapes {
            let mask = Mask::from_fn(4, 4, |i| pixels.contains(&i));
            let mut writer = PathWriter::new(2);
            trace_mask(&mask, &params, 1.0, &mut writer, &Budget::default()).unwrap();
            assert!(!writer.is_empty());
        }
        let mut writer = PathWriter::new(1);
        trace_mask(&Mask::from_fn(0, 0, |_| true), &params, 1.0, &mut writer, &Budget::default()).unwrap();
        trace_mask(&Mask::from_fn(1, 1, |_| true), &params, 1.0, &mut writer, &Budget::default()).unwrap();
        trace_mask(&Mask::from_fn(3, 1, |_| true), &params, 1.0, &mut writer, &Budget::default()).unwrap();
    }

    #[test]
    fn the_pixel_outline_fallback_draws_the_corners() {
        let mut writer = PathWriter::new(1);
        write_lattice(&mut writer, &[(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)], 1.0);
        assert_eq!(writer.finish(), "m0 0h2v1h-2z");
    }

    #[test]
    fn random_masks_give_finite_closed_outlines_at_every_setting() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut random = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for round in 0..300 {
            let (w, h) = (1 + random(40), 1 + random(40));
            let density = 1 + random(9);
            let cells: Vec<bool> = match round % 4 {
                // Noise, thin lines, a checkerboard, blocks.
                0 => (0..w * h).map(|_| random(10) < density).collect(),
                1 => (0..w * h).map(|i| (i % w) == (i / w) || (i % w + i / w) % 7 == 0).collect(),
                2 => (0..w * h).map(|i| (i % w + i / w) % 2 == 0).collect(),
                _ => (0..w * h).map(|i| ((i % w) / 3 + (i / w) / 5) % 3 == 0).collect(),
            };
            let mask = Mask::from_fn(w, h, |i| cells[i]);
            for smoothing in [0, 20, 50, 100] {
                for resolution in [1.0, 2.0] {
                    let params = FitParams::for_smoothing(smoothing, resolution);
                    for path in decompose(&mask) {
                        let outline = fit_path(&path.points, &params, &Budget::default()).unwrap();
                        assert!(finite(&outline), "round {round} smoothing {smoothing}");
                        assert!(!outline.is_empty());
                    }
                    let mut writer = PathWriter::new(2);
                    trace_mask(&mask, &params, 1.5, &mut writer, &Budget::default()).unwrap();
                }
            }
        }
    }

    #[test]
    fn smoothing_drives_every_knob_monotonically() {
        let params: Vec<FitParams> = (0..=100).map(|s| FitParams::for_smoothing(s, 1.0)).collect();
        for w in params.windows(2) {
            assert!(w[1].alpha_max >= w[0].alpha_max);
            assert!(w[1].tolerance >= w[0].tolerance);
            assert!(w[1].speckle_area >= w[0].speckle_area);
            assert!(w[1].straightness <= w[0].straightness);
        }
    }
}
