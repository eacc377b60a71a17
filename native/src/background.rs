//! Background removal on opaque images: the paper around the art goes, and
//! only that.
//!
//! The paper is the one color that surrounds the art, of any lightness or
//! hue (`border::read_border`). A graded paper's far shades, which the
//! palette made colors of their own, join it first where they meet it
//! without an edge (`absorb_paper_grade`). In the label map, every connected
//! region of that color is then one of:
//! - the paper itself: it touches the border and is not a band (below), so
//!   it surrounds the art; it becomes transparent;
//! - a band of a full-bleed design (a flag's stripe or field of the paper's
//!   color): it touches the border and, with what it encloses,
//!   is an axis-aligned rectangle smaller than the frame, in a corner or
//!   running edge to edge. Paper around art is never that shape; it stays
//!   as a fill;
//! - a counter (the inside of an o, a, B, 4): enclosed by the art, and the
//!   art around it is a stroke no thicker than the counter is wide, or a
//!   color within the paper's noise reach (white on near-white is no
//!   design's figure); it becomes transparent;
//! - a figure of the paper's color (the B of a coin, a flag's cross, a star in a roundel, the K of
//!   an app icon): enclosed by the art, which around it is a plate much
//!   thicker than the figure's own strokes (1.5 times its half-width, 4
//!   times when the region is compact, a blob rather than strokes, as a
//!   heavy letter's counter is), or at least 15% of the image's long side
//!   thick whatever the figure's size; it stays as a fill. Only on light
//!   paper: logos are drawn in white and cream, but a region the art
//!   encloses in exactly a dark or colored paper's color is the paper
//!   showing through a cut-out, so there every enclosed region is a counter,
//!   and a speck or sliver of the paper's color (a JPEG's blend along a
//!   seam between two colors) takes the art around it.
//!
//! What stays of the paper's color (bands and figures) takes the color of
//! its own core when that stands off the paper's as the border measured it
//! (`kept_shapes_fill`): a JPEG may show the paper only where a plate's
//! chroma tints it.
//!
//! A counter opens the art around it, so the regions it borders are
//! measured again (a few rounds deep). Art framed edge to edge (a frame
//! drawn at the image's edge) shows no paper on the border; its paper is
//! found inside the frame (`border::framed_paper`), and its regions are all
//! enclosed.
//!
//! The counter/figure rule is a trade-off, measured by `npm run bench` on
//! the dev corpus's JPEGs, whose PNG alpha says which white regions are
//! holes (figures in the README). It errs on badges with knocked-out shapes
//! (a white K in a black square whose K is transparent in the source), which
//! it keeps as white: on any backdrop those read as the same logo, while the
//! opposite error (a letter's counter filled white) shows as a white blot.

use crate::canvas::Canvas;
use crate::color::{delta_e, is_paper_like, luma_step, snapped_to_pure, to_lab, Rgb};
use crate::grid::{canton_or_band_box, distance_to, flood, neighbours4, reached_from_edge};
use crate::labels::{LabelMap, TRANSPARENT};
use crate::noise::MAX_SPECK_SHARE;
use crate::palette::{weighted_median, Tolerances};

/// Distances are capped here (no image is this large).
const FAR: u16 = u16::MAX;
/// A region of the paper's color whose outline lies this much on one color
/// of art lies within that art (`lies_within_other_art`). Noise flipping a
/// light plate's pixels at its seam with other art leaves specks that touch
/// both.
const WITHIN_ART_RIM_SHARE: f64 = 0.75;
/// Rounds of re-measuring plates after counters open them: the nesting of
/// counters inside counters a logo has (a frame's inside, an "o" in it).
const MAX_COUNTER_ROUNDS: usize = 4;
/// A border region whose filled area covers this share of its bounding box
/// is a rectangle.
const BAND_FILL: f64 = 0.95;
/// ... and when that art is at least this share of the image's long side
/// thick: a plate, not the stroke of a heavy letter around a small counter.
const MIN_PLATE_SHARE: f64 = 0.03;
/// Art this thick around a region (a share of the long side) is a plate
/// whatever the region's size: a large white figure in an app icon.
const SOLID_PLATE_SHARE: f64 = 0.15;
/// An enclosed region of the paper color whose outline lies this much on
/// colors within the paper's noise reach is a hole (see `remove_paper`).
const NEAR_PAPER_RIM_SHARE: f64 = 0.9;
/// An enclosed sliver of the paper color (a line at most 4 px wide) lies no
/// more than this many pixels from other colors: beside a light plate, it
/// is JPEG noise whatever its length (the overshoot rung along a saturated
/// shape on a #f4f2ed plate at 128 px).
const SLIVER_HALF_WIDTH: u16 = 2;
/// A band holds at most this many shapes of art (a flag's emblem).
const MAX_BAND_EMBLEMS: usize = 1;
/// An enclosed region is a figure when the art around it is this many times
/// thicker than the region's own half-width.
const FIGURE_THICKNESS_RATIO: f64 = 1.5;
/// A region whose area is at most this many times its squared half-width is
/// compact (a disc is 6.3, a square 4, a letter's strokes several times
/// more) ...
const MAX_COMPACT_AREA: f64 = 20.0;
/// ... and is a figure only in a plate this many times its half-width.
const COMPACT_FIGURE_THICKNESS_RATIO: f64 = 4.0;

/// What `remove_paper` did, for the engine's warning.
#[derive(Debug, Default, PartialEq)]
pub struct Removal {
    /// Pixels of paper made transparent around the art.
    pub paper_pixels: usize,
    /// Enclosed regions made transparent (counters).
    pub holes: usize,
    /// Enclosed regions kept as fills (figures).
    pub figures: usize,
    /// Border regions kept as fills (bands of a full-bleed design).
    pub bands: usize,
}

