//! Translucent art: a shape whose inside is painted at partial alpha (not
//! just anti-aliased along its outline) keeps that alpha as its layer's
//! opacity, so overlapping translucent shapes look as in the source.

use crate::canvas::Canvas;
use crate::grid::{flood, neighbours4};
use crate::labels::{LabelMap, TRANSPARENT};

/// A shape whose inside holds at least this alpha is opaque.
const OPAQUE_ALPHA: u8 = 250;
/// Alpha within this of all four neighbours' is a plateau: art painted at
/// partial alpha, not an anti-aliased edge, whose alpha ramps.
const PLATEAU_STEP: u8 = 8;
/// A translucent area, or the opaque art of its color, covers at least
/// this many pixels (a square of 16).
const MIN_AREA: usize = 256;
/// An anti-aliased outline is this many pixels wide at most: the pixels an
/// edge crosses, and on a slant their neighbours.
const OUTLINE_WIDTH: usize = 2;

/// Where one color runs on from opaque art into an area painted at partial
/// alpha (a gradient going on under a translucent petal, whose colors the
/// palette shares with the opaque body), the area's pixels take a label of
/// their own, of the same color, so that each keeps its alpha
/// (`label_opacity`). Returns, per label added, the label it came from.
pub fn split_translucent_areas(map: &mut LabelMap, canvas: &Canvas) -> Vec<u8> {
    if all_opaque(canvas) {
        return Vec::new();
    }
    let (w, h) = (map.width, map.height);
    let alpha = &canvas.alpha;
    // Most logos are opaque or cut out of transparency: one cheap test each.
    let plateau = |i: usize| {
        (1..OPAQUE_ALPHA).contains(&alpha[i])
            && map.labels[i] != TRANSPARENT
            && neighbours4(i, w, h).all(|j| alpha[j].abs_diff(alpha[i]) <= PLATEAU_STEP)
    };
    let is_plateau: Vec<bool> = (0..w * h).map(plateau).collect();
    if !is_plateau.contains(&true) {
        return Vec::new();
    }
    // The plateaus' connected areas of `MIN_AREA` pixels or more: each is
    // measured once, and flooded again into `in_area` when it counts.
    let blocked = |x: usize, y: usize| !is_plateau[y * w + x];
    let (mut seen, mut in_area) = (vec![false; w * h], vec![false; w * h]);
    let mut stack = Vec::new();
    for start in (0..w * h).filter(|&i| is_plateau[i]) {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push((start % w, start / w));
        if flood(&mut seen, &mut stack, (w, h), blocked) >= MIN_AREA {
            in_area[start] = true;
            stack.push((start % w, start / w));
            flood(&mut in_area, &mut stack, (w, h), blocked);
        }
    }
    if !in_area.contains(&true) {
        return Vec::new();
    }
    grow_into_outline(map, alpha, &mut in_area);
    let n = map.palette.len();
    let (mut translucent, mut opaque) = (vec![0usize; n], vec![0usize; n]);
    for i in 0..w * h {
        let label = usize::from(map.labels[i]);
        if in_area[i] {
            translucent[label] += 1;
        } else if label < n && alpha[i] >= OPAQUE_ALPHA && map.is_inside(i) {
            opaque[label] += 1;
        }
    }
    let mut added = Vec::new();
    let mut new_label = vec![TRANSPARENT; n];
    for label in (0..n).filter(|&l| translucent[l] >= MIN_AREA && opaque[l] >= MIN_AREA) {
        if map.palette.len() >= usize::from(TRANSPARENT) {
            break;
        }
        new_label[label] = map.palette.len() as u8;
        map.palette.push(map.palette[label]);
        added.push(label as u8);
    }
    for i in (0..w * h).filter(|&i| in_area[i]) {
        let moved = new_label[usize::from(map.labels[i])];
        if moved != TRANSPARENT {
            map.labels[i] = moved;
        }
    }
    added
}

/// Adds to the translucent areas (`in_area`) their anti-aliased outline: the
/// pixels of an area's label beside it whose alpha lies nearer the area's
/// than opaque, where its alpha ramps down to the transparency around it or
/// makes half the step up to the opaque art of its color. Left with the
/// opaque label, that outline was traced as an opaque rim around the
/// translucent shape (a saturated line around daisyUI's petals).
fn grow_into_outline(map: &LabelMap, alpha: &[u8], in_area: &mut [bool]) {
    let (w, h) = (map.width, map.height);
    // Each pixel's area alpha: its own on a plateau, the plateau's beside it.
    let mut area_alpha: Vec<u8> = alpha.to_vec();
    for _ in 0..OUTLINE_WIDTH {
        let joins = |i: usize, j: usize| {
            in_area[j]
                && map.labels[j] == map.labels[i]
                && 2 * u16::from(alpha[i]) < u16::from(area_alpha[j]) + u16::from(u8::MAX)
        };
        let outline: Vec<(usize, u8)> = (0..w * h)
            .filter(|&i| !in_area[i] && map.labels[i] != TRANSPARENT && alpha[i] < OPAQUE_ALPHA)
            .filter_map(|i| neighbours4(i, w, h).find(|&j| joins(i, j)).map(|j| (i, area_alpha[j])))
            .collect();
        for (i, plateau) in outline {
            in_area[i] = true;
            area_alpha[i] = plateau;
        }
    }
}

