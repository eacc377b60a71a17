//! The chroma of thin marks in a 4:2:0 JPEG. The encoder keeps one chroma
//! sample per 2x2 pixels, so a stroke one to three pixels wide shares its
//! chroma with what lies beside it: its pixels decode with about the right
//! lightness but a washed-out hue (Qualcomm's #3253dc wordmark at 128 px
//! comes back near #3d4dc8, 8 dE off).
//!
//! Averaging moves chroma without losing it, so over a mark and a band of
//! its neighbour the summed chroma contrast to the neighbour, divided by the
//! summed luma contrast, is the mark's own ratio of the two, whatever the
//! blur (every pixel there is a blend of the two colors). Pixels within the
//! band of a third color are left out on both sides: they blend three. The
//! flow of chroma between the mark's kept and left-out pixels is between
//! pixels of one color, so the ratio holds. With the mark's lightness, which
//! subsampling keeps, that gives its color. The sums are
//! taken in the JPEG's own YCbCr planes: in RGB the chroma that spilled onto
//! white paper is clipped away (blue beside white would need blue above 255).
//!
//! Only the fill colors change; the pixels keep the labels the decoded
//! colors gave them.

use crate::color::{delta_e, luma, to_lab, Rgb};
use crate::grid::{self, distance_to, neighbours4, PixelBox};
use crate::labels::{LabelMap, TRANSPARENT};

/// The band of the neighbour that takes a mark's spilled chroma: 4:2:0 and
/// the decoder's upsampling spread it two pixels, a shrink's blur one more.
const BAND: u16 = 3;
/// Fewer pixels than this and the sums are noise (a 32-pixel dot of red
/// came out 6 dE off).
const MIN_MARK_PIXELS: usize = 64;
/// The neighbour must hold this share of a mark's outline: a mark between
/// several colors spills into each, and the sums would mix them.
const MIN_NEIGHBOUR_SHARE: f64 = 0.8;
/// A mark this deep in its own interior (pixels 3 or more from its edge)
/// has kept its chroma there, and its decoded color stands.
const MAX_DEEP_SHARE: f64 = 0.6;
/// Below this luma contrast to its neighbour the ratio is ill-measured, and
/// a pixel's luma cannot tell the two apart (`palette::subsampled_host`).
pub const MIN_LUMA_CONTRAST: f32 = 24.0;
/// A mark this light is white, whose ringing the Y plane clips at 255,
/// which would bias the sums. A white figure amid a saturated field comes
/// back lighter than this but tinted (Samoa's stars at 128 px decode
/// #eeffff, luma 249.9, 6 dE off white), and the sums bring it within 3.
const MAX_MARK_LUMA: f32 = 250.0;
/// A mark's pixels this far from its edge (chessboard distance) are its
/// core, which gives its lightness (see `Mark::lightness`).
const CORE_DEPTH: u16 = 2;
/// With fewer core pixels than this, a few rung pixels sway their median and
/// the decoded lightness stays (Solarwinds' grey wordmark at 128 px has 23,
/// whose median is 10 luma units too light).
const MIN_CORE_PIXELS: usize = 48;
/// A mark's core lightness this far from its decoded color is a second
/// color's, not ringing: ringing moves a stroke's flattest pixels by at most
/// 9 luma units among the dev corpus's 97 marks at 128 px (Semaphore's grey),
/// while New Relic's light green cube there takes in the pixels of its dark
/// green facet, 15 units darker at its core, and the sums would blend the two
/// greens into a third. The decoded color then stands.
const MAX_LIGHTNESS_SHIFT: f32 = 12.0;
/// Closer than this to the decoded color, the decoded color stays: a flat
/// fill decodes within a unit of its hex, which the ratio's noise would
/// only blur. Anaconda's green ring at 128 px decodes 3.2 dE off, and the
/// sums move it 1.7 to within 1.5.
const MIN_SHIFT_DE: f32 = 1.0;
/// Further than this, something else is mixed into the sums. Obsidian's
/// wordmark at 128 px decodes 21 dE off its purple, and the sums bring it
/// back within 1.2.
const MAX_SHIFT_DE: f32 = 25.0;

type Ycc = [f32; 3];