/// The warning that says, in words a person understands, what the background
/// removal did; `kept` is how many shapes of the paper's color the SVG keeps.
pub fn describe_removal(removal: &Removal, kept: usize, paper: &str) -> String {
    let plural = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    if removal.paper_pixels == 0 && removal.holes == 0 {
        let kept = match removal.bands {
            0 => format!("its {paper} shapes are part of it"),
            n => format!("{} edge to edge", plural(n, &format!("{paper} band runs"), &format!("{paper} bands run"))),
        };
        return format!("No background removed: the art fills the frame ({kept}), so every color is kept");
    }
    let counters = plural(removal.holes, "counter", "counters");
    let mut text = if removal.paper_pixels == 0 {
        format!("Removed {counters} of {paper} inside the art, which fills the frame")
    } else if removal.holes > 0 {
        format!("Removed background {paper} (the paper around the art) and {counters} inside it")
    } else {
        format!("Removed background {paper} (the paper around the art)")
    };
    if kept > 0 {
        text += &format!("; kept {} of that color as part of the art", plural(kept, "shape", "shapes"));
    }
    text
}

/// One 4-connected region of the paper label.
struct Region {
    pixels: Vec<usize>,
    touches_border: bool,
    /// Inclusive bounding box: x0, y0, x1, y1.
    bounds: (usize, usize, usize, usize),
}

fn regions_of(map: &LabelMap, label: u8) -> (Vec<Region>, Vec<u32>) {
    const NONE: u32 = u32::MAX;
    let mut region_of = vec![NONE; map.width * map.height];
    let mut regions = Vec::new();
    for start in 0..map.width * map.height {
        if map.labels[start] != label || region_of[start] != NONE {
            continue;
        }
        let id = regions.len() as u32;
        regions.push(region_from(map, start, |i| {
            let unclaimed = region_of[i] == NONE;
            if unclaimed {
                region_of[i] = id;
            }
            unclaimed
        }));
    }
    (regions, region_of)
}

/// The connected region (4-neighbours) of `start`'s label: the pixels that
/// `claim` takes (it says whether a pixel was still unclaimed, and claims
/// it), starting with `start`.
fn region_from(map: &LabelMap, start: usize, mut claim: impl FnMut(usize) -> bool) -> Region {
    let (w, h, label) = (map.width, map.height, map.labels[start]);
    let mut region = Region { pixels: Vec::new(), touches_border: false, bounds: (w, h, 0, 0) };
    claim(start);
    let mut stack = vec![start];
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        region.pixels.push(i);
        region.touches_border |= x == 0 || y == 0 || x == w - 1 || y == h - 1;
        let b = &mut region.bounds;
        *b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
        for j in neighbours4(i, w, h) {
            if map.labels[j] == label && claim(j) {
                stack.push(j);
            }
        }
    }
    region
}

/// A border region that, with what it encloses, is a rectangle smaller than
/// the frame, lies in a corner or runs edge to edge, and holds at most a
/// flag's emblem: a stripe or field of a full-bleed design. A sliver of
/// paper resting on one side (between a disc and the frame it touches) is
/// paper.
fn is_band(region: &Region, id: u32, region_of: &[u32], width: usize, height: usize) -> bool {
    if !canton_or_band_box(region.bounds, width, height) {
        return false;
    }
    let (x0, y0, x1, y1) = region.bounds;
    let size = (x1 - x0 + 1, y1 - y0 + 1);
    let (bw, bh) = size;
    let inside = |bx: usize, by: usize| region_of[(y0 + by) * width + x0 + bx] == id;
    // Everything of the box that its edge does not reach is the filled region.
    let (mut reached, outer) = reached_from_edge(size, inside);
    let filled = bw * bh - outer;
    if (filled as f64) < BAND_FILL * (bw * bh) as f64 {
        return false;
    }
    // What the band encloses: a flag's emblem is one shape; several (a row
    // of letters between two bars) make it a field of paper, not a band.
    let mut enclosed_shapes = 0;
    let mut stack = Vec::new();
    for cell in 0..bw * bh {
        if reached[cell] || inside(cell % bw, cell / bw) {
            continue;
        }
        enclosed_shapes += 1;
        if enclosed_shapes > MAX_BAND_EMBLEMS {
            return false;
        }
        reached[cell] = true;
        stack.push((cell % bw, cell / bw));
        flood(&mut reached, &mut stack, size, inside);
    }
    true
}

/// A color within the paper's noise reach that meets the paper with more
/// than this share of its pixels is thinner, on average, than a JPEG's 8 px
/// block, across which compression moves the paper's color beside art: the
/// rings, slivers and blotches that ringing leaves around art on a dark or
/// colored paper, however far they reach. A shape of that color with a
/// body, a plate under the art, meets the paper only along its rim. Over
/// the dev-papers corpus the colors left after the scattered fold
/// (`LabelMap::fold_if_scattered`) part into two groups: the noise meets
/// the paper with 14% to 25% of its pixels (most of them within 8 px of it)
/// and the plates with 1% to 8% (an 8 px ring meets it with 1/8).
const PAPER_NOISE_SHARE: f64 = 1.0 / 8.0;

/// Ringing lies within a JPEG block of the edge that rings ...
const RING_REACH: u16 = 8;
/// ... with at least this share of its pixels. Over the corpora and the
/// held-out sets (3,540 traces), each color folded further off the paper
/// than its grain had 0.67 or more of its pixels there; a wordmark 5 dE
/// off its paper, standing apart from the rest of the logo, 0.04 to 0.23.
const RING_SHARE: f64 = 0.5;

