//! Telling a logo from a photo, a pattern or noise by the length of its
//! boundaries, before the work that would take minutes on one of those.

use crate::canvas::Canvas;
use crate::color::Rgb;
use crate::error::{EngineError, EngineResult};
use crate::grid::EQUAL_STRETCH;
use crate::labels::LabelMap;

/// Two neighbours further apart than this in a channel meet at a clear edge;
/// a gradient's steps, even a steep one's, stay below it.
const CLEAR_STEP: u8 = 32;

/// Clear edges a source may have, per pixel of the image's side (the square
/// root of its area, so the figure does not depend on the image's size).
/// The dev corpus's most intricate image has 44 (a detailed mascot, as a
/// JPEG); a one-pixel checkerboard has twice its side, noise nearly as much,
/// a 24-pixel checkerboard 166.
const MAX_CLEAR_EDGES_PER_SIDE: f64 = 150.0;

/// Boundary length of the traced regions, per pixel of the side. The dev
/// corpus's most intricate logo has 38 (a detailed mascot, as a JPEG).
const MAX_REGION_EDGES_PER_SIDE: f64 = 150.0;

fn per_side(edges: usize, width: usize, height: usize) -> f64 {
    edges as f64 / ((width * height) as f64).sqrt()
}

fn refuse(what: &str, per_side: f64, limit: f64) -> EngineResult<()> {
    if per_side > limit {
        let times = per_side / limit;
        return Err(EngineError::TooComplex(format!("its {what} are {times:.1} times as long as a logo's may be")));
    }
    Ok(())
}

/// Pairs of side-by-side or stacked pixels that meet at a clear edge or
/// where the shape ends.
fn clear_edges(canvas: &Canvas) -> usize {
    let (w, (rgb, opaque)) = (canvas.width, (&canvas.rgb, &canvas.opaque));
    let apart = |(a, b): ((&Rgb, &bool), (&Rgb, &bool))| {
        a.1 != b.1 || (*a.1 && a.0 != b.0 && (0..3).any(|c| a.0[c].abs_diff(b.0[c]) > CLEAR_STEP))
    };
    // The pairs of the cells from `a` and from `b`, in step, that lie apart;
    // a stretch of equal pairs (`EQUAL_STRETCH`) has none.
    let apart_in = |a: usize, b: usize, len: usize| {
        let mut count = 0;
        for start in (0..len).step_by(EQUAL_STRETCH) {
            let (a, b, n) = (a + start, b + start, EQUAL_STRETCH.min(len - start));
            if rgb[a..a + n] != rgb[b..b + n] || opaque[a..a + n] != opaque[b..b + n] {
                let cells = |at: usize| rgb[at..at + n].iter().zip(&opaque[at..at + n]);
                count += cells(a).zip(cells(b)).filter(|&pair| apart(pair)).count();
            }
        }
        count
    };
    let mut edges = 0;
    for y in 0..canvas.height {
        let row = y * w;
        edges += apart_in(row, row + 1, w.saturating_sub(1));
        if y + 1 < canvas.height {
            edges += apart_in(row, row + w, w);
        }
    }
    edges
}

/// Refuse a source whose clear edges are far longer than any logo's: the
/// cheap first look, before colors are clustered.
pub fn check_source(canvas: &Canvas) -> EngineResult<()> {
    let edges = per_side(clear_edges(canvas), canvas.width, canvas.height);
    refuse("color edges", edges, MAX_CLEAR_EDGES_PER_SIDE)
}

/// Refuse regions whose boundaries are far longer than any logo's, before
/// they are traced.
pub fn check_regions(map: &LabelMap) -> EngineResult<()> {
    let edges = per_side(map.edge_count(), map.width, map.height);
    refuse("shapes' outlines", edges, MAX_REGION_EDGES_PER_SIDE)
}

#[cfg(test)]
mod tests {
    use image::{Rgba, RgbaImage};

    use super::*;

    fn canvas(side: u32, pixel: impl Fn(u32, u32) -> [u8; 4]) -> Canvas {
        Canvas::from_rgba(&RgbaImage::from_fn(side, side, |x, y| Rgba(pixel(x, y))), false, false)
    }

    #[test]
    fn a_checkerboard_is_refused_and_a_logo_is_not() {
        let checkerboard = canvas(200, |x, y| if (x + y) % 2 == 0 { [0, 0, 0, 255] } else { [255; 4] });
        let error = check_source(&checkerboard).unwrap_err();
        assert_eq!(error.code(), "TOO_COMPLEX");
        assert!(error.to_string().contains("times as long as a logo's may be"), "{error}");
        // A ring and a bar in two colors, on transparency.
        let logo = canvas(200, |x, y| {
            let r = ((x as f64 - 100.0).powi(2) + (y as f64 - 100.0).powi(2)).sqrt();
            match (r, y) {
                (r, _) if (60.0..80.0).contains(&r) => [200, 30, 30, 255],
                (_, 95..=105) => [20, 20, 20, 255],
                _ => [0, 0, 0, 0],
            }
        });
        assert!(check_source(&logo).is_ok());
    }

    #[test]
    fn a_squares_clear_edges_are_its_outline_wherever_it_lies() {
        // A 40 px square on transparency: 40 pairs where it ends on each side
        // but the frame.
        for left in [0, 45, 96, 260] {
            let square = canvas(300, |x, y| {
                if (left..left + 40).contains(&x) && (70..110).contains(&y) {
                    [200, 30, 30, 255]
                } else {
                    [0, 0, 0, 0]
                }
            });
            let sides = if left == 0 || left + 40 == 300 { 3 } else { 4 };
            assert_eq!(clear_edges(&square), sides * 40, "the square at x = {left}");
        }
    }

    #[test]
    fn a_smooth_gradient_has_no_clear_edges() {
        let gradient = canvas(256, |x, y| [x as u8, y as u8, 128, 255]);
        assert_eq!(clear_edges(&gradient), 0);
    }

    fn map(side: usize, label: impl Fn(usize, usize) -> bool) -> LabelMap {
        let rows: Vec<String> =
            (0..side).map(|y| (0..side).map(|x| if label(x, y) { '1' } else { '0' }).collect()).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        LabelMap::from_rows(&rows, 0, vec![[0, 0, 0], [255, 255, 255]])
    }

    #[test]
    fn speckled_regions_are_refused_and_a_square_is_not() {
        let speckled = map(200, |x, y| (x * 7 + y * 3) % 5 < 2);
        assert_eq!(check_regions(&speckled).unwrap_err().code(), "TOO_COMPLEX");
        let square = map(200, |x, y| (50..150).contains(&x) && (50..150).contains(&y));
        assert!(check_regions(&square).is_ok());
    }
}