fn ycc(rgb: Rgb) -> Ycc {
    let [r, g, b] = rgb.map(f32::from);
    [luma(rgb), 128.0 - 0.168_736 * r - 0.331_264 * g + 0.5 * b, 128.0 + 0.5 * r - 0.418_688 * g - 0.081_312 * b]
}

fn rgb(ycc: Ycc) -> Rgb {
    let [y, cb, cr] = [ycc[0], ycc[1] - 128.0, ycc[2] - 128.0];
    [y + 1.402 * cr, y - 0.344_136 * cb - 0.714_136 * cr, y + 1.772 * cb].map(|v| v.round().clamp(0.0, 255.0) as u8)
}

/// The fill color of each label of `map`: its palette color, or, for a mark
/// whose chroma 4:2:0 diluted, that chroma restored. `paper` is the color of
/// the removed (transparent) paper. A restored color within `twin_de` of
/// another fill is the same color: both take the fill of the larger, so a
/// washed-out wordmark and the small icon of its purple beside it (Obsidian
/// at 128 px) come back as one color, not as near-twins
/// (`LabelMap::merge_equal_fills` then makes the two one label). `planes`
/// gives the JPEG's YCbCr per map pixel, asked for only when some mark
/// qualifies; None (a grayscale or CMYK JPEG) leaves the palette as it is.
pub fn restored_fills(
    map: &LabelMap,
    paper: Option<Rgb>,
    twin_de: f32,
    planes: impl FnOnce() -> Option<Vec<Rgb>>,
) -> Vec<Rgb> {
    let mut fills = map.palette.clone();
    let boxes = map.label_boxes();
    let marks: Vec<Mark> =
        boxes.iter().enumerate().filter_map(|(label, found)| Mark::find(map, label as u8, (*found)?, paper)).collect();
    if marks.is_empty() {
        return fills;
    }
    let Some(planes) = planes() else { return fills };
    let restored: Vec<(usize, Rgb)> =
        marks.iter().filter_map(|mark| Some((usize::from(mark.label), mark.restored(map.width, &planes)?))).collect();
    restored.iter().for_each(|&(label, fill)| fills[label] = fill);
    // Twins are looked up once every mark has its color; the larger of the
    // two, the better measured, gives both their color.
    let areas = map.areas();
    for &(label, fill) in &restored {
        let lab = to_lab(fill);
        let twin = (0..fills.len())
            .filter(|&k| k != label)
            .map(|k| (k, delta_e(&to_lab(fills[k]), &lab)))
            .filter(|&(_, d)| d < twin_de)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((k, _)) = twin {
            if areas[k] > areas[label] {
                fills[label] = fills[k];
            } else {
                fills[k] = fills[label];
            }
        }
    }
    fills
}

/// A thin mark whose chroma the sums can measure: its label, the box it is
/// measured in (x, y, width, height), its neighbour and that neighbour's color.
struct Mark {
    label: u8,
    /// The box it is measured in (x, y, width, height), and its labels.
    window: (usize, usize, usize, usize),
    labels: Vec<u8>,
    /// Window indices of its core pixels (`CORE_DEPTH`).
    core: Vec<usize>,
    neighbour: u8,
    /// The neighbour's color.
    base: Ycc,
    decoded: Rgb,
}

impl Mark {
    /// `found` is the box of the label's pixels.
    fn find(map: &LabelMap, label: u8, found: PixelBox, paper: Option<Rgb>) -> Option<Mark> {
        let decoded = map.palette[label as usize];
        let own = ycc(decoded);
        if own[0] >= MAX_MARK_LUMA {
            return None;
        }
        // Everything happens in the mark's box, grown so that what lies
        // within the band of a band pixel is inside it too.
        let window = found.grown(2 * usize::from(BAND) + 1, map.width, map.height).xywh();
        let (x, y, w, h) = window;
        let labels = grid::crop(&map.labels, map.width, x, y, w, h);
        let n = labels.iter().filter(|&&l| l == label).count();
        if n < MIN_MARK_PIXELS {
            return None;
        }
        let neighbour = dominant_neighbour(&labels, w, h, label)?;
        let base = ycc(if neighbour == TRANSPARENT { paper? } else { map.palette[neighbour as usize] });
        if (own[0] - base[0]).abs() < MIN_LUMA_CONTRAST {
            return None;
        }
        let depth = distance_to(w, h, |i| labels[i] != label, 3);
        let deep = (0..w * h).filter(|&i| labels[i] == label && depth[i] >= 3).count();
        if deep as f64 > MAX_DEEP_SHARE * n as f64 {
            return None;
        }
        let core = (0..w * h).filter(|&i| labels[i] == label && depth[i] >= CORE_DEPTH).collect();
        Some(Mark { label, window, labels, core, neighbour, base, decoded })
    }