/// A graded paper (a page lit from one side, a screenshot's backdrop fading
/// from #1b1f2a to #222838) drifts out of the paper's color, and the palette
/// splits its far shades into bands of their own. Where one band takes over
/// from the next, the pixels barely change: across a line there, the means
/// of `SOFT_REACH` pixels on either side differ by a fraction of a level
/// (a page fading 15 dE across the image changes by a tenth of a level a
/// pixel), where art meets the paper with a step of its whole contrast.
const SOFT_REACH: isize = 6;
/// On the frame, where a piece first meets the paper, one such line may
/// step this many levels (one line carries a JPEG's noise): pieces that meet
/// the paper on the frame with a larger step are art reaching the frame,
/// and are not measured further.
const SOFT_STEP: f64 = 6.0;
/// Along a piece's whole border with the paper, its lines step by at most
/// this many levels on average, in every channel: over many lines a JPEG's
/// noise averages out, and a page graded by 15 to 30 levels across the
/// image steps by 0.4 to 1.6 over a line; the faintest art that stands off
/// a page steps further (a round flag's white band on a pinkish white page,
/// 4.5 levels of red; a white field on white paper, blown up, 7).
const MEAN_STEP: f64 = 2.0;
/// ... over at least this many lines.
const MIN_CROSSINGS: usize = 16;
/// Lines are read this many pixels clear of other colors: a JPEG bleeds a
/// color's chroma over its 16-pixel blocks, 8 either side of an edge.
const ART_CLEARANCE: u16 = 8;

/// Fold into the paper the pieces of other colors that reach the frame and
/// meet the paper without an edge (`SOFT_REACH`, `MEAN_STEP`): the far
/// shades of a graded paper. Art meets the paper along an edge, and a glow
/// that fades into it surrounds its art, clear of the frame. Each band
/// folded brings the next beside the paper, so the bands fold from the
/// border color outwards.
pub fn absorb_paper_grade(map: &mut LabelMap, paper: u8, canvas: &Canvas) {
    let (w, h) = (map.width, map.height);
    if w < 2 || h < 2 {
        return;
    }
    let frame = frame_cycle(w, h);
    loop {
        // Only a piece that meets the paper softly on the frame itself is
        // measured along its whole border: art reaching the frame meets the
        // paper there with its edge, and costs no flood.
        let meetings = soft_frame_meetings(map, &frame, paper, canvas);
        if meetings.is_empty() {
            return;
        }
        // The paper that reaches the frame: specks of its color inside art
        // (noise on a field near the paper's color) meet that art without
        // an edge too, and do not count.
        let (open_paper, _) = reached_from_edge((w, h), |x, y| map.labels[y * w + x] != paper);
        let mut seen = vec![false; w * h];
        let mut folded_any = false;
        for start in meetings {
            if seen[start] || map.labels[start] == paper {
                continue;
            }
            let piece = region_from(map, start, |i| !std::mem::replace(&mut seen[i], true));
            if meets_softly(map, &piece, paper, &open_paper, canvas) {
                piece.pixels.iter().for_each(|&i| map.labels[i] = paper);
                folded_any = true;
            }
        }
        if !folded_any {
            return;
        }
    }
}

/// The frame's pixels in order around it, clockwise from the top-left
/// corner (at least 2 x 2).
fn frame_cycle(w: usize, h: usize) -> Vec<usize> {
    let top = 0..w;
    let right = (1..h).map(|y| y * w + w - 1);
    let bottom = (0..w - 1).rev().map(|x| (h - 1) * w + x);
    let left = (1..h - 1).rev().map(|y| y * w);
    top.chain(right).chain(bottom).chain(left).collect()
}

/// The frame pixels where another color takes over from the paper along
/// the frame with a step of at most `SOFT_STEP` (the means of the
/// `SOFT_REACH` pixels past the meeting on each side).
fn soft_frame_meetings(map: &LabelMap, frame: &[usize], paper: u8, canvas: &Canvas) -> Vec<usize> {
    let n = frame.len();
    let at = |k: isize| frame[k.rem_euclid(n as isize) as usize];
    let mut meetings = Vec::new();
    for k in 0..n as isize {
        for dir in [1, -1] {
            let (p, q) = (at(k), at(k + dir));
            let label = map.labels[q];
            if map.labels[p] != paper || label == paper || label == TRANSPARENT {
                continue;
            }
            // Either color may show past the two that meet (a band thinner
            // than the line has paper beyond it); no other color may.
            let side = |from: isize, step: isize| (1..=SOFT_REACH).map(move |j| Some(at(from + step * j)));
            let ours = |i: usize| [paper, label].contains(&map.labels[i]);
            let Some(step) = line_step(canvas, side(k + dir, dir), side(k, -dir), ours) else {
                continue;
            };
            if step.iter().all(|s| s.abs() <= SOFT_STEP) {
                meetings.push(q);
            }
        }
    }
    meetings
}

/// Whether `piece` meets the paper that reaches the frame (`open_paper`,
/// of label `paper`) without an edge: over its lines into it (at least
/// `MIN_CROSSINGS`, each `ART_CLEARANCE` clear of other colors), the mean
/// step is within `MEAN_STEP` in every channel. A line runs `SOFT_REACH`
/// pixels into each side past the two that meet, whose colors, noise
/// included, chose where the border runs; past them either color may show.
fn meets_softly(map: &LabelMap, piece: &Region, paper: u8, open_paper: &[bool], canvas: &Canvas) -> bool {
    let (w, h) = (map.width as isize, map.height as isize);
    let label = map.labels[piece.pixels[0]];
    let cell = |x: isize, y: isize| (x >= 0 && y >= 0 && x < w && y < h).then(|| (y * w + x) as usize);
    let ours = |i: usize| [label, paper].contains(&map.labels[i]);
    // Distances to other colors around the piece only: a speck of noise at
    // the frame costs its own box.
    let mw = map.width;
    let margin = usize::from(ART_CLEARANCE);
    let (x0, y0, x1, y1) = piece.bounds;
    let (x0, y0) = (x0.saturating_sub(margin), y0.saturating_sub(margin));
    let (bw, bh) = ((x1 + margin).min(mw - 1) - x0 + 1, (y1 + margin).min(map.height - 1) - y0 + 1);
    let to_art = distance_to(bw, bh, |b| !ours((y0 + b / bw) * mw + x0 + b % bw), ART_CLEARANCE);
    let clear = |i: usize| to_art[(i / mw - y0) * bw + i % mw - x0] >= ART_CLEARANCE;
    let (mut crossings, mut steps) = (0usize, [0f64; 3]);
    for &i in piece.pixels.iter().filter(|&&i| clear(i)) {
        let (x, y) = ((i as isize) % w, (i as isize) / w);
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            if cell(x + dx, y + dy).is_none_or(|j| !open_paper[j]) {
                continue;
            }
            // The piece's side back from `i`, the paper's past its neighbour.
            let along = |from: isize, sign: isize| {
                (0..SOFT_REACH).map(move |k| cell(x + sign * (from + k) * dx, y + sign * (from + k) * dy))
            };
            let Some(step) = line_step(canvas, along(1, -1), along(2, 1), ours) else {
                continue;
            };
            crossings += 1;
            (0..3).for_each(|c| steps[c] += step[c]);
        }
    }
    crossings >= MIN_CROSSINGS && steps.iter().all(|s| (s / crossings as f64).abs() <= MEAN_STEP)
}