/// Per label, the opacity of its shapes: the median alpha of its inside
/// pixels (those whose four neighbours share its label), 1 when opaque.
pub fn label_opacity(map: &LabelMap, canvas: &Canvas) -> Vec<f32> {
    if all_opaque(canvas) {
        return vec![1.0; map.palette.len()];
    }
    let mut histograms = vec![[0usize; 256]; map.palette.len()];
    map.for_each_inside(|i| histograms[usize::from(map.labels[i])][usize::from(canvas.alpha[i])] += 1);
    histograms
        .iter()
        .map(|histogram| {
            // The median: the value at sorted position count / 2.
            let middle = histogram.iter().sum::<usize>() / 2;
            let mut below = 0;
            let Some(median) = (0..=u8::MAX).find(|&a| {
                below += histogram[usize::from(a)];
                below > middle
            }) else {
                return 1.0;
            };
            if median >= OPAQUE_ALPHA {
                1.0
            } else {
                (f32::from(median) / 255.0 * 100.0).round() / 100.0
            }
        })
        .collect()
}

/// Whether no pixel is painted at partial alpha (an opaque source, a JPEG):
/// then nothing is translucent, and one pass over the bytes says so.
fn all_opaque(canvas: &Canvas) -> bool {
    canvas.alpha.iter().all(|&a| a >= OPAQUE_ALPHA)
}

#[cfg(test)]
mod tests {
    use image::{Rgba, RgbaImage};

    use super::*;

    #[test]
    fn a_color_running_on_into_a_translucent_petal_splits_and_an_opaque_edge_does_not() {
        // One orange, opaque on the left and at 70% on the right (a petal
        // over transparency), its outline anti-aliased all round.
        let image = RgbaImage::from_fn(80, 40, |x, y| {
            let alpha = match (x, y) {
                (0 | 79, _) | (_, 0 | 39) => 0,
                (1 | 78, _) | (_, 1 | 38) => 90,
                (2..=39, _) => 255,
                _ => 178,
            };
            Rgba([255, 182, 86, alpha])
        });
        let canvas = Canvas::from_rgba(&image, false, false);
        let mut map = LabelMap::assign(&canvas, vec![[255, 182, 86]], 10.0, None);
        assert_eq!(split_translucent_areas(&mut map, &canvas), vec![0], "the petal takes a label of its own");
        assert_eq!(map.palette, vec![[255, 182, 86]; 2]);
        let at = |x: usize, y: usize| map.labels[y * 80 + x];
        // Its outer pixels, beside the outline's ramp, are no plateau: they go
        // with it too, or they would be traced as an opaque rim.
        assert_eq!((at(77, 20), at(60, 2), at(60, 37)), (1, 1, 1), "and the pixels along its outline");
        assert_eq!((at(2, 20), at(20, 2)), (0, 0), "the opaque part's stay");
        assert_eq!(label_opacity(&map, &canvas), vec![1.0, 0.7]);
        // The same shape all opaque: its anti-aliased outline is no area.
        let opaque = RgbaImage::from_fn(80, 40, |x, y| {
            let edge = x < 2 || y < 2 || x > 77 || y > 37;
            Rgba([255, 182, 86, if edge { 90 } else { 255 }])
        });
        let canvas = Canvas::from_rgba(&opaque, false, false);
        let mut map = LabelMap::assign(&canvas, vec![[255, 182, 86]], 10.0, None);
        assert!(split_translucent_areas(&mut map, &canvas).is_empty());
    }

    #[test]
    fn a_shape_at_partial_alpha_keeps_it_and_an_opaque_ones_edges_do_not_count() {
        let image = RgbaImage::from_fn(40, 20, |x, y| match (x, y) {
            (2..=17, 2..=17) => Rgba([200, 0, 0, 102]),
            (22..=37, 2..=17) => Rgba([0, 0, 200, if x == 22 || x == 37 { 120 } else { 255 }]),
            _ => Rgba([0, 0, 0, 0]),
        });
        let canvas = Canvas::from_rgba(&image, false, false);
        let map = LabelMap::assign(&canvas, vec![[200, 0, 0], [0, 0, 200]], 10.0, None);
        assert_eq!(label_opacity(&map, &canvas), vec![0.4, 1.0]);
    }
}