    /// The mark's lightness: the median luma of its core in the window's
    /// `planes`, when it has enough core pixels. The palette took the decoded
    /// color from the mark's flattest pixels, and along a stroke two to four
    /// pixels wide JPEG's ringing moves those off its lightness: at 128 px,
    /// Kong's navy decodes 6 luma units too dark and Semaphore's grey 9 too
    /// light, while their core medians land within a unit.
    fn lightness(&self, planes: &[Rgb]) -> f32 {
        if self.core.len() < MIN_CORE_PIXELS {
            return ycc(self.decoded)[0];
        }
        let mut luma: Vec<u8> = self.core.iter().map(|&i| planes[i][0]).collect();
        let middle = luma.len() / 2;
        f32::from(*luma.select_nth_unstable(middle).1)
    }

    /// The mark's color from the sums over it and its band in `planes`, when
    /// it differs from its decoded color by a plausible amount.
    fn restored(&self, map_width: usize, planes: &[Rgb]) -> Option<Rgb> {
        let Mark { label, window: (x, y, w, h), ref labels, neighbour, base, decoded, .. } = *self;
        let planes = grid::crop(planes, map_width, x, y, w, h);
        let lightness = self.lightness(&planes);
        if (lightness - ycc(decoded)[0]).abs() > MAX_LIGHTNESS_SHIFT {
            return None;
        }
        let luma_contrast = lightness - base[0];
        let near_mark = distance_to(w, h, |i| labels[i] == label, BAND + 1);
        let near_others = distance_to(w, h, |i| labels[i] != label && labels[i] != neighbour, BAND + 1);
        // Only blends of the mark and its neighbour: nothing near a third color.
        let mut sum = [0f32; 3];
        for i in 0..w * h {
            let l = labels[i];
            if (l == label || (l == neighbour && near_mark[i] <= BAND)) && near_others[i] > BAND {
                (0..3).for_each(|k| sum[k] += f32::from(planes[i][k]) - base[k]);
            }
        }
        // The summed luma contrast runs the mark's way, and is at least a pixel's worth.
        if sum[0] * luma_contrast <= 0.0 || sum[0].abs() < luma_contrast.abs() {
            return None;
        }
        let scale = luma_contrast / sum[0];
        let estimate = rgb([lightness, base[1] + sum[1] * scale, base[2] + sum[2] * scale]);
        let shift = delta_e(&to_lab(estimate), &to_lab(decoded));
        (MIN_SHIFT_DE..=MAX_SHIFT_DE).contains(&shift).then_some(estimate)
    }
}