/// The step across a line, per channel: the mean color of its `near`
/// pixels less that of its `far` ones (`SOFT_REACH` each), or none when one
/// is off the image or of a color `ours` does not allow.
fn line_step(
    canvas: &Canvas,
    near: impl Iterator<Item = Option<usize>>,
    far: impl Iterator<Item = Option<usize>>,
    ours: impl Fn(usize) -> bool,
) -> Option<[f64; 3]> {
    let (near, far) = (color_sum(canvas, near, &ours)?, color_sum(canvas, far, &ours)?);
    Some(std::array::from_fn(|c| (near[c] - far[c]) / SOFT_REACH as f64))
}

/// The sum of the `pixels`' colors, none when one is off the image or of a
/// color `ours` does not allow.
fn color_sum(
    canvas: &Canvas,
    pixels: impl Iterator<Item = Option<usize>>,
    ours: &impl Fn(usize) -> bool,
) -> Option<[f64; 3]> {
    let mut sum = [0f64; 3];
    for pixel in pixels {
        let pixel = pixel.filter(|&p| ours(p))?;
        (0..3).for_each(|c| sum[c] += f64::from(canvas.rgb[pixel][c]));
    }
    Some(sum)
}

/// Fold into the paper the colors within the source's paper noise reach
/// (`Tolerances::paper_noise_de` and `paper_noise_luma`) that are no
/// shapes of their own (`PAPER_NOISE_SHARE`): the chroma noise of a
/// re-compressed JPEG's paper (#f8fffb and #fff8ff around #fffcff) that
/// would otherwise trace as white blotches, and the rings that ringing
/// leaves around art on any paper. A light plate (#f4f2ed on #ffffff) is
/// as close in color but meets the paper only along its rim. A color beyond
/// the paper's own grain in both color and lightness
/// (`Tolerances::paper_grain`) is ringing only where it hugs other art
/// (`RING_SHARE`); else it is art drawn near the paper's color (a wordmark
/// 5 dE off its purple page), however thin.
pub fn absorb_paper_noise(map: &mut LabelMap, paper: u8, tol: Tolerances) {
    let paper_rgb = map.palette[paper as usize];
    let paper_lab = to_lab(paper_rgb);
    let mut candidates: Vec<(f32, f32, u8)> = (0..map.palette.len() as u8)
        .filter(|&l| l != paper)
        .map(|l| {
            let rgb = map.palette[l as usize];
            (delta_e(&to_lab(rgb), &paper_lab), luma_step(rgb, paper_rgb), l)
        })
        .filter(|&(d, luma, _)| d < tol.paper_noise_de && luma < tol.paper_noise_luma)
        .collect();
    // Nearest first: once a twin of the paper is folded, what lay beside it
    // lies beside the paper.
    candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
    let grain = tol.paper_grain;
    for (distance, luma, label) in candidates {
        if distance <= grain.de || luma <= grain.luma || hugs_other_art(map, label, paper) {
            map.fold_if_touching(label, paper, PAPER_NOISE_SHARE);
        }
    }
}

/// Whether at least `RING_SHARE` of `label`'s pixels lie within
/// `RING_REACH` of a color other than it and the paper.
fn hugs_other_art(map: &LabelMap, label: u8, paper: u8) -> bool {
    let labels = &map.labels;
    let near_art = distance_to(map.width, map.height, |i| labels[i] != label && labels[i] != paper, RING_REACH + 1);
    let (pixels, near) = labels
        .iter()
        .zip(&near_art)
        .filter(|&(&l, _)| l == label)
        .fold((0usize, 0usize), |(all, near), (_, &d)| (all + 1, near + usize::from(d <= RING_REACH)));
    near as f64 >= RING_SHARE * pixels as f64
}

