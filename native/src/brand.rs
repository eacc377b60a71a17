//! Brand colors (the `palette` setting): the colors a person gives are the
//! colors the SVG paints. Once the fills are final (after the chroma and
//! gradient stages), a flat label whose inside shows two listed colors
//! splits into one label for each, then each flat fill within `BRAND_DE`
//! of a listed color becomes the nearest listed color exactly, and labels
//! that become one color merge into one label, so the fitter traces one
//! shape. Gradient stops keep their own colors.

use std::collections::VecDeque;

use crate::canvas::Canvas;
use crate::color::{delta_e, hex, pack, to_lab, unpack, HashMap, Rgb};
use crate::error::{EngineError, EngineResult};
use crate::grid::{neighbours4, PixelBox};
use crate::labels::{LabelMap, TRANSPARENT};
use crate::ramps::Ramp;

/// A traced color this close (CIE76) to a listed one is that brand color
/// moved by compression. Over the dev corpus's JPEGs (q80) every traced
/// color lies within 2.5 dE of its true color (90% within 0.8); over the
/// harder dev-papers JPEGs (q55-95, some noised or shrunk) 96.4% lie within
/// 4 (95.5% within 3, 96.8% within 5). The cost is on the other side: a
/// true color left out of the list is taken by a listed one within 4 dE,
/// which holds for 10 of the dev corpus's 461 true colors (6 of them within
/// 1.1 dE of their neighbour, one color to a JPEG; 23 within 8).
pub const BRAND_DE: f32 = 4.0;

/// The listed colors as RGB. The facade checks the setting, so a color
/// that is not `#rrggbb` here is our bug, not the caller's.
pub fn parse_palette(colors: &[String]) -> EngineResult<Vec<Rgb>> {
    colors
        .iter()
        .map(|color| {
            let digits = color.strip_prefix('#').filter(|d| d.len() == 6 && d.bytes().all(|b| b.is_ascii_hexdigit()));
            digits
                .and_then(|d| u32::from_str_radix(d, 16).ok())
                .map(unpack)
                .ok_or_else(|| EngineError::Internal(format!("palette color {color:?} is not #rrggbb")))
        })
        .collect()
}

/// The local mean that tells two close brand colors apart pixel by pixel
/// averages a window this many pixels around each pixel (5 x 5): a JPEG's
/// flat areas stray 1 to 5 units per channel (dev, q80), which the mean of
/// 25 pixels brings near a unit, while the brand colors a logo pairs for a
/// facet or a shade lie 3 to 7 dE apart (dev: VS Code's #1070b3 and
/// #0877b9, 3.3 dE; Vitess's two oranges, 3.9; Bun's plate and body, 7.0),
/// too close for the clustering to keep apart under that noise.
const SPLIT_RADIUS: usize = 2;

/// The listed color nearest `color`, when one lies within `BRAND_DE`.
pub fn brand_color(color: Rgb, brand: &[Rgb]) -> Option<Rgb> {
    nearest_listed(color, brand).map(|k| brand[k])
}

/// The index of the listed color nearest `color`, when one lies within `BRAND_DE`.
fn nearest_listed(color: Rgb, brand: &[Rgb]) -> Option<usize> {
    let lab = to_lab(color);
    brand
        .iter()
        .enumerate()
        .map(|(k, &listed)| (k, delta_e(&lab, &to_lab(listed))))
        .filter(|&(_, distance)| distance <= BRAND_DE)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(k, _)| k)
}