/// The label that holds most of `label`'s outline in a `w` x `h` grid, when
/// it holds at least `MIN_NEIGHBOUR_SHARE` of it (TRANSPARENT for the
/// removed paper).
fn dominant_neighbour(labels: &[u8], w: usize, h: usize, label: u8) -> Option<u8> {
    let mut counts = [0usize; 256];
    for i in (0..w * h).filter(|&i| labels[i] == label) {
        neighbours4(i, w, h).filter(|&j| labels[j] != label).for_each(|j| counts[labels[j] as usize] += 1);
    }
    let total: usize = counts.iter().sum();
    let best = (0..=255u8).max_by_key(|&l| counts[l as usize])?;
    (total > 0 && counts[best as usize] as f64 >= MIN_NEIGHBOUR_SHARE * total as f64).then_some(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAPER: Rgb = [255, 255, 255];
    const WHITE_YCC: Ycc = [255.0, 128.0, 128.0];

    /// A `width`-pixel vertical stroke of label 0, 32 rows tall, on removed
    /// paper, whose YCbCr planes hold `ink` with only `kept` of its chroma;
    /// the rest lies in the paper pixels on either side of it, as 4:2:0
    /// leaves it. Returns the planes and the map, whose palette holds the
    /// stroke's decoded (washed-out) color.
    fn washed_stroke(ink: Rgb, width: usize, kept: f32) -> (Vec<Rgb>, LabelMap) {
        let (w, h) = (width + 10, 34);
        let left = 5;
        let full = ycc(ink);
        let chroma = |share: f32| [1, 2].map(|k| WHITE_YCC[k] + share * (full[k] - WHITE_YCC[k]));
        let washed = chroma(kept);
        // Both paper columns beside the stroke share the chroma it lost.
        let spilled = chroma((1.0 - kept) * width as f32 / 2.0);
        let rows: Vec<String> = (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| if (1..33).contains(&y) && (left..left + width).contains(&x) { '0' } else { '.' })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let decoded = rgb([full[0], washed[0], washed[1]]);
        let map = LabelMap::from_rows(&rows, TRANSPARENT, vec![decoded]);
        let planes = (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                let beside = (1..33).contains(&y) && (x + 1 == left || x == left + width);
                let pixel = match map.labels[i] {
                    0 => [full[0], washed[0], washed[1]],
                    _ if beside => [255.0, spilled[0], spilled[1]],
                    _ => WHITE_YCC,
                };
                pixel.map(|v| v.round() as u8)
            })
            .collect();
        (planes, map)
    }

    fn off(a: Rgb, b: Rgb) -> f32 {
        delta_e(&to_lab(a), &to_lab(b))
    }

    #[test]
    fn a_thin_strokes_washed_out_chroma_is_restored_from_what_spilled_beside_it() {
        for ink in [[0x00, 0x78, 0xd4], [0x32, 0x53, 0xdc], [0x28, 0x32, 0x72], [0xd3, 0x3c, 0x44]] {
            let (planes, map) = washed_stroke(ink, 2, 0.8);
            let decoded = map.palette[0];
            assert!(off(decoded, ink) > 4.0, "{decoded:?} is washed out against {ink:?}");
            let fills = restored_fills(&map, Some(PAPER), 7.0, || Some(planes));
            assert!(off(fills[0], ink) < 1.5, "{ink:?} restored as {:?}", fills[0]);
        }
    }

    #[test]
    fn a_marks_lightness_comes_from_its_core_when_it_has_one() {
        let ink = [0x21, 0x37, 0x5a];
        // The palette's color came from the flattest pixels, which ringing
        // left 8 luma units too dark; every pixel of the planes has the ink's.
        let rung = |width: usize| {
            let (planes, mut map) = washed_stroke(ink, width, 0.8);
            let [y, cb, cr] = ycc(map.palette[0]);
            map.palette[0] = rgb([y - 8.0, cb, cr]);
            (planes, map)
        };
        // Four columns: two of them, 64 pixels, lie 2 from the edge.
        let (planes, map) = rung(4);
        assert!(off(map.palette[0], ink) > 4.0);
        let fills = restored_fills(&map, Some(PAPER), 7.0, || Some(planes));
        assert!(off(fills[0], ink) < 1.5, "{ink:?} restored as {:?}", fills[0]);
        // Three columns: a core of 32 pixels is too few, and the decoded
        // lightness stays.
        let (planes, map) = rung(3);
        let fills = restored_fills(&map, Some(PAPER), 7.0, || Some(planes));
        assert!((ycc(fills[0])[0] - ycc(map.palette[0])[0]).abs() < 1.0, "{:?} kept its lightness", fills[0]);
    }

    #[test]
    fn a_mark_whose_core_has_another_lightness_keeps_its_decoded_color() {
        // The label's flat pixels say one color and its core 16 luma units
        // another: a second color's pixels in the mark (New Relic's dark
        // green facet in its light green cube at 128 px), no ringing.
        let ink = [0x1c, 0xe7, 0x83];
        let (planes, mut map) = washed_stroke(ink, 4, 0.8);
        let [y, cb, cr] = ycc(map.palette[0]);
        map.palette[0] = rgb([y + 16.0, cb, cr]);
        assert_eq!(restored_fills(&map, Some(PAPER), 7.0, || Some(planes)), map.palette);
    }

    #[test]
    fn a_third_color_touching_the_mark_stays_out_of_the_sums() {
        // The stroke's top right meets a green shape (6 of its 68 outline
        // edges), whose chroma 4:2:0 spread into the stroke's pixels beside it.
        let green = [0x00, 0xb0, 0x40];
        let green_ycc = ycc(green);
        for ink in [[0x00, 0x78, 0xd4], [0x32, 0x53, 0xdc], [0xd3, 0x3c, 0x44]] {
            let (mut planes, mut map) = washed_stroke(ink, 2, 0.8);
            let (w, left, width) = (map.width, 5, 2);
            map.palette.push(green);
            for y in 1..7 {
                for x in left + width..left + width + 3 {
                    map.labels[y * w + x] = 1;
                    planes[y * w + x] = green_ycc.map(|v| v.round() as u8);
                }
            }
            for y in 1..9 {
                for x in left..left + width {
                    let pixel = &mut planes[y * w + x];
                    for k in 1..3 {
                        pixel[k] = ((f32::from(pixel[k]) + green_ycc[k]) / 2.0).round() as u8;
                    }
                }
            }
            let fills = restored_fills(&map, Some(PAPER), 7.0, || Some(planes));
            assert!(off(fills[0], ink) < 1.5, "{ink:?} restored as {:?}", fills[0]);
            assert_eq!(fills[1], green, "the green shape is no mark of its own");
        }
    }

    #[test]
    fn a_restored_mark_and_its_twin_fill_become_one_color_the_larger_ones() {
        let ink = [0x32, 0x53, 0xdc];
        // The same ink elsewhere, decoded a few units off, as a block of
        // `rows` full rows well below the stroke (out of its sums' reach).
        let twin = [0x36, 0x56, 0xd8];
        let with_twin_below = |rows: usize, color: Rgb| {
            let (mut planes, mut map) = washed_stroke(ink, 2, 0.8);
            let w = map.width;
            map.palette.push(color);
            for y in 0..20 {
                let label = if y >= 20 - rows { 1 } else { TRANSPARENT };
                let pixel = if label == 1 { ycc(color) } else { WHITE_YCC };
                map.labels.extend(std::iter::repeat_n(label, w));
                planes.extend(std::iter::repeat_n(pixel.map(|v| v.round() as u8), w));
            }
            map.height += 20;
            (planes, map)
        };
        // A smaller twin: the stroke's restored color is the better measured.
        let (planes, map) = with_twin_below(2, twin);
        let fills = restored_fills(&map, Some(PAPER), 11.0, || Some(planes));
        assert!(off(fills[0], ink) < 1.5, "{ink:?} restored as {:?}", fills[0]);
        assert_eq!(fills[1], fills[0], "one ink, not two near-twins");
        // A larger twin (96 pixels to the stroke's 64) gives the stroke its color.
        let (planes, map) = with_twin_below(8, twin);
        assert_eq!(restored_fills(&map, Some(PAPER), 11.0, || Some(planes)), vec![twin, twin]);
        // A fill further off than the twin distance is a color of its own.
        let navy = [0x00, 0x00, 0x80];
        let (planes, map) = with_twin_below(8, navy);
        let fills = restored_fills(&map, Some(PAPER), 11.0, || Some(planes));
        assert!(off(fills[0], ink) < 1.5, "{ink:?} restored as {:?}", fills[0]);
        assert_eq!(fills[1], navy);
    }

    #[test]
    fn a_wide_mark_or_a_source_without_planes_keeps_its_decoded_color() {
        let ink = [0x00, 0x78, 0xd4];
        let (planes, map) = washed_stroke(ink, 30, 0.8);
        let asked = std::cell::Cell::new(false);
        let planes = || {
            asked.set(true);
            Some(planes)
        };
        assert_eq!(restored_fills(&map, Some(PAPER), 7.0, planes), map.palette, "its interior speaks for itself");
        assert!(!asked.get(), "with no thin mark, the planes are not decoded");
        let (_, map) = washed_stroke(ink, 2, 0.8);
        assert_eq!(restored_fills(&map, Some(PAPER), 7.0, || None), map.palette, "no planes: a grayscale JPEG");
    }
}