/// Make the paper around the art transparent, with the counters it shows
/// through; keep bands and figures of the paper color (see the module notes).
/// `tol.paper_flip_de` is how close a color is to the paper for noise to flip
/// pixels between them.
pub fn remove_paper(map: &mut LabelMap, paper: u8, tol: Tolerances) -> Removal {
    let noise_de = tol.paper_flip_de;
    let (w, h) = (map.width, map.height);
    let (regions, region_of) = regions_of(map, paper);
    let mut removal = Removal::default();
    let mut outside = vec![false; w * h];
    for (id, region) in regions.iter().enumerate().filter(|(_, r)| r.touches_border) {
        if is_band(region, id as u32, &region_of, w, h) {
            removal.bands += 1;
        } else {
            region.pixels.iter().for_each(|&i| outside[i] = true);
            removal.paper_pixels += region.pixels.len();
        }
    }
    if removal.paper_pixels == 0 && removal.bands > 0 {
        // Full-bleed art: nothing around it is paper, and what of its color
        // it encloses is part of the design.
        return removal;
    }
    // Art framed edge to edge has nothing outside it but the frame, so only
    // the art that encloses a region, not the islands inside it, measures
    // the plate around it.
    let framed = removal.paper_pixels == 0;
    let depth = distance_to(w, h, |i| map.labels[i] != paper, FAR);
    let paper_lab = to_lab(map.palette[paper as usize]);
    // A figure of the paper's color is a design's own only on light paper:
    // logos are drawn in white and cream, while a region the art encloses in
    // exactly a dark or colored paper's color is that paper showing through.
    let figures_possible = is_paper_like(&paper_lab);
    let to_paper: Vec<f32> = map.palette.iter().map(|&c| delta_e(&to_lab(c), &paper_lab)).collect();
    let speck_pixels = ((w * h) as f64 * MAX_SPECK_SHARE) as usize;
    let mut relabel: Vec<(usize, u8)> = Vec::new();
    // Enclosed regions still to decide: index, half-width, the rim that measures their plate.
    let mut pending: Vec<(usize, u16, Vec<usize>)> = Vec::new();
    for (id, region) in regions.iter().enumerate().filter(|(_, r)| !r.touches_border) {
        let around = surroundings(map, &region.pixels, paper);
        let half_width = region.pixels.iter().map(|&i| depth[i]).max().unwrap_or(1);
        // JPEG noise on a light plate: pixels that flipped to the paper, in
        // specks or in the slivers that ringing lightens along the edge of
        // a saturated shape on the plate. A bun's white highlight, amid its
        // #fbf0df body (10 dE off the paper), stays.
        let noise_sized = region.pixels.len() <= speck_pixels || half_width <= SLIVER_HALF_WIDTH;
        let rim_counts = label_counts(map, &around);
        // On a dark or colored paper, a speck or sliver of its color inside
        // any art is noise (a JPEG's blend along a seam between two colors
        // lands on it): it takes the art around it, not a hole's place.
        let plate_like = |l: usize| !figures_possible || to_paper[l] < noise_de;
        let beside = most_common_beside(&rim_counts, to_paper.len(), plate_like);
        // Larger than a speck and lying within other art, touching a light
        // plate only at its edge, it is no pixel the plate's noise flipped
        // (a highlight in a bun's black eye): the figure test decides it.
        let in_art =
            || region.pixels.len() > speck_pixels && lies_within_other_art(&rim_counts, to_paper.len(), plate_like);
        if let Some(plate) = beside.filter(|_| noise_sized && !in_art()) {
            relabel.extend(region.pixels.iter().map(|&i| (i, plate)));
            continue;
        }
        // Enclosed by art within the paper's noise reach (a light outline):
        // white on near-white is no design's figure, so it is a hole the
        // paper shows through (Picasa's centre inside its #e9eaeb outline).
        // On a dark or colored paper no enclosed region is a figure.
        let near_paper =
            || (0..to_paper.len()).filter(|&l| to_paper[l] < tol.paper_noise_de).map(|l| rim_counts[l]).sum::<usize>();
        if !figures_possible || near_paper() as f64 >= NEAR_PAPER_RIM_SHARE * around.len() as f64 {
            removal.holes += 1;
            region.pixels.iter().for_each(|&i| outside[i] = true);
            continue;
        }
        let rim = if framed { outer_rim(&around, region, id as u32, &region_of, w) } else { around };
        pending.push((id, half_width, rim));
    }
    // A counter with strokes of art around it (a lane, a frame's inside)
    // opens that art, so the regions whose plate it thins are measured again:
    // the counter of an "o" inside a frame's. A compact counter opens
    // nothing: a round flag's crescent taken for a bowl would otherwise thin
    // the plate around its stars until they went too.
    let mut opened = outside.clone();
    for _ in 0..MAX_COUNTER_ROUNDS {
        if pending.is_empty() {
            break;
        }
        let to_outside = distance_to_outside(&opened, w, h);
        let before = pending.len();
        pending.retain(|(id, half_width, rim)| {
            let region = &regions[*id];
            if is_figure(region.pixels.len(), *half_width, rim, &to_outside, w.max(h)) {
                return true;
            }
            removal.holes += 1;
            let opens = !is_compact(region.pixels.len(), *half_width);
            for &i in &region.pixels {
                outside[i] = true;
                opened[i] |= opens;
            }
            false
        });
        if pending.len() == before {
            break;
        }
    }
    removal.figures = pending.len();
    for (i, out) in outside.iter().enumerate() {
        if *out {
            map.labels[i] = TRANSPARENT;
        }
    }
    for (i, label) in relabel {
        map.labels[i] = label;
    }
    removal
}

/// A kept shape's pixels this far inside its outline (chessboard distance)
/// hold its own color: a JPEG's 4:2:0 chroma spreads two or three pixels
/// across an edge (`chroma`).
const CORE_DEPTH: u16 = 3;
/// With fewer core pixels than this, a few ringing pixels sway their median.
const MIN_CORE_PIXELS: usize = 64;

/// The fill of the shapes of the paper's color that `remove_paper` kept
/// (`label`: figures and bands), measured on their own core, when it lies
/// `paper_de` or more from the paper's color as the border measured it: a
/// color of its own that the paper's label took in. At 128 px, the paper
/// shows only in the corner pockets of an app icon, where the JPEG tints it
/// with the plate's chroma (#f2fffe beside teal), while the white disc in
/// the plate is #ffffff at its core. Nearer, the paper's own measure
/// stands: a coin's thin white figures have almost no core, and what they
/// have is tinted.
pub fn kept_shapes_fill(map: &LabelMap, label: u8, canvas: &Canvas, tol: Tolerances) -> Option<Rgb> {
    let depth = distance_to(map.width, map.height, |i| map.labels[i] != label, CORE_DEPTH);
    let core: Vec<(Rgb, usize)> =
        (0..depth.len()).filter(|&i| depth[i] >= CORE_DEPTH).map(|i| (canvas.rgb[i], 1)).collect();
    if core.len() < MIN_CORE_PIXELS {
        return None;
    }
    let own = weighted_median(&core);
    let own = if tol.lossy { snapped_to_pure(own) } else { own };
    let measured = map.palette[usize::from(label)];
    (delta_e(&to_lab(own), &to_lab(measured)) >= tol.paper_de).then_some(own)
}