/// Split each flat label whose inside shows two or more listed colors, each
/// over at least `floor` pixels (a color's own body, as the palette counts
/// it) and with mean colors as far apart as those (`DISTINCT_SHARE`), into
/// one label per listed color: the person's list says they are
/// distinct where noise made the clustering take them as one. A pixel
/// whose whole window lies in the label takes the listed color within
/// `BRAND_DE` of the window's mean; the label's other pixels (its edges,
/// where neighbours blend in) take the color of the nearest pixel so
/// classed. The largest part keeps the label, with its listed color as
/// fill; a part scattered through it (`LabelMap::fold_if_scattered`) was
/// noise and folds back. Returns whether a label was added (`fills` and
/// `ramps` grow with it; a folded one stays empty).
pub fn split_by_brand(
    map: &mut LabelMap,
    canvas: &Canvas,
    fills: &mut Vec<Rgb>,
    ramps: &mut Vec<Option<Ramp>>,
    brand: &[Rgb],
    floor: usize,
) -> bool {
    if brand.len() < 2 {
        return false;
    }
    ramps.resize(fills.len(), None);
    let mut nearest: HashMap<u32, Option<usize>> = HashMap::default();
    let mut added = false;
    for (label, bounds) in map.label_boxes().into_iter().enumerate() {
        let Some(bounds) = bounds.filter(|_| ramps[label].is_none()) else { continue };
        let label = label as u8;
        let Some((mut classes, parts)) = listed_parts(map, canvas, label, bounds, brand, floor, &mut nearest) else {
            continue;
        };
        spread_to_edges(map, label, bounds, &mut classes);
        let (x0, y0, bw, _) = bounds.xywh();
        let mut kept = false;
        for &part in &parts[1..] {
            let new = map.palette.len();
            if new >= usize::from(TRANSPARENT) {
                break;
            }
            map.palette.push(brand[part]);
            fills.push(brand[part]);
            ramps.push(None);
            added = true;
            for (k, _) in classes.iter().enumerate().filter(|&(_, &c)| usize::from(c) == part) {
                map.labels[(y0 + k / bw) * map.width + x0 + k % bw] = new as u8;
            }
            kept |= !map.fold_if_scattered(new as u8, label);
        }
        if kept {
            fills[usize::from(label)] = brand[parts[0]];
        }
    }
    added
}

/// Each flat label's fill (`fills`, one per label; `ramps` marks the
/// gradients) snapped to its brand color, and the labels whose fills became
/// one color merged into the first of them. Returns whether any merged.
pub fn snap_fills(map: &mut LabelMap, fills: &mut [Rgb], ramps: &[Option<Ramp>], brand: &[Rgb]) -> bool {
    let flat = |label: usize| ramps.get(label).is_none_or(Option::is_none);
    for (label, fill) in fills.iter_mut().enumerate() {
        if flat(label) {
            *fill = brand_color(*fill, brand).unwrap_or(*fill);
        }
    }
    let into: Vec<u8> = (0..fills.len())
        .map(|label| {
            let first = (0..label).find(|&other| flat(label) && flat(other) && fills[other] == fills[label]);
            first.unwrap_or(label) as u8
        })
        .collect();
    map.merge_labels(&into)
}