/// How many shapes of `label` (4-connected regions, the paper's kept figures
/// and bands after `remove_paper`) cover at least `min_area` pixels: those
/// the tracer's speckle filter keeps, and the warning may name.
pub fn shapes_at_least(map: &LabelMap, label: u8, min_area: f64) -> usize {
    regions_of(map, label).0.iter().filter(|region| region.pixels.len() as f64 >= min_area).count()
}

/// Each pixel's distance to the nearest `outside` pixel or beyond the frame
/// (a letter cut by the frame edge is still a stroke there).
fn distance_to_outside(outside: &[bool], w: usize, h: usize) -> Vec<u16> {
    let mut to_outside = distance_to(w, h, |i| outside[i], FAR);
    for (y, row) in to_outside.chunks_exact_mut(w).enumerate() {
        for (x, d) in row.iter_mut().enumerate() {
            let to_frame = (x + 1).min(y + 1).min(w - x).min(h - y);
            *d = (*d).min(to_frame.min(usize::from(FAR)) as u16);
        }
    }
    to_outside
}

/// Whether an enclosed region of `area` pixels and `half_width` is a figure
/// on the plate its `rim` pixels measure (see the module notes).
fn is_figure(area: usize, half_width: u16, rim: &[usize], to_outside: &[u16], long_side: usize) -> bool {
    let mut thickness: Vec<u16> = rim.iter().map(|&j| to_outside[j]).collect();
    thickness.sort_unstable();
    let plate = f64::from(thickness.get(thickness.len() / 2).copied().unwrap_or(0));
    // A compact region (a bowl, a triangle) needs a much thicker plate than
    // one with strokes: a heavy letter's counter is that compact too.
    let ratio = if is_compact(area, half_width) { COMPACT_FIGURE_THICKNESS_RATIO } else { FIGURE_THICKNESS_RATIO };
    let (half_width, long_side) = (f64::from(half_width), long_side as f64);
    let thick_for_it = plate > ratio * half_width && plate >= MIN_PLATE_SHARE * long_side;
    thick_for_it || plate >= SOLID_PLATE_SHARE * long_side
}

/// Whether a region of `area` pixels and `half_width` is compact: a bowl or
/// a triangle rather than strokes (see `MAX_COMPACT_AREA`).
fn is_compact(area: usize, half_width: u16) -> bool {
    area as f64 <= MAX_COMPACT_AREA * f64::from(half_width).powi(2)
}

/// How many of the `around` pixels (a region's outline) carry each label.
fn label_counts(map: &LabelMap, around: &[usize]) -> [usize; 256] {
    let mut counts = [0usize; 256];
    around.iter().for_each(|&j| counts[map.labels[j] as usize] += 1);
    counts
}

/// The most common of the first `labels` labels (the palette's) on a
/// region's outline, given its `rim_counts`, among those `accept` takes: the
/// light plate a speck of the paper's color lies on (its color within the
/// paper's noise reach), or on a dark or colored paper any art around it.
fn most_common_beside(rim_counts: &[usize; 256], labels: usize, accept: impl Fn(usize) -> bool) -> Option<u8> {
    (0..labels).filter(|&l| rim_counts[l] > 0 && accept(l)).max_by_key(|&l| rim_counts[l]).map(|l| l as u8)
}

/// Whether one of the first `labels` labels that `accept` does not take
/// holds `WITHIN_ART_RIM_SHARE` of a region's outline: the region lies
/// within that art.
fn lies_within_other_art(rim_counts: &[usize; 256], labels: usize, accept: impl Fn(usize) -> bool) -> bool {
    let rim: usize = rim_counts[..labels].iter().sum();
    (0..labels).any(|l| !accept(l) && rim_counts[l] > 0 && rim_counts[l] as f64 >= WITHIN_ART_RIM_SHARE * rim as f64)
}

/// The pixels of other labels 4-adjacent to `pixels` (with repeats: a pixel
/// beside two of them counts twice).
fn surroundings(map: &LabelMap, pixels: &[usize], label: u8) -> Vec<usize> {
    let (w, h) = (map.width, map.height);
    let mut around = Vec::new();
    for &i in pixels {
        around.extend(neighbours4(i, w, h).filter(|&j| map.labels[j] != label));
    }
    around
}

/// Of `around` (the pixels bordering an enclosed region), those on its outer
/// edge: the art that encloses it, not the islands of art inside it.
fn outer_rim(around: &[usize], region: &Region, id: u32, region_of: &[u32], width: usize) -> Vec<usize> {
    // The region is enclosed, so its box grown by one cell lies in the image
    // and the box's edge is outside the region.
    let (x0, y0) = (region.bounds.0 - 1, region.bounds.1 - 1);
    let size = (region.bounds.2 + 2 - x0, region.bounds.3 + 2 - y0);
    let (reached, _) = reached_from_edge(size, |bx, by| region_of[(y0 + by) * width + x0 + bx] == id);
    around.iter().copied().filter(|&j| reached[(j / width - y0) * size.0 + j % width - x0]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::border::Spread;
    use crate::color::Rgb;

    /// '.' is paper (label 0), digits are art colors 1..9.
    fn map(rows: &[&str]) -> LabelMap {
        LabelMap::from_rows(rows, 0, vec![[255, 255, 255], [200, 0, 0]])
    }

    /// A `w` x `h` canvas of `color(x, y)` and a label map of `label(x, y)`.
    fn painted(
        w: usize,
        h: usize,
        color: impl Fn(usize, usize) -> Rgb,
        label: impl Fn(usize, usize) -> u8,
        palette: Vec<Rgb>,
    ) -> (Canvas, LabelMap) {
        let rgb = (0..w * h).map(|i| color(i % w, i / w)).collect();
        let canvas = Canvas::opaque(w, h, rgb);
        let labels = (0..w * h).map(|i| label(i % w, i / w)).collect();
        (canvas, LabelMap { width: w, height: h, labels, palette })
    }

    #[test]
    fn a_graded_pages_far_shade_is_paper_and_a_plate_meeting_the_frame_with_an_edge_is_not() {
        // A page fading from 250 to 226 down 200 px, split by the palette at
        // its middle row, with a dark mark on its light half.
        let (w, h) = (60, 200);
        let mark = |x: usize, y: usize| (20..40).contains(&x) && (20..50).contains(&y);
        let shade = |y: usize| (250 - 24 * y / (h - 1)) as u8;
        let (canvas, mut map) = painted(
            w,
            h,
            |x, y| if mark(x, y) { [30, 30, 30] } else { [shade(y); 3] },
            |x, y| if mark(x, y) { 2 } else { u8::from(y >= h / 2) },
            vec![[246; 3], [230; 3], [30; 3]],
        );
        absorb_paper_grade(&mut map, 0, &canvas);
        assert!(!map.labels.contains(&1), "the far shade is the paper's");
        assert_eq!(map.labels.iter().filter(|&&l| l == 2).count(), 20 * 30, "the mark stays");

        // A flat page with a pale plate 40 levels off it reaching the bottom edge.
        let plate = |x: usize, y: usize| (15..45).contains(&x) && y >= 150;
        let (canvas, mut map) = painted(
            w,
            h,
            |x, y| if plate(x, y) { [215; 3] } else { [255; 3] },
            |x, y| u8::from(plate(x, y)),
            vec![[255; 3], [215; 3]],
        );
        absorb_paper_grade(&mut map, 0, &canvas);
        assert_eq!(map.labels.iter().filter(|&&l| l == 1).count(), 30 * 50, "the plate stays");
    }

    #[test]
    fn paper_noise_keeps_the_papers_lightness_and_a_light_band_of_art_does_not() {
        // A light color scattered through the paper (every other pixel of a
        // band beside red art), as a 128 px JPEG decodes both its paper's
        // noise and a flag's thin #eeeeee band.
        let rows = ["........", ".2.2.2..", "2.2.2.2.", "11111111", "11111111"];
        let scattered = |tint: Rgb| {
            let mut m = LabelMap::from_rows(&rows, 0, vec![[255, 255, 255], [200, 0, 0], tint]);
            absorb_paper_noise(&mut m, 0, Tolerances::for_source(true));
            m.to_rows()[1..3].iter().any(|row| row.contains('2'))
        };
        assert!(!scattered([250, 246, 255]), "a tint 5 luma units off the paper is its noise");
        assert!(scattered([237, 243, 242]), "a tint 14 luma units off the paper is art");
    }

    /// A `side` square grid: red art ('1') over `art`, in a square of the
    /// paper's twin ('2') over `twin`, both ranges of rows and columns, on paper.
    fn art_in_twin(side: usize, twin: std::ops::Range<usize>, art: std::ops::Range<usize>) -> Vec<String> {
        let of = |x: usize, y: usize| match () {
            _ if art.contains(&x) && art.contains(&y) => '1',
            _ if twin.contains(&x) && twin.contains(&y) => '2',
            _ => '.',
        };
        (0..side).map(|y| (0..side).map(|x| of(x, y)).collect()).collect()
    }

    #[test]
    fn a_ring_of_the_papers_noise_around_art_folds_and_a_plate_of_its_color_stays() {
        // A dark green paper and a twin 5.7 dE off it, as ringing leaves
        // around a JPEG's art (a coin on #42690e).
        let palette = vec![[0x42, 0x69, 0x0e], [200, 0, 0], [0x47, 0x66, 0x18]];
        let absorbed = |rows: Vec<String>| {
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let mut m = LabelMap::from_rows(&rows, 0, palette.clone());
            absorb_paper_noise(&mut m, 0, Tolerances::for_source(true));
            m.areas()[2] == 0
        };
        // A ring 5 px wide meets the paper with 116 of its 500 pixels (23%).
        assert!(absorbed(art_in_twin(40, 5..35, 10..30)));
        // A plate 18 px wide around the art meets it with 220 of 2736 (8%).
        assert!(!absorbed(art_in_twin(60, 2..58, 20..40)));
    }

    #[test]
    fn a_thin_mark_near_the_papers_color_stays_unless_it_hugs_art_or_the_paper_is_that_grainy() {
        // A purple page and a wordmark stroke 5 dE off it (Qwen's #623ae8 on
        // #5d37da), 4 px wide: it meets the paper with half its pixels, as a
        // ring of noise would.
        let palette = vec![[0x5d, 0x37, 0xda], [200, 0, 0], [0x62, 0x3a, 0xe8]];
        let stroke_at = |left: usize| -> Vec<String> {
            let of = |x: usize, y: usize| match () {
                _ if (2..8).contains(&x) && (2..38).contains(&y) => '1',
                _ if (left..left + 4).contains(&x) && (5..35).contains(&y) => '2',
                _ => '.',
            };
            (0..40).map(|y| (0..40).map(|x| of(x, y)).collect()).collect()
        };
        let absorbed = |rows: Vec<String>, tol: Tolerances| {
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let mut m = LabelMap::from_rows(&rows, 0, palette.clone());
            absorb_paper_noise(&mut m, 0, tol);
            m.areas()[2] == 0
        };
        let clean = Tolerances::for_source(true);
        // 20 px from the red art, clear of any edge that rings: art.
        assert!(!absorbed(stroke_at(28), clean));
        // Beside the art, within a JPEG block of its edge: ringing.
        assert!(absorbed(stroke_at(10), clean));
        // On a paper whose own noise spreads 2 dE, 5 dE off is its grain.
        let grainy = clean.holding_paper(Spread { de: 2.0, luma: 0.5 });
        assert!(absorbed(stroke_at(28), grainy));
    }

    #[test]
    fn a_full_bleed_stripe_is_a_band_and_stays() {
        let mut m = map(&["11..22", "11..22", "11..22"]);
        let removal = remove_paper(&mut m, 0, Tolerances::for_source(true));
        assert_eq!(removal, Removal { bands: 1, ..Removal::default() });
        assert_eq!(m.to_rows(), vec!["110022", "110022", "110022"]);
    }

    #[test]
    fn a_sliver_of_paper_between_art_and_one_side_is_paper() {
        // A disc resting on the bottom edge pinches off a pixel of paper
        // there: a rectangle on one side is no stripe or canton.
        let mut m = map(&["........", "..1111..", ".111111.", "..1.11.."]);
        let removal = remove_paper(&mut m, 0, Tolerances::for_source(true));
        assert_eq!(removal.bands, 0);
        assert_eq!(m.to_rows(), vec!["        ", "  1111  ", " 111111 ", "  1 11  "]);
    }

    #[test]
    fn a_thin_ring_around_a_counter_loses_both_paper_and_counter() {
        let mut m = map(&[".......", ".11111.", ".1...1.", ".1...1.", ".1...1.", ".11111.", "......."]);
        let removal = remove_paper(&mut m, 0, Tolerances::for_source(true));
        assert_eq!((removal.holes, removal.figures), (1, 0));
        assert!(m.to_rows().iter().all(|row| !row.contains('0')));
    }

    #[test]
    fn kept_shapes_with_a_core_of_their_own_color_take_it_and_thin_ones_keep_the_papers() {
        // A teal plate (label 1) holding shapes kept in the paper's label 0,
        // whose color the border measured tinted (#f2fffe) in a JPEG; the
        // shapes' pixels are tinted one pixel deep along their edge.
        let tinted: Rgb = [0xf2, 0xff, 0xfe];
        let fill_of = |inside: &dyn Fn(i32, i32) -> bool, core: Rgb| {
            let kept = |x: u32, y: u32| inside(x as i32, y as i32);
            let edge = |x: u32, y: u32| {
                kept(x, y)
                    && [(-1, 0), (1, 0), (0, -1), (0, 1)].iter().any(|&(dx, dy)| !inside(x as i32 + dx, y as i32 + dy))
            };
            let image = image::RgbaImage::from_fn(40, 40, |x, y| match () {
                _ if edge(x, y) => image::Rgba([tinted[0], tinted[1], tinted[2], 255]),
                _ if kept(x, y) => image::Rgba([core[0], core[1], core[2], 255]),
                _ => image::Rgba([0x05, 0x97, 0x8a, 255]),
            });
            let canvas = Canvas::from_rgba(&image, false, true);
            let rows: Vec<String> =
                (0..40).map(|y| (0..40).map(|x| if kept(x, y) { '0' } else { '1' }).collect()).collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let m = LabelMap::from_rows(&rows, 0, vec![tinted, [0x05, 0x97, 0x8a]]);
            kept_shapes_fill(&m, 0, &canvas, Tolerances::for_source(true))
        };
        let disc = |x: i32, y: i32| (x - 20).pow(2) + (y - 20).pow(2) <= 144;
        assert_eq!(fill_of(&disc, [255, 255, 255]), Some([255, 255, 255]), "a white disc, measured at its core");
        assert_eq!(fill_of(&disc, [0xf3, 0xff, 0xfe]), None, "a core within the paper's reach keeps its measure");
        // A coin's thin figure: bars 4 px wide have no core 3 px deep.
        let bars = |x: i32, y: i32| (8..32).contains(&y) && [8, 18, 28].iter().any(|&at| (at..at + 4).contains(&x));
        assert_eq!(fill_of(&bars, [255, 255, 255]), None, "thin strokes keep the paper's color");
    }

    #[test]
    fn a_highlight_within_dark_art_stays_and_a_speck_at_a_seam_takes_the_plate() {
        // White paper, a light plate (1), a dark eye (2) whose highlight
        // (paper-colored, two pixels wide) touches the plate at its top, and
        // a one-pixel speck of the paper's color between plate and a dark dot.
        let inside = |x: usize, y: usize, xs: std::ops::Range<usize>, ys: std::ops::Range<usize>| {
            xs.contains(&x) && ys.contains(&y)
        };
        let cell = |x: usize, y: usize| {
            let paper = !inside(x, y, 2..28, 2..28) || inside(x, y, 15..17, 10..13) || (x, y) == (19, 22);
            let dark = inside(x, y, 10..18, 10..18) || inside(x, y, 20..24, 20..24);
            if paper {
                '.'
            } else if dark {
                '2'
            } else {
                '1'
            }
        };
        let rows: Vec<String> = (0..30).map(|y| (0..30).map(|x| cell(x, y)).collect()).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let mut m = LabelMap::from_rows(&rows, 0, vec![[255; 3], [244, 242, 237], [20, 20, 20]]);
        let removal = remove_paper(&mut m, 0, Tolerances::for_source(true));
        let after = m.to_rows();
        assert_eq!(&after[11][15..17], "00", "the highlight stays, the paper's color");
        assert_eq!(&after[22][19..20], "1", "the speck takes the plate");
        assert_eq!(removal.figures, 1);
    }

    #[test]
    fn a_small_figure_in_a_thick_plate_stays() {
        let mut rows = vec!["..............".to_string()];
        for y in 0..12 {
            let inner = if (5..7).contains(&y) { "11111..11111" } else { "111111111111" };
            rows.push(format!(".{inner}."));
        }
        rows.push("..............".to_string());
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let mut m = map(&rows);
        let removal = remove_paper(&mut m, 0, Tolerances::for_source(true));
        assert_eq!((removal.holes, removal.figures), (0, 1));
        assert_eq!(&m.to_rows()[6][6..8], "00");
    }
}