/// What the warning says of the match, from the SVG's flat colors: the
/// listed colors it does not paint, and its colors that are not listed.
pub fn describe_matches(brand: &[Rgb], painted: &[Rgb]) -> Option<String> {
    let listed = |colors: Vec<Rgb>| colors.iter().map(|&c| hex(c)).collect::<Vec<_>>().join(", ");
    let unmatched: Vec<Rgb> = brand.iter().copied().filter(|c| !painted.contains(c)).collect();
    let own: Vec<Rgb> = painted.iter().copied().filter(|c| !brand.contains(c)).collect();
    let mut notes = Vec::new();
    if !unmatched.is_empty() {
        notes.push(format!("brand colors that matched no traced color: {}", listed(unmatched)));
    }
    if !own.is_empty() {
        notes.push(format!(
            "traced colors that matched no brand color (none within {BRAND_DE} dE), kept: {}",
            listed(own)
        ));
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}

/// Two parts of a label are two colors when their mean colors lie at
/// least this share of their listed colors' distance apart: each part of
/// two colors sits near its own listed color (share near 1), while noise
/// that parts one color between two listed ones leaves both parts near it
/// (share near 0).
const DISTINCT_SHARE: f32 = 0.5;

/// Not classed yet (or not the label's pixel).
const UNCLASSED: u8 = u8::MAX;

/// Over the label's `bounds`, the listed color (by index) each pixel whose
/// whole window lies in the label shows, and the listed colors shown over
/// at least `floor` pixels, most pixels first; None unless two are.
/// `nearest` remembers each window mean's listed color.
fn listed_parts(
    map: &LabelMap,
    canvas: &Canvas,
    label: u8,
    bounds: PixelBox,
    brand: &[Rgb],
    floor: usize,
    nearest: &mut HashMap<u32, Option<usize>>,
) -> Option<(Vec<u8>, Vec<usize>)> {
    let (x0, y0, bw, bh) = bounds.xywh();
    let side = 2 * SPLIT_RADIUS + 1;
    if bw < side || bh < side {
        return None;
    }
    // Summed-area table of the label's colors and pixel count over the box.
    let stride = bw + 1;
    let mut sums = vec![[0u32; 4]; stride * (bh + 1)];
    for by in 0..bh {
        let mut row = [0u32; 4];
        for bx in 0..bw {
            let i = (y0 + by) * map.width + x0 + bx;
            if map.labels[i] == label {
                let [r, g, b] = canvas.rgb[i];
                row = [row[0] + u32::from(r), row[1] + u32::from(g), row[2] + u32::from(b), row[3] + 1];
            }
            let above = sums[by * stride + bx + 1];
            sums[(by + 1) * stride + bx + 1] = [0, 1, 2, 3].map(|c| row[c] + above[c]);
        }
    }
    let window = |bx: usize, by: usize| {
        let (l, t, r, b) = (bx - SPLIT_RADIUS, by - SPLIT_RADIUS, bx + SPLIT_RADIUS + 1, by + SPLIT_RADIUS + 1);
        let at = |x: usize, y: usize| sums[y * stride + x];
        let (tl, tr, bl, br) = (at(l, t), at(r, t), at(l, b), at(r, b));
        [0, 1, 2, 3].map(|c| br[c] + tl[c] - tr[c] - bl[c])
    };
    let full = (side * side) as u32;
    let mut classes = vec![UNCLASSED; bw * bh];
    let mut counts = vec![0usize; brand.len()];
    let mut sums_by_class = vec![[0u64; 3]; brand.len()];
    for by in SPLIT_RADIUS..bh - SPLIT_RADIUS {
        for bx in SPLIT_RADIUS..bw - SPLIT_RADIUS {
            let [r, g, b, n] = window(bx, by);
            if n < full {
                continue;
            }
            let mean = [r, g, b].map(|v| ((v + full / 2) / full) as u8);
            let listed = *nearest.entry(pack(mean)).or_insert_with(|| nearest_listed(mean, brand));
            if let Some(k) = listed {
                classes[by * bw + bx] = k as u8;
                counts[k] += 1;
                (0..3).for_each(|c| sums_by_class[k][c] += u64::from(mean[c]));
            }
        }
    }
    let mean_of = |k: usize| to_lab(sums_by_class[k].map(|v| (v as f64 / counts[k] as f64).round() as u8));
    let mut parts: Vec<usize> = (0..brand.len()).filter(|&k| counts[k] >= floor).collect();
    parts.sort_by_key(|&k| std::cmp::Reverse(counts[k]));
    // Noise on one color between two listed ones splits it into parts whose
    // means lie close together; parts of two colors differ as those do.
    let largest = *parts.first()?;
    let apart = |k: usize| {
        delta_e(&mean_of(k), &mean_of(largest)) >= DISTINCT_SHARE * delta_e(&to_lab(brand[k]), &to_lab(brand[largest]))
    };
    parts.retain(|&k| k == largest || apart(k));
    if parts.len() < 2 {
        return None;
    }
    for class in classes.iter_mut().filter(|c| **c != UNCLASSED && !parts.contains(&usize::from(**c))) {
        *class = UNCLASSED;
    }
    Some((classes, parts))
}

/// Each pixel of the label within `bounds` not classed yet takes the class
/// of the nearest classed one it reaches through the label (breadth first);
/// pixels that reach none stay unclassed, and so keep the label.
fn spread_to_edges(map: &LabelMap, label: u8, bounds: PixelBox, classes: &mut [u8]) {
    let (x0, y0, bw, bh) = bounds.xywh();
    let mut queue: VecDeque<usize> = (0..classes.len()).filter(|&k| classes[k] != UNCLASSED).collect();
    while let Some(k) = queue.pop_front() {
        for n in neighbours4(k, bw, bh) {
            if classes[n] == UNCLASSED && map.labels[(y0 + n / bw) * map.width + x0 + n % bw] == label {
                classes[n] = classes[k];
                queue.push_back(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canvas::Canvas;

    const BLUE: Rgb = [0x1d, 0x4e, 0xd8];
    const AMBER: Rgb = [0xf5, 0x9e, 0x0b];

    #[test]
    fn palette_colors_parse_and_a_malformed_one_is_an_internal_error() {
        assert_eq!(parse_palette(&["#1d4ED8".into()]).unwrap(), vec![BLUE]);
        assert!(matches!(parse_palette(&["#12345".into()]), Err(EngineError::Internal(_))));
        assert!(matches!(parse_palette(&["blue".into()]), Err(EngineError::Internal(_))));
    }

    #[test]
    fn a_color_near_a_listed_one_takes_the_nearest_and_a_far_one_none() {
        assert_eq!(brand_color([0x21, 0x52, 0xdc], &[AMBER, BLUE]), Some(BLUE));
        assert_eq!(brand_color([0x1d, 0x4e, 0xd8], &[[0x1d, 0x4e, 0xd9], BLUE]), Some(BLUE));
        assert_eq!(brand_color([0x40, 0x80, 0x40], &[AMBER, BLUE]), None);
    }

    #[test]
    fn two_labels_that_become_one_brand_color_merge_and_a_ramp_keeps_its_own() {
        let near_blues = vec![[0x1b, 0x4c, 0xd6], [0x21, 0x52, 0xdc], [0x20, 0x50, 0xda]];
        let mut map = LabelMap::from_rows(&["012", "012"], crate::labels::TRANSPARENT, near_blues.clone());
        let mut fills = near_blues.clone();
        let ramp = Some(Ramp {
            shape: crate::ramps::Shape::Radial { center: (1.0, 1.0), radius: 1.0, ellipse: None },
            stops: vec![(0.0, BLUE), (1.0, AMBER)],
        });
        assert!(snap_fills(&mut map, &mut fills, &[None, None, ramp], &[BLUE]));
        assert_eq!(fills, vec![BLUE, BLUE, near_blues[2]], "a gradient's label keeps its fill");
        assert_eq!(map.to_rows(), vec!["002", "002"]);
    }

    /// A 40 x 20 canvas of one label: `left` in the left half, `right` in the
    /// right, each pixel moved by up to `noise` units per channel (a fixed
    /// pseudo-random pattern, as a JPEG's noise).
    fn two_halves(left: Rgb, right: Rgb, noise: i32) -> (LabelMap, Canvas) {
        let (w, h) = (40, 20);
        let mut seed = 11u32;
        let rgb = (0..w * h)
            .map(|i| {
                let base = if i % w < w / 2 { left } else { right };
                base.map(|c| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    let moved = i32::from(c) + (seed >> 16) as i32 % (2 * noise + 1) - noise;
                    moved.clamp(0, 255) as u8
                })
            })
            .collect();
        let canvas = Canvas::opaque(w, h, rgb);
        let map = LabelMap { width: w, height: h, labels: vec![0; w * h], palette: vec![left] };
        (map, canvas)
    }

    #[test]
    fn a_label_showing_two_close_brand_colors_splits_into_one_label_each() {
        // VS Code's two blues, 3.3 dE apart, under noise of 4 units per channel.
        let (dark, light) = ([0x10, 0x70, 0xb3], [0x08, 0x77, 0xb9]);
        let (mut map, canvas) = two_halves(dark, light, 4);
        let (mut fills, mut ramps) = (vec![[0x0c, 0x74, 0xb6]], vec![None]);
        assert!(split_by_brand(&mut map, &canvas, &mut fills, &mut ramps, &[AMBER, dark, light], 8));
        assert_eq!(fills, vec![dark, light]);
        assert_eq!(ramps.len(), 2);
        // Each row splits where the halves meet, give or take the pixel a window straddling it falls on.
        let rows = map.to_rows();
        let split_at = |row: &String| row.find('1').filter(|&x| row[x..].chars().all(|c| c == '1'));
        assert!(rows.iter().all(|row| split_at(row).is_some_and(|x| x.abs_diff(20) <= 1)), "{rows:?}");
    }

    #[test]
    fn one_color_between_two_listed_ones_does_not_split_and_one_listed_color_never_does() {
        let (dark, light) = ([0x10, 0x70, 0xb3], [0x08, 0x77, 0xb9]);
        let between = [0x0c, 0x74, 0xb6];
        let (mut map, canvas) = two_halves(between, between, 4);
        let (mut fills, mut ramps) = (vec![between], vec![None]);
        assert!(!split_by_brand(&mut map, &canvas, &mut fills, &mut ramps, &[dark, light], 8), "{:?}", map.to_rows());
        assert_eq!((fills, map.areas()), (vec![between], vec![800]));
        let (mut map, canvas) = two_halves(dark, light, 4);
        assert!(!split_by_brand(&mut map, &canvas, &mut vec![dark], &mut vec![None], &[dark], 8));
        assert_eq!(map.areas(), vec![800]);
    }

    #[test]
    fn the_warning_names_unmatched_brand_colors_and_unlisted_traced_ones() {
        assert_eq!(describe_matches(&[BLUE], &[BLUE]), None);
        let warning = describe_matches(&[BLUE, AMBER], &[BLUE, [0, 0, 0]]).unwrap();
        assert!(warning.contains("matched no traced color: #f59e0b"), "{warning}");
        assert!(warning.ends_with("#000000"), "{warning}");
    }
}
