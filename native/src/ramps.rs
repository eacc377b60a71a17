//! Gradients: a region whose color changes smoothly along a direction
//! (linear) or from a center (radial) is one shape painted with a ramp, not
//! a stack of flat bands.
//!
//! 1. The palette splits a ramp into bands. Two bands belong to one ramp
//!    when the image runs smoothly across the edge between them: a few
//!    pixels either side of the edge, the colors differ by a small part of
//!    the bands' difference (a ramp moves a little per pixel), while across
//!    a drawn edge they differ by all of it, however soft the edge.
//! 2. Each connected region of such bands is fitted in CIELAB (a large one
//!    on a regular lattice of its pixels, `FIT_SAMPLE`): a linear
//!    model and a radial one, whose rings are circles (one quadratic in x
//!    and y gives the center) or, where those hold the pixels clearly
//!    better, ellipses (a general quadratic gives the center and the axes).
//!    The linear direction is read two ways, and the better ramp wins:
//!    least squares of each channel on x and y, and the direction in which
//!    neighbouring pixels differ most, which holds where a ramp is padded
//!    by flat parts (least squares then leans towards the region's long
//!    side). A model is a ramp only when its stops run one way and change
//!    gradually. Along the better model's axis the region's mean colors give
//!    the stops, as few as hold the curve within a small error, in sRGB as
//!    SVG interpolates them. A region no ramp fits may be several facets
//!    whose ramps pass through the same colors (their labels join) and
//!    meet at drawn edges: it is fitted again part by part, its band pieces
//!    joined only by the smooth edges between them (`parts_of`), and where
//!    a band runs across such an edge, facet by facet, cut at the steps of
//!    the image itself (`cut`); a facet whose colors follow a curve, which
//!    no one ramp holds, half by half (`halves_of`).
//! 3. A ramp replaces the bands only where it clearly beats them on the
//!    measured error of the region's own pixels, or holds them as well to
//!    within an invisible difference while its pixels fill the colors
//!    between its ends (many bands of a ramp each hold their stripe closely,
//!    yet show as stripes); and it spans a visible change: flat art keeps
//!    flat fills.

use std::borrow::Cow;

use crate::budget::Budget;
use crate::canvas::Canvas;
use crate::color::{delta_e, delta_e_squared, to_lab, HashMap, Lab, LabMemo, Rgb};
use crate::error::EngineResult;
use crate::grid::Forest;
use crate::labels::{LabelMap, TRANSPARENT};

/// The smoothness test compares the change across a band edge between the
/// pixels this far either side (a lossless source) ...
const NEAR: usize = 2;
/// ... or this far on a lossy one, whose decoder spreads each color's
/// chroma over its 2x2 subsampling block and rings beside it: a drawn edge
/// between two facets of near lightness takes a pixel more per side to
/// complete its step (read 2 px out, JetBrains Space's three ramps in a
/// JPEG passed for one region, which no model fits; dev-gradients JPEGs
/// with a gradient 60% -> 66%, the flat corpora and held-out flat art
/// still none) ...
const LOSSY_NEAR: usize = 3;
/// ... with the change between the pixels this far.
const FAR: usize = 6;
/// Across a drawn edge, even a softened one, the near change is already
/// the whole step between the two colors, and the far one no more. Across a
/// ramp the near change is a small part of the bands' difference (wide
/// bands) ...
const SMOOTH_SHARE: f32 = 0.6;
/// ... or the far change goes on growing past it (narrow bands: 13 of 5
/// pixels' worth on a straight ramp; 1.4 to 1.6 times measured on 8-bit
/// ramps, whose bands' edges fall on the quantization steps).
const RAMP_GOES_ON: f32 = 1.3;
/// A sample beside a band edge counts when it lies on art within this many
/// times the two bands' difference of its side's band: its band or the
/// next few of a ramp, not a third color along an outline.
const LIKE_BANDS: f32 = 3.0;
/// Band edges shorter than this many pixels do not join a ramp.
const MIN_EDGE: usize = 6;
/// A ramp region covers at least this many pixels (a square of 16): on a
/// smaller shape a ramp shows no banding worth its markup, and the region
/// is more likely an edge's blend ...
const MIN_REGION: usize = 256;
/// ... and its ends lie at least this far apart (CIE76), with its colors
/// spread as a ramp that long spreads them (a quarter of it: a flat color
/// whose edges a JPEG rings is not a ramp): past a just-noticeable
/// difference (about 2.3), so the palette's bands of it show as stripes
/// (the part of Google One's blue ramp that shows spans 5). Every floor
/// from 6 down to 2 leaves the 1040 flat corpora traces and 430 held-out
/// ones without a gradient; the other tests keep flat art flat ...
const MIN_SPAN_DE: f32 = 3.0;
/// ... on a lossy source, further than the noise within one color (a
/// JPEG's flat color drifts by up to its 7 dE merge distance).
const MIN_LOSSY_SPAN_DE: f32 = 8.0;
/// The fit leaves out this many pixels along the region's outline, which
/// blend with what lies beside it (and a JPEG rings there).
const OUTLINE_DEPTH: u16 = 2;
/// A ramp must bring the region's mean error under this share of the
/// bands' own ...
const CLEAR_GAIN: f32 = 0.8;
/// ... or, where it replaces two bands or more, within this (CIE76) of
/// theirs: mean errors this close look the same (a just-noticeable
/// difference is about 2.3), and the ramp has no stripes and fewer fills.
/// Fine bands of a true ramp hold their pixels closely (0.61 to 2.32 over
/// the 45 dev-gradients regions this admits, their ramps 0.68 to 2.78) ...
const SAME_ERROR_DE: f32 = 1.0;
/// ... provided this share of its pixels take colors in the middle of its
/// span (`MIDDLE`): a linear ramp puts 60 to 70% of them there (sRGB steps
/// are uneven in CIELAB), two flat colors leave it empty but for the soft
/// edge between them (at most 6% over the two-tone JPEGs of dev-papers that
/// the same error admits, 25% on an icon blown up from a small copy). A ramp
/// padded by flat ends over most of its region stays bands unless it wins
/// clearly, unless its middle runs along its axis as a ramp's does
/// (`MIN_MIDDLE_RUN`).
const MIDDLE_SHARE: f32 = 0.3;
/// A ramp padded by flat ends (Sublime Text's fold, a stop at 30% and one at
/// 87%) has few pixels in its middle, but there they make a band, its
/// colors running from one end of the middle to the other steadily along
/// its axis, over this many pixels or more. A drawn edge makes its middle
/// change within the width of its blur: 1 px anti-aliased, 2 to 3 px
/// through a JPEG's chroma, about 2 sigma under a Gaussian blur, 5 px when
/// blown up four times from a small copy; its middle pixels are a line, not
/// a band, even where the edge runs oblique to the axis and the line's
/// colors drift along it (Packer's two blues in a JPEG). A flat facet of a
/// color between two others (Vitess's oranges) fills the middle without
/// running along the axis: its colors do not follow their position
/// (`MIN_MIDDLE_FOLLOWS`). At 6, 8 or 12 px the flat corpora and the
/// held-out flat sets (2,940 traces) show no gradient; from 10 px down
/// Cypress's ring, whose dark end runs through a band 9 to 10 px wide, is
/// one ramp and not a fan of stripes.
const MIN_MIDDLE_RUN: f64 = 8.0;
/// ... the share of the middle colors' variance their position along the
/// axis explains (R squared of the straight line through them).
const MIN_MIDDLE_FOLLOWS: f64 = 0.5;
/// The middle of a ramp's span: from this fraction of the way from its
/// first color to its last, to one minus it.
const MIDDLE: f32 = 0.15;
/// ... and under this (CIE76): a ramp that misses its pixels by more is
/// not what the region holds.
const MAX_RAMP_DE: f32 = 3.0;
/// Nor is one that misses more than this share of them by a visible
/// `PATCH_DE` or more: a patch painted in the wrong color shows, however
/// well the rest holds (the bands keep those pixels' colors). Of the 290
/// ramps dev-gradients took before this test, 289 miss at most 1.5% of
/// their pixels so; Firefox's JPEG flame missed 5.3%, an orange patch
/// painted red.
const MAX_PATCH_SHARE: f32 = 0.02;
const PATCH_DE: f32 = 10.0;
/// A richer model (a radial ramp over a linear one, elliptical rings over
/// circles) is chosen when its error is under this share of the simpler
/// one's.
const RICHER_MODEL_GAIN: f32 = 0.9;
/// A region that is one facet is a field (`Cut::Field`) when under this share
/// of the pixels read inside it lie on drawn edges: 0.5% to 3.6% on the
/// curved ramps of dev-gradients (Bing's bowl, Meta's loop), 19% to 88% on
/// a blown-up logo's blurred strokes, which joined a ramp group.
const FIELD_STEPS: f32 = 0.1;
/// A facet no ramp fits is halved (`halves_of`) at most this many times
/// over, into halves of at least `MIN_HALF` pixels.
const MAX_HALVINGS: usize = 2;
const MIN_HALF: usize = 4 * MIN_REGION;
/// Bins along the ramp's axis for its mean colors.
const BINS: usize = 48;
/// Stops are added while the curve of mean colors strays further than this
/// (CIE76) from the interpolated ramp ...
const STOP_DE: f32 = 2.0;
/// ... up to this many.
const MAX_STOPS: usize = 6;
/// A ramp's error is under this share of the region's spread (the mean
/// distance of its colors from their mean): it explains most of how the
/// colors vary. A flat plate beside a shaded body varies little, and a
/// ramp across both explains little of it.
const EXPLAINED: f32 = 0.5;
/// A ramp's mean colors change between neighbouring bins (a 48th of its
/// length), or over `EDGE_WIDTH` where bins are narrower, by at most this
/// share of its span.
const MAX_STEP_SHARE: f32 = 0.25;
/// Pixels over which a hard edge, anti-aliased and then averaged by the 3x3
/// local means, makes its whole change: on a small region the bins are
/// narrower than that, and an edge between two flat colors (a disc in a
/// ring) would change by small steps from bin to bin, as a ramp does.
const EDGE_WIDTH: f64 = 3.0;
/// The cheap flatness look reads every this-many-th pixel of a region.
const FLAT_LOOK_STRIDE: usize = 4;
/// Lloyd iterations of the flat colors a ramp is measured against.
const FLAT_ITERATIONS: usize = 4;
/// A region's models are fitted and measured on about this many of its
/// pixels at most, a regular lattice of them: a ramp has at most a few
/// dozen numbers to estimate (48 bins of mean colors, 6 stops), which
/// this many pixels pin down as well as a whole logo's worth, at a
/// fraction of the cost on large regions.
const FIT_SAMPLE: usize = 32_768;
/// Lattice points from which a region's work shares two cores (its local
/// means, its linear and its radial fits): below, each takes less than the
/// helper thread costs.
const SHARED_FIT_POINTS: usize = 4096;

/// The geometry of a ramp, in output (SVG) pixels.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Linear {
        from: (f64, f64),
        to: (f64, f64),
    },
    /// Circles of `radius` around `center`, or with `ellipse` ellipses:
    /// `radius` along its long axis.
    Radial {
        center: (f64, f64),
        radius: f64,
        ellipse: Option<Ellipse>,
    },
}

/// The rings of an elliptical radial ramp: their long axis's direction
/// (radians from the x axis) and their short axis over their long one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ellipse {
    pub angle: f64,
    pub ratio: f64,
}

impl Ramp {
    /// The ramp's color at a canvas `point`, as the SVG paints it there
    /// (`scale` maps canvas pixels to output pixels).
    pub fn color_at_point(&self, point: (f64, f64), scale: f64) -> Rgb {
        let length = match self.shape {
            Shape::Linear { from, to } => (to.0 - from.0).hypot(to.1 - from.1),
            Shape::Radial { radius, .. } => radius,
        };
        color_at(&self.stops, self.shape.position(point, scale) * scale / length.max(f64::MIN_POSITIVE))
    }
}

impl Shape {
    /// Where a canvas `point` lies along the ramp, in canvas pixels: along
    /// a linear ramp's axis from its start, or out from a radial one's
    /// center (in rings, for an ellipse). `scale` maps canvas pixels to the
    /// output pixels the shape is written in.
    fn position(&self, point: (f64, f64), scale: f64) -> f64 {
        let at = (point.0 * scale, point.1 * scale);
        let output = match *self {
            Shape::Linear { from, to } => {
                let (dx, dy) = (to.0 - from.0, to.1 - from.1);
                ((at.0 - from.0) * dx + (at.1 - from.1) * dy) / dx.hypot(dy).max(f64::MIN_POSITIVE)
            }
            Shape::Radial { center, ellipse, .. } => {
                let offset = (at.0 - center.0, at.1 - center.1);
                ellipse.map_or(offset.0.hypot(offset.1), |ellipse| ellipse.radius_of(offset))
            }
        };
        output / scale
    }
}

impl Ellipse {
    /// How far `offset` (from the center) lies, in rings: its length along
    /// the long axis, the short axis's share stretched to match.
    fn radius_of(&self, offset: (f64, f64)) -> f64 {
        let (sin, cos) = self.angle.sin_cos();
        let along = offset.0 * cos + offset.1 * sin;
        let across = offset.1 * cos - offset.0 * sin;
        along.hypot(across / self.ratio)
    }
}

/// A gradient paint: its geometry and its stops (offset 0 to 1, sRGB).
#[derive(Clone, Debug, PartialEq)]
pub struct Ramp {
    pub shape: Shape,
    pub stops: Vec<(f64, Rgb)>,
}

/// Finds the ramps of `map` (see the module notes) and gives each its own
/// label, its fill (the middle stop's color) appended to `fills`. Returns
/// one entry per label, `Some` for a ramp's. `scale` maps canvas pixels to
/// output pixels.
pub fn find_ramps(
    map: &mut LabelMap,
    canvas: &Canvas,
    fills: &mut Vec<Rgb>,
    lossy: bool,
    scale: f64,
    budget: &Budget,
) -> EngineResult<Vec<Option<Ramp>>> {
    let min_span = if lossy { MIN_LOSSY_SPAN_DE } else { MIN_SPAN_DE };
    let mut ramps = vec![None; map.palette.len()];
    let groups = ramp_groups(map, canvas, lossy);
    // A label of its own, flat throughout (most labels of most logos), has
    // no ramp: its regions are not even collected.
    let flat = flat_labels(map, canvas, min_span);
    let alone = |group: usize| groups.labels.iter().filter(|&&g| g == group).count() == 1;
    let mut regions = regions(map, &groups.labels, |group| !(alone(group) && flat[group]));
    regions.sort_by_key(|(group, _)| *group);
    let bands = map.palette.len();
    let mut painter = Painter { map, canvas, fills, ramps: &mut ramps, min_span, scale, painted: vec![false; bands] };
    // A ramp under art that cuts it into pieces (white line art on an
    // icon's square) is one ramp: a group's pieces are fitted together
    // first, then one by one, and a piece no ramp fits, part by part, and
    // facet by facet where its colors vary.
    for pieces in regions.chunk_by(|a, b| a.0 == b.0) {
        if pieces.len() > 1 {
            let together: Vec<usize> = pieces.iter().flat_map(|(_, r)| r.iter().copied()).collect();
            if painter.paint(&together, budget)? == Verdict::Painted {
                continue;
            }
        }
        for (_, region) in pieces {
            let verdict = painter.paint(region, budget)?;
            if verdict == Verdict::Painted {
                continue;
            }
            let parts = parts_of(region, painter.map, canvas, &groups, lossy);
            if parts.is_empty() && verdict == Verdict::Misfit {
                painter.paint_facets(region, lossy, budget)?;
            }
            for part in parts {
                if painter.paint(&part, budget)? == Verdict::Misfit {
                    painter.paint_facets(&part, lossy, budget)?;
                }
            }
        }
    }
    let painted = std::mem::take(&mut painter.painted);
    absorb_slivers(map, &painted, bands);
    Ok(ramps)
}

/// The slivers a ramp's bands leave along its outline join the ramp they
/// touch: pieces of a band label the ramp took in, one or two pixels thin
/// (no pixel of theirs has its four neighbours in their label), the
/// anti-aliased pixels between the ramp and a flat color beside it that
/// made no part of their own. Left alone, the band colors they keep trace
/// as a dotted line along the ramp's edge. `painted` marks the labels below
/// `bands` (the labels before the ramps') that a ramp took in.
fn absorb_slivers(map: &mut LabelMap, painted: &[bool], bands: usize) {
    // No ramp, no slivers: the pass over the map is for gradient logos only.
    if !painted.contains(&true) {
        return;
    }
    let (w, h) = (map.width, map.height);
    let band_of = |label: u8| (usize::from(label) < bands && painted[usize::from(label)]).then_some(label);
    let mut seen = vec![false; w * h];
    let (mut stack, mut piece) = (Vec::new(), Vec::new());
    for start in 0..w * h {
        let Some(label) = band_of(map.labels[start]).filter(|_| !seen[start]) else { continue };
        seen[start] = true;
        stack.push(start);
        piece.clear();
        let (mut thin, mut ramp) = (true, None);
        while let Some(i) = stack.pop() {
            piece.push(i);
            thin &= !map.is_inside(i);
            for j in crate::grid::neighbours4(i, w, h) {
                let l = map.labels[j];
                if l == label && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                } else if l != TRANSPARENT && usize::from(l) >= bands {
                    ramp = ramp.or(Some(l));
                }
            }
        }
        if let Some(ramp) = ramp.filter(|_| thin) {
            piece.iter().for_each(|&i| map.labels[i] = ramp);
        }
    }
}

/// Gives a region its ramp, when one fits (`fit_region`): a label of its
/// own, the middle stop's color as its fill.
struct Painter<'a> {
    map: &'a mut LabelMap,
    canvas: &'a Canvas,
    fills: &'a mut Vec<Rgb>,
    ramps: &'a mut Vec<Option<Ramp>>,
    min_span: f32,
    scale: f64,
    /// Per label before the ramps', whether a ramp took in its pixels.
    painted: Vec<bool>,
}

/// What became of a region offered a ramp.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Verdict {
    Painted,
    /// Too small, or flat: no ramp to find in it or in any piece of it.
    Flat,
    /// Its colors vary, but no ramp fits them all: perhaps several facets.
    Misfit,
}

impl Painter<'_> {
    /// Offers the region a ramp (`fit_region`), and paints it when one fits.
    fn paint(&mut self, region: &[usize], budget: &Budget) -> EngineResult<Verdict> {
        if self.map.palette.len() >= usize::from(TRANSPARENT) {
            return Ok(Verdict::Flat);
        }
        budget.check()?;
        let ramp = match fit_region(region, self.map, self.canvas, self.min_span, self.scale) {
            Ok(ramp) => ramp,
            Err(verdict) => return Ok(verdict),
        };
        let label = self.map.palette.len() as u8;
        let middle = ramp.stops[ramp.stops.len() / 2].1;
        self.map.palette.push(middle);
        self.fills.push(middle);
        self.ramps.push(Some(ramp));
        for &i in region {
            if let Some(painted) = self.painted.get_mut(usize::from(self.map.labels[i])) {
                *painted = true;
            }
            self.map.labels[i] = label;
        }
        Ok(Verdict::Painted)
    }

    /// Paints each of the region's facets (`cut`) that a ramp fits, and the
    /// halves of a facet, or of the region when it is one smooth field,
    /// whose colors vary but follow no one ramp.
    fn paint_facets(&mut self, region: &[usize], lossy: bool, budget: &Budget) -> EngineResult<()> {
        budget.check()?;
        match cut(region, self.map, self.canvas, self.min_span, lossy) {
            Cut::Facets(facets) => {
                for facet in facets {
                    if self.paint(&facet, budget)? == Verdict::Misfit {
                        self.paint_halves(&facet, MAX_HALVINGS, budget)?;
                    }
                }
                Ok(())
            }
            Cut::Field => self.paint_halves(region, MAX_HALVINGS, budget),
            Cut::Lines => Ok(()),
        }
    }

    /// Paints the halves of a region (`halves_of`) that a ramp fits, and
    /// halves those it does not, `depth` times over.
    fn paint_halves(&mut self, region: &[usize], depth: usize, budget: &Budget) -> EngineResult<()> {
        if depth == 0 {
            return Ok(());
        }
        for half in halves_of(region, self.map.width).into_iter().flatten() {
            if self.paint(&half, budget)? == Verdict::Misfit {
                self.paint_halves(&half, depth - 1, budget)?;
            }
        }
        Ok(())
    }
}

/// How the bands join into ramps: per label, the smallest label of its ramp
/// group (labels joined by a smooth band edge anywhere in the image), and
/// per pair of labels, whether their edges run smoothly.
struct RampGroups {
    labels: Vec<usize>,
    smooth: Vec<bool>,
}

impl RampGroups {
    /// Whether the edges between labels `a` and `b` run smoothly; a label
    /// added since (a ramp's) has no verdict.
    fn smooth(&self, a: u8, b: u8) -> bool {
        let (n, lo, hi) = (self.labels.len(), usize::from(a.min(b)), usize::from(a.max(b)));
        hi < n && self.smooth[lo * n + hi]
    }
}

/// The change across a band edge, summed over its pixels: the Lab change
/// from the lower label's side to the other's, `near_step` and `FAR`
/// pixels either side, and how many edge pixels carried it.
#[derive(Clone, Copy, Default)]
struct EdgeChange {
    near: [f32; 3],
    far: [f32; 3],
    count: usize,
}

impl EdgeChange {
    fn add(&mut self, (near, far): ([f32; 3], [f32; 3])) {
        (0..3).for_each(|c| {
            self.near[c] += near[c];
            self.far[c] += far[c];
        });
        self.count += 1;
    }

    /// Whether the image runs smoothly across an edge between two bands
    /// `bands` apart (see `SMOOTH_SHARE` and `RAMP_GOES_ON`); None when the
    /// edge is too short to tell (`MIN_EDGE`).
    fn is_smooth(&self, bands: f32) -> Option<bool> {
        if self.count < MIN_EDGE {
            return None;
        }
        let length = |v: [f32; 3]| v.iter().map(|x| (x / self.count as f32).powi(2)).sum::<f32>().sqrt();
        let (near, far) = (length(self.near), length(self.far));
        Some(near < SMOOTH_SHARE * bands || far >= RAMP_GOES_ON * near)
    }
}

/// Reads the change across band edges (see the module notes).
struct EdgeReader<'a> {
    map: &'a LabelMap,
    canvas: &'a Canvas,
    palette_labs: Vec<Lab>,
    near_step: usize,
}

impl<'a> EdgeReader<'a> {
    fn new(map: &'a LabelMap, canvas: &'a Canvas, lossy: bool) -> EdgeReader<'a> {
        let palette_labs = map.palette.iter().map(|&c| to_lab(c)).collect();
        EdgeReader { map, canvas, palette_labs, near_step: if lossy { LOSSY_NEAR } else { NEAR } }
    }

    fn bands(&self, a: u8, b: u8) -> f32 {
        delta_e(&self.palette_labs[usize::from(a)], &self.palette_labs[usize::from(b)])
    }

    /// For each of the `pixels` with a band edge to its right or below,
    /// far enough from the frame to sample: the pixel, its neighbour across
    /// the edge, and the change across it when every sample lies on art of
    /// about its side's band's color (see `LIKE_BANDS`: a third color beside
    /// an outline the two bands share would read as a step).
    fn read(
        &self,
        pixels: impl Iterator<Item = (usize, usize)>,
        mut visit: impl FnMut(usize, usize, ([f32; 3], [f32; 3])),
    ) {
        let (w, h, labels) = (self.map.width, self.map.height, &self.map.labels);
        // Beside a band edge the same few colors recur, pixel after pixel.
        let mut memo = LabMemo::new();
        let mut lab = |i: usize| memo.lab(self.canvas.rgb[i]);
        let like = |i: usize, band: u8, reach: f32| {
            let l = labels[i];
            l != TRANSPARENT && self.bands(band, l) <= reach
        };
        for (x, y) in pixels {
            let at = y * w + x;
            let a = labels[at];
            if a == TRANSPARENT {
                continue;
            }
            let right = x >= FAR && x + 1 + FAR < w;
            let below = y >= FAR && y + 1 + FAR < h;
            for (step, samples) in [(1, right), (w, below)] {
                if !samples {
                    continue;
                }
                let b = labels[at + step];
                if b == a || b == TRANSPARENT {
                    continue;
                }
                let near = [at - self.near_step * step, at + (1 + self.near_step) * step];
                let far = [at - FAR * step, at + (1 + FAR) * step];
                let reach = LIKE_BANDS * self.bands(a, b);
                if !(like(near[0], a, reach)
                    && like(far[0], a, reach)
                    && like(near[1], b, reach)
                    && like(far[1], b, reach))
                {
                    continue;
                }
                let sign = if a < b { 1.0 } else { -1.0 };
                let (n0, n1, f0, f1) = (lab(near[0]), lab(near[1]), lab(far[0]), lab(far[1]));
                let change =
                    (std::array::from_fn(|c| sign * (n1[c] - n0[c])), std::array::from_fn(|c| sign * (f1[c] - f0[c])));
                visit(at, at + step, change);
            }
        }
    }
}

/// Which labels belong to one ramp: labels joined by a smooth band edge
/// (union-find over the label pairs whose edges, summed over the image,
/// pass the test).
fn ramp_groups(map: &LabelMap, canvas: &Canvas, lossy: bool) -> RampGroups {
    let n = map.palette.len();
    let reader = EdgeReader::new(map, canvas, lossy);
    let mut changes = vec![EdgeChange::default(); n * n];
    reader.read(edge_starts(map).into_iter(), |i, j, change| {
        let (a, b) = (usize::from(map.labels[i]), usize::from(map.labels[j]));
        changes[a.min(b) * n + a.max(b)].add(change);
    });
    let mut smooth = vec![false; n * n];
    let mut groups = Forest::new(n);
    for a in 0..n {
        for b in a + 1..n {
            if changes[a * n + b].is_smooth(reader.bands(a as u8, b as u8)) == Some(true) {
                smooth[a * n + b] = true;
                groups.join(a, b);
            }
        }
    }
    RampGroups { labels: (0..n).map(|l| groups.root(l)).collect(), smooth }
}

/// The pixels with another label to their right or below, where band edges
/// start: a few of every logo's pixels, found without the edge reader's
/// work per pixel.
fn edge_starts(map: &LabelMap) -> Vec<(usize, usize)> {
    let (w, labels) = (map.width, &map.labels);
    let mut starts = Vec::new();
    for y in 0..map.height {
        let row = &labels[y * w..(y + 1) * w];
        let next = labels.get((y + 1) * w..(y + 2) * w);
        for x in 0..w {
            if (x + 1 < w && row[x + 1] != row[x]) || next.is_some_and(|next| next[x] != row[x]) {
                starts.push((x, y));
            }
        }
    }
    starts
}

/// The connected regions (4-neighbours) of pixels whose labels share a ramp
/// group, of at least `MIN_REGION` pixels: a ramp split into bands, or one
/// label's shape whose color may vary along it (a gentle ramp the palette
/// kept as one color). Only the groups `wanted` says yes to.
fn regions(map: &LabelMap, groups: &[usize], wanted: impl Fn(usize) -> bool) -> Vec<(usize, Vec<usize>)> {
    let (w, h) = (map.width, map.height);
    let wanted: Vec<bool> = (0..groups.len()).map(&wanted).collect();
    if !wanted.contains(&true) {
        return Vec::new();
    }
    let group_at = |i: usize| {
        let l = map.labels[i];
        (l != TRANSPARENT).then(|| groups[usize::from(l)]).filter(|&g| wanted[g])
    };
    let mut seen = vec![false; w * h];
    let mut found = Vec::new();
    let mut stack = Vec::new();
    for start in 0..w * h {
        let Some(group) = group_at(start).filter(|_| !seen[start]) else { continue };
        seen[start] = true;
        stack.push(start);
        let mut region = Vec::new();
        while let Some(i) = stack.pop() {
            region.push(i);
            for j in crate::grid::neighbours4(i, w, h) {
                if !seen[j] && group_at(j) == Some(group) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if region.len() >= MIN_REGION {
            found.push((group, region));
        }
    }
    found
}

/// The parts of a region of one ramp group that no ramp fits, of at least
/// `MIN_REGION` pixels: its band pieces (connected regions of one label)
/// joined by the smooth edges between them. Two ramps that pass through
/// the same colors meet at a drawn edge, which joins their labels in the
/// group but not their pieces. An edge too short to judge on its own takes
/// its labels' verdict. Empty when the region is one part.
fn parts_of(region: &[usize], map: &LabelMap, canvas: &Canvas, groups: &RampGroups, lossy: bool) -> Vec<Vec<usize>> {
    let window = Window::of(region, map.width);
    let (piece_of, piece_labels) = band_pieces(region, &window, map);
    let piece = |i: usize| piece_of[window.index(i % map.width, i / map.width)];
    let mut changes: HashMap<(u32, u32), EdgeChange> = HashMap::default();
    let pixels = region.iter().map(|&i| (i % map.width, i / map.width));
    let reader = EdgeReader::new(map, canvas, lossy);
    reader.read(pixels, |i, j, change| {
        let (x, y) = (j % map.width, j / map.width);
        if window.holds(x, y) {
            let (a, b) = (piece(i), piece(j));
            changes.entry((a.min(b), a.max(b))).or_default().add(change);
        }
    });
    let mut parts = Forest::new(piece_labels.len());
    for ((a, b), change) in changes {
        let (la, lb) = (piece_labels[a as usize], piece_labels[b as usize]);
        if change.is_smooth(reader.bands(la, lb)).unwrap_or_else(|| groups.smooth(la, lb)) {
            parts.join(a as usize, b as usize);
        }
    }
    let mut index_of: HashMap<usize, usize> = HashMap::default();
    let mut found: Vec<Vec<usize>> = Vec::new();
    for &i in region {
        let k = *index_of.entry(parts.root(piece(i) as usize)).or_insert_with(|| {
            found.push(Vec::new());
            found.len() - 1
        });
        found[k].push(i);
    }
    if found.len() < 2 {
        return Vec::new();
    }
    found.retain(|part| part.len() >= MIN_REGION);
    found
}

/// How a region that neither a ramp nor its parts fit divides.
#[derive(Debug, PartialEq)]
enum Cut {
    /// Facets parted by drawn edges.
    Facets(Vec<Vec<usize>>),
    /// One facet with few drawn edges inside (`FIELD_STEPS`): a field whose
    /// colors vary smoothly, though no one ramp holds them.
    Field,
    /// Drawn edges throughout (line art, or strokes blurred into a ramp
    /// group): no ramp to find.
    Lines,
}

/// The region cut at its drawn edges (`drawn_steps`). Facets whose ramps
/// pass through the same colors share band labels across the edge between
/// them wherever the palette is coarse (a JPEG's), so no band edge parts
/// them; the image does. Each piece of `MIN_REGION` pixels or more left
/// between the steps is a facet, and grows back over the step pixels and
/// the smaller pieces, nearest first.
fn cut(region: &[usize], map: &LabelMap, canvas: &Canvas, min_step: f32, lossy: bool) -> Cut {
    const NONE: u32 = u32::MAX;
    let window = Window::of(region, map.width);
    let (ww, wh) = (window.width, window.height);
    let (parted, step_share) = drawn_steps(region, &window, map, canvas, min_step, lossy);
    let unparted: Vec<bool> = window.inside.iter().zip(&parted).map(|(&inside, &step)| inside && !step).collect();
    let (runs, component) = crate::grid::connected_runs(&unparted, ww, |cell| cell);
    let mut area = vec![0usize; runs.len()];
    for (run, &root) in runs.iter().zip(&component) {
        area[root] += run.end - run.start;
    }
    // The pieces of `MIN_REGION` pixels or more, numbered as they first show.
    let mut facet_of = vec![NONE; ww * wh];
    let mut facet_of_root = vec![NONE; runs.len()];
    let mut facets: Vec<Vec<usize>> = Vec::new();
    for (run, &root) in runs.iter().zip(&component) {
        if area[root] < MIN_REGION {
            continue;
        }
        if facet_of_root[root] == NONE {
            facet_of_root[root] = facets.len() as u32;
            facets.push(Vec::with_capacity(area[root]));
        }
        let id = facet_of_root[root];
        let cells = run.y * ww + run.start..run.y * ww + run.end;
        facet_of[cells.clone()].fill(id);
        facets[id as usize].extend(cells);
    }
    if facets.len() < 2 {
        return if step_share < FIELD_STEPS { Cut::Field } else { Cut::Lines };
    }
    // Breadth first, so each pixel left joins the nearest facet.
    let mut frontier: std::collections::VecDeque<usize> = facets.iter().flatten().copied().collect();
    while let Some(k) = frontier.pop_front() {
        for n in crate::grid::neighbours4(k, ww, wh) {
            if window.inside[n] && facet_of[n] == NONE {
                facet_of[n] = facet_of[k];
                facets[facet_of[k] as usize].push(n);
                frontier.push_back(n);
            }
        }
    }
    let to_image = |k: usize| (window.top + k / ww) * map.width + window.left + k % ww;
    Cut::Facets(
        facets
            .into_iter()
            .map(|facet| {
                let mut pixels: Vec<usize> = facet.into_iter().map(to_image).collect();
                pixels.sort_unstable();
                pixels
            })
            .collect(),
    )
}

/// Per cell of the region's window, whether it lies on a drawn edge of the
/// image, and the share of the cells read that do. Across one, the local means `near` pixels either side already
/// differ by the whole step, and those `FAR` pixels either side by no more
/// (the test `EdgeChange::is_smooth` makes of band edges, read on pixels);
/// across a ramp the far change goes on growing. A step counts from
/// `min_step`, the least span of a ramp worth painting: a smaller step
/// could not hold apart two such ramps (at half of it a held-out flat logo
/// got a gradient). Within `near` of the outline or the frame nothing is
/// read, and those cells count as steps too, so that a drawn edge running
/// into the outline cuts through; short of `FAR`, the near change decides.
fn drawn_steps(
    region: &[usize],
    window: &Window,
    map: &LabelMap,
    canvas: &Canvas,
    min_step: f32,
    lossy: bool,
) -> (Vec<bool>, f32) {
    let (w, ww, wh) = (map.width, window.width, window.height);
    let mut memo = LabMemo::new();
    let mut labs = vec![[0.0; 3]; ww * wh];
    for (&i, rgb) in region.iter().zip(local_means(region, window, map, canvas)) {
        labs[window.index(i % w, i / w)] = memo.lab(rgb);
    }
    let near = if lossy { LOSSY_NEAR } else { NEAR };
    let reaches = |k: usize, reach: usize, (dx, dy): (usize, usize)| {
        let (x, y) = (k % ww, k / ww);
        let step = reach * (dy * ww + dx);
        x >= reach * dx
            && y >= reach * dy
            && x + reach * dx < ww
            && y + reach * dy < wh
            && window.inside[k - step]
            && window.inside[k + step]
    };
    let change = |k: usize, reach: usize, (dx, dy): (usize, usize)| {
        let step = reach * (dy * ww + dx);
        delta_e(&labs[k - step], &labs[k + step])
    };
    let on_window_edge = |k: usize| {
        let (x, y) = (k % ww, k / ww);
        x == 0 || y == 0 || x == ww - 1 || y == wh - 1
    };
    let depth = crate::grid::distance_to(ww, wh, |k| !window.inside[k] || on_window_edge(k), (near + 1) as u16);
    let is_step = |k: usize| {
        [(1, 0), (0, 1)].into_iter().any(|axis| {
            let step = change(k, near, axis);
            step >= min_step && (!reaches(k, FAR, axis) || change(k, FAR, axis) < RAMP_GOES_ON * step)
        })
    };
    let (mut read, mut steps) = (0usize, 0usize);
    let parted = (0..ww * wh)
        .map(|k| {
            if !window.inside[k] {
                return false;
            }
            if usize::from(depth[k]) <= near {
                return true;
            }
            let step = is_step(k);
            read += 1;
            steps += usize::from(step);
            step
        })
        .collect();
    (parted, steps as f32 / read.max(1) as f32)
}

/// The two halves of a region cut across its longest extent (the principal
/// axis of its pixels), at the median: a facet whose colors follow a curve
/// (a glow bent along an arm, Bing's bowl) is, piece by piece, nearly
/// linear. None when a half would be under `MIN_HALF` pixels.
fn halves_of(region: &[usize], width: usize) -> Option<[Vec<usize>; 2]> {
    if region.len() < 2 * MIN_HALF {
        return None;
    }
    let n = region.len() as f64;
    let point = |i: usize| ((i % width) as f64, (i / width) as f64);
    let (mx, my) = region.iter().fold((0.0, 0.0), |(sx, sy), &i| (sx + point(i).0 / n, sy + point(i).1 / n));
    let (mut a, mut b, mut d) = (0.0, 0.0, 0.0);
    for &i in region {
        let (x, y) = point(i);
        let (dx, dy) = (x - mx, y - my);
        (a, b, d) = (a + dx * dx, b + dx * dy, d + dy * dy);
    }
    let (ux, uy) = principal_direction(a, b, d);
    let mut along: Vec<(f64, usize)> = region.iter().map(|&i| (point(i).0 * ux + point(i).1 * uy, i)).collect();
    let middle = along.len() / 2;
    along.select_nth_unstable_by(middle, |p, q| p.0.total_cmp(&q.0));
    let mut halves = [Vec::with_capacity(middle), Vec::with_capacity(along.len() - middle)];
    for (k, &(_, i)) in along.iter().enumerate() {
        halves[usize::from(k >= middle)].push(i);
    }
    halves.iter_mut().for_each(|half| half.sort_unstable());
    Some(halves)
}

/// The band pieces of a region, on its window: per window cell, its piece
/// (`u32::MAX` outside the region), and per piece, its label.
fn band_pieces(region: &[usize], window: &Window, map: &LabelMap) -> (Vec<u32>, Vec<u8>) {
    const NONE: u32 = u32::MAX;
    let mut piece_of = vec![NONE; window.width * window.height];
    let mut labels = Vec::new();
    let mut stack = Vec::new();
    let w = map.width;
    for &start in region {
        if piece_of[window.index(start % w, start / w)] != NONE {
            continue;
        }
        let label = map.labels[start];
        let id = labels.len() as u32;
        labels.push(label);
        piece_of[window.index(start % w, start / w)] = id;
        stack.push(start);
        while let Some(i) = stack.pop() {
            for j in crate::grid::neighbours4(i, w, map.height) {
                let (x, y) = (j % w, j / w);
                if window.holds(x, y) && map.labels[j] == label && piece_of[window.index(x, y)] == NONE {
                    piece_of[window.index(x, y)] = id;
                    stack.push(j);
                }
            }
        }
    }
    (piece_of, labels)
}

/// The pixels of the region deeper than `OUTLINE_DEPTH` inside it: its
/// outline's pixels blend with what lies beside them, which no paint of
/// the region's own describes.
fn interior(region: &[usize], window: &Window, map: &LabelMap) -> Vec<usize> {
    let (w, h) = (map.width, map.height);
    let depth = crate::grid::distance_to(window.width, window.height, |k| !window.inside[k], OUTLINE_DEPTH + 1);
    region
        .iter()
        .copied()
        .filter(|&i| {
            let (x, y) = (i % w, i / w);
            let from_frame = x.min(y).min(w - 1 - x).min(h - 1 - y);
            depth[window.index(x, y)] > OUTLINE_DEPTH && from_frame >= usize::from(OUTLINE_DEPTH)
        })
        .collect()
}

/// A region's pixels on the window of its box (a pixel of margin all
/// round): the region's own passes cost its box, not the whole image.
struct Window {
    left: usize,
    top: usize,
    width: usize,
    height: usize,
    inside: Vec<bool>,
}

impl Window {
    fn of(region: &[usize], map_width: usize) -> Window {
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
        for &i in region {
            let (x, y) = (i % map_width, i / map_width);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        let (left, top) = (x0.saturating_sub(1), y0.saturating_sub(1));
        let (width, height) = (x1 + 2 - left, y1 + 2 - top);
        let mut window = Window { left, top, width, height, inside: vec![false; width * height] };
        for &i in region {
            let k = window.index(i % map_width, i / map_width);
            window.inside[k] = true;
        }
        window
    }

    fn index(&self, x: usize, y: usize) -> usize {
        (y - self.top) * self.width + (x - self.left)
    }

    fn holds(&self, x: usize, y: usize) -> bool {
        x >= self.left
            && y >= self.top
            && x < self.left + self.width
            && y < self.top + self.height
            && self.inside[self.index(x, y)]
    }
}

/// The ramp of one region, when it clearly beats the region's flat bands.
fn fit_region(region: &[usize], map: &LabelMap, canvas: &Canvas, min_span: f32, scale: f64) -> Result<Ramp, Verdict> {
    if core_is_one_color(region, map, canvas) {
        return Err(Verdict::Flat);
    }
    let window = Window::of(region, map.width);
    let region = &interior(region, &window, map);
    if region.len() < MIN_REGION {
        return Err(Verdict::Flat);
    }
    let mut memo = LabMemo::new();
    if looks_flat(region, canvas, min_span, &mut memo) {
        return Err(Verdict::Flat);
    }
    let w = map.width;
    let stride = lattice_stride(region.len());
    let region: &[usize] = &on_lattice(region, w, stride);
    let points: Vec<(f64, f64)> = region.iter().map(|&i| ((i % w) as f64 + 0.5, (i / w) as f64 + 0.5)).collect();
    // A large region's work shares two cores while one is spare.
    let shared = region.len() >= SHARED_FIT_POINTS;
    // The means of its two halves side by side.
    let (front, back) = region.split_at(region.len() / 2);
    let (mut rgbs, back) = crate::cores::join(
        shared,
        || local_means(front, &window, map, canvas),
        || local_means(back, &window, map, canvas),
    );
    rgbs.extend(back);
    let labs: Vec<Lab> = rgbs.iter().map(|&c| memo.lab(c)).collect();
    // A flat region (most of every logo) is done before any fitting.
    let spread = spread(&labs);
    if spread < min_span / 4.0 {
        return Err(Verdict::Flat);
    }
    let plausible = |fit: &Fitted| {
        fit.error < MAX_RAMP_DE
            && fit.error < EXPLAINED * spread
            && is_monotonic(&fit.ramp.stops, min_span)
            && is_continuous(&fit.ramp.stops, fit.largest_step)
    };
    // Two readings of a linear ramp's direction, the same model: the better
    // ramp of the two that pass the tests wins, else the better of the two.
    let linear = || {
        linear_axis(&points, &labs).and_then(|(origin, fitted)| {
            [Some(fitted), steepest_change(region, &labs, &window, w, stride)]
                .into_iter()
                .flatten()
                .filter_map(|direction| Fitted::linear(&points, &labs, &rgbs, origin, direction, scale))
                .min_by(|a, b| plausible(b).cmp(&plausible(a)).then(a.error.total_cmp(&b.error)))
        })
    };
    // Richer models (a center, then an ellipse's two more degrees of freedom)
    // must earn them on error alone: given the choice of which to test, a
    // ring misaligned to smear a hard edge over more bins would pass the
    // gradual-change test that the circle on it fails.
    let radial = || {
        let projected = Projected::of(&points, &labs);
        let radial = |rings: Option<((f64, f64), Option<Ellipse>)>| {
            rings.and_then(|rings| Fitted::radial(&points, &labs, &rgbs, rings, scale))
        };
        let circles = radial(projected.as_ref().and_then(|p| p.circle_center()).map(|center| (center, None)));
        let ellipses = radial(projected.as_ref().and_then(|p| p.ellipse()).map(|(center, e)| (center, Some(e))));
        simpler_unless_beaten(circles, ellipses)
    };
    // The two families fit side by side on a spare core (a large region's
    // fits are most of a gradient logo's trace).
    let (linear, radial) = crate::cores::join(shared, linear, radial);
    let Fitted { ramp, error, .. } = simpler_unless_beaten(linear, radial).filter(plausible).ok_or(Verdict::Misfit)?;
    let labels = labels_of(region, map);
    let flat_error = flat_error(&labels, map, &labs, &ramp.stops);
    let as_good = labels.len() >= 2
        && error < flat_error + SAME_ERROR_DE
        && (middle_share(&labs, &ramp.stops) >= MIDDLE_SHARE
            || middle_runs_along(&points, &labs, &ramp, stride, scale));
    let beats_bands = error < CLEAR_GAIN * flat_error || as_good;
    (beats_bands && !paints_a_patch(&ramp, &points, &labs, scale)).then_some(ramp).ok_or(Verdict::Misfit)
}

/// Whether `ramp` misses over `MAX_PATCH_SHARE` of the region's pixels (at
/// `points`, their colors `labs`) by `PATCH_DE` or more.
fn paints_a_patch(ramp: &Ramp, points: &[(f64, f64)], labs: &[Lab], scale: f64) -> bool {
    let mut memo = LabMemo::new();
    let missed = points
        .iter()
        .zip(labs)
        .filter(|&(&point, lab)| delta_e(lab, &memo.lab(ramp.color_at_point(point, scale))) >= PATCH_DE)
        .count();
    missed as f32 > MAX_PATCH_SHARE * points.len() as f32
}

/// The spacing of the lattice of a region's pixels its models are fitted
/// on: 1 (every pixel) up to `FIT_SAMPLE` pixels, then the smallest that
/// keeps about that many.
fn lattice_stride(pixels: usize) -> usize {
    ((pixels as f64 / FIT_SAMPLE as f64).sqrt().ceil() as usize).max(1)
}

/// The region's pixels on the image's lattice of spacing `stride`: the
/// region itself, uncopied, at spacing 1.
fn on_lattice(region: &[usize], map_width: usize, stride: usize) -> Cow<'_, [usize]> {
    if stride == 1 {
        return Cow::Borrowed(region);
    }
    region
        .iter()
        .copied()
        .filter(|&i| (i % map_width).is_multiple_of(stride) && (i / map_width).is_multiple_of(stride))
        .collect()
}

/// The `richer` model only where it holds the pixels clearly better than the
/// `simpler` one (`RICHER_MODEL_GAIN`), or where the simpler one fits none.
fn simpler_unless_beaten(simpler: Option<Fitted>, richer: Option<Fitted>) -> Option<Fitted> {
    match (simpler, richer) {
        (Some(simpler), Some(richer)) => {
            Some(if richer.error < RICHER_MODEL_GAIN * simpler.error { richer } else { simpler })
        }
        (simpler, richer) => simpler.or(richer),
    }
}

/// A ramp fitted to a region: its paint, its mean error over the region's
/// pixels and the largest step of its curve (`AxisFit::largest_step`).
struct Fitted {
    ramp: Ramp,
    error: f32,
    largest_step: f32,
}

impl Fitted {
    /// The ramp along `direction` through `origin` (canvas pixels).
    fn linear(
        points: &[(f64, f64)],
        labs: &[Lab],
        rgbs: &[Rgb],
        origin: (f64, f64),
        direction: (f64, f64),
        scale: f64,
    ) -> Option<Fitted> {
        let t: Vec<f64> =
            points.iter().map(|p| (p.0 - origin.0) * direction.0 + (p.1 - origin.1) * direction.1).collect();
        let fit = along_axis(&t, labs, rgbs)?;
        let (t0, t1) = (fit.stops[0].0, fit.stops[fit.stops.len() - 1].0);
        let at = |t: f64| ((origin.0 + direction.0 * t) * scale, (origin.1 + direction.1 * t) * scale);
        let stops = fit.stops.iter().map(|&(t, c)| ((t - t0) / (t1 - t0), c)).collect();
        let ramp = Ramp { shape: Shape::Linear { from: at(t0), to: at(t1) }, stops };
        Some(Fitted { ramp, error: fit.error, largest_step: fit.largest_step })
    }

    /// The ramp out from `center` (canvas pixels), in circles or in `ellipse`s.
    fn radial(
        points: &[(f64, f64)],
        labs: &[Lab],
        rgbs: &[Rgb],
        (center, ellipse): ((f64, f64), Option<Ellipse>),
        scale: f64,
    ) -> Option<Fitted> {
        let offset = |p: &(f64, f64)| (p.0 - center.0, p.1 - center.1);
        let r: Vec<f64> = match ellipse {
            Some(ellipse) => points.iter().map(|p| ellipse.radius_of(offset(p))).collect(),
            None => points.iter().map(|p| offset(p).0.hypot(offset(p).1)).collect(),
        };
        let fit = along_axis(&r, labs, rgbs)?;
        // A radial gradient's offsets run from the center; inside the first
        // stop it is padded with the first color.
        let radius = fit.stops[fit.stops.len() - 1].0;
        let stops = fit.stops.iter().map(|&(r, c)| (r / radius, c)).collect();
        let shape = Shape::Radial { center: (center.0 * scale, center.1 * scale), radius: radius * scale, ellipse };
        Some(Fitted { ramp: Ramp { shape, stops }, error: fit.error, largest_step: fit.largest_step })
    }
}

/// Whether the ramp changes gradually: no two neighbouring bins of its
/// mean colors (nor bins `EDGE_WIDTH` apart) differ by more than
/// `MAX_STEP_SHARE` of its span. Two flat colors side by side give a curve
/// of two plateaus and one jump.
fn is_continuous(stops: &[(f64, Rgb)], largest_step: f32) -> bool {
    let span = delta_e(&to_lab(stops[0].1), &to_lab(stops[stops.len() - 1].1));
    largest_step <= MAX_STEP_SHARE * span
}

/// Whether the stops run one way, from the first color to the last, at
/// least `min_span` apart: no step turns back by more than `STOP_DE`.
fn is_monotonic(stops: &[(f64, Rgb)], min_span: f32) -> bool {
    let labs: Vec<Lab> = stops.iter().map(|s| to_lab(s.1)).collect();
    let (first, last) = (labs[0], labs[labs.len() - 1]);
    let span = delta_e(&first, &last);
    if span < min_span {
        return false;
    }
    let unit: Lab = std::array::from_fn(|c| (last[c] - first[c]) / span);
    labs.windows(2).all(|pair| (0..3).map(|c| (pair[1][c] - pair[0][c]) * unit[c]).sum::<f32>() >= -STOP_DE)
}

/// Each region pixel's color averaged over its 3x3 neighbours in the
/// region: the models are compared on the art's colors, not on a JPEG's
/// noise, which would add the same to both errors and hide which fits.
fn local_means(region: &[usize], window: &Window, map: &LabelMap, canvas: &Canvas) -> Vec<Rgb> {
    let (w, h) = (map.width, map.height);
    region
        .iter()
        .map(|&i| {
            let (x, y) = (i % w, i / w);
            let mut sum = [0u32; 3];
            let mut n = 0;
            for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                    if window.holds(nx, ny) {
                        let j = ny * w + nx;
                        (0..3).for_each(|c| sum[c] += u32::from(canvas.rgb[j][c]));
                        n += 1;
                    }
                }
            }
            sum.map(|v| ((v + n / 2) / n) as u8)
        })
        .collect()
}

/// The region's labels in the order its pixels first show them.
fn labels_of(region: &[usize], map: &LabelMap) -> Vec<u8> {
    let mut seen = [false; 256];
    region
        .iter()
        .map(|&i| map.labels[i])
        .filter(|&label| !std::mem::replace(&mut seen[usize::from(label)], true))
        .collect()
}

/// Where each of the colors `labs` lies along the ramp's span, projected
/// on the line from its first stop's color (0) to its last's (1); None
/// when the two are one color.
fn places_in_span(labs: &[Lab], stops: &[(f64, Rgb)]) -> Option<Vec<f32>> {
    let (first, last) = (to_lab(stops[0].1), to_lab(stops[stops.len() - 1].1));
    let span: Lab = std::array::from_fn(|c| last[c] - first[c]);
    let length_squared: f32 = span.iter().map(|v| v * v).sum();
    (length_squared > 0.0).then(|| {
        labs.iter().map(|lab| (0..3).map(|c| (lab[c] - first[c]) * span[c]).sum::<f32>() / length_squared).collect()
    })
}

/// Whether a place in the span (`places_in_span`) is in its middle.
fn in_middle(place: f32) -> bool {
    (MIDDLE..=1.0 - MIDDLE).contains(&place)
}

/// The share of the colors `labs` lying in the middle of the ramp's span
/// (see `MIDDLE`), projected on the line from its first stop to its last.
fn middle_share(labs: &[Lab], stops: &[(f64, Rgb)]) -> f32 {
    match places_in_span(labs, stops) {
        Some(places) if !places.is_empty() => {
            places.iter().filter(|&&place| in_middle(place)).count() as f32 / places.len() as f32
        }
        _ => 0.0,
    }
}

/// Whether the colors in the middle of the ramp's span (`MIDDLE`) run
/// along its axis like a ramp's: they make a band `MIN_MIDDLE_RUN` wide
/// (half that deep), their place in the span follows their position
/// (`MIN_MIDDLE_FOLLOWS`), at a rate that takes `MIN_MIDDLE_RUN` canvas
/// pixels or more across the middle. `points` are canvas positions, pixel
/// centres on a lattice of spacing `stride`.
fn middle_runs_along(points: &[(f64, f64)], labs: &[Lab], ramp: &Ramp, stride: usize, scale: f64) -> bool {
    let Some(along) = places_in_span(labs, &ramp.stops) else { return false };
    let middle_flags: Vec<bool> = along.iter().map(|&place| in_middle(place)).collect();
    let middle: Vec<(f64, f64)> = (0..points.len())
        .filter(|&k| middle_flags[k])
        .map(|k| (ramp.shape.position(points[k], scale), f64::from(along[k])))
        .collect();
    if middle.len() < 2 || !is_band(points, &middle_flags, stride) {
        return false;
    }
    let n = middle.len() as f64;
    let (mean_t, mean_a) = middle.iter().fold((0.0, 0.0), |(t, a), p| (t + p.0 / n, a + p.1 / n));
    let (mut stt, mut saa, mut sta) = (0.0, 0.0, 0.0);
    for &(t, a) in &middle {
        let (dt, da) = (t - mean_t, a - mean_a);
        (stt, saa, sta) = (stt + dt * dt, saa + da * da, sta + dt * da);
    }
    if stt <= 0.0 || saa <= 0.0 || sta == 0.0 {
        return false;
    }
    let follows = sta * sta / (stt * saa);
    // The middle spans 1 - 2 MIDDLE of the span, at the fitted rate per pixel.
    let run = f64::from(1.0 - 2.0 * MIDDLE) * stt / sta.abs();
    follows >= MIN_MIDDLE_FOLLOWS && run >= MIN_MIDDLE_RUN
}

/// Whether the lattice `points` that are `in_middle` hold a band at least
/// half `MIN_MIDDLE_RUN` deep (chessboard distance to the other points and
/// beyond the region), not a line along an edge.
fn is_band(points: &[(f64, f64)], in_middle: &[bool], stride: usize) -> bool {
    let cell = |p: (f64, f64)| ((p.0 - 0.5) as usize / stride, (p.1 - 0.5) as usize / stride);
    let cells: Vec<(usize, usize)> = points.iter().map(|&p| cell(p)).collect();
    let (x0, y0) = cells.iter().fold((usize::MAX, usize::MAX), |(x, y), c| (x.min(c.0), y.min(c.1)));
    let (x1, y1) = cells.iter().fold((0, 0), |(x, y), c| (x.max(c.0), y.max(c.1)));
    let (w, h) = (x1 + 3 - x0, y1 + 3 - y0);
    let mut middle = vec![false; w * h];
    for (c, _) in cells.iter().zip(in_middle).filter(|(_, &m)| m) {
        middle[(c.1 + 1 - y0) * w + c.0 + 1 - x0] = true;
    }
    let deep = (MIN_MIDDLE_RUN / 2.0 / stride as f64).ceil() as u16;
    crate::grid::distance_to(w, h, |k| !middle[k], deep).contains(&deep)
}

/// The region's mean error under its best flat colors, as many as its
/// labels and the ramp's two ends: a few Lloyd iterations from those
/// colors. Two flat colors side by side that a palette asked for fewer
/// colors merged into one label, their edge oblique to the axis, give mean
/// colors that change gradually; flat colors at the ramp's ends show what
/// the pixels hold. A band's label may also hold pixels of a flat
/// neighbour of nearly its color (a JPEG's plate and a bun's body).
fn flat_error(labels: &[u8], map: &LabelMap, labs: &[Lab], stops: &[(f64, Rgb)]) -> f32 {
    let fills = labels.iter().map(|&label| map.palette[usize::from(label)]);
    let ends = [stops[0].1, stops[stops.len() - 1].1];
    let mut centers: Vec<Lab> = Vec::new();
    for color in fills.chain(ends) {
        let lab = to_lab(color);
        if !centers.contains(&lab) {
            centers.push(lab);
        }
    }
    // The first of the nearest centers, each distance taken once (squared:
    // the pass per Lloyd iteration is the fit's costliest loop).
    let nearest = |lab: &Lab, centers: &[Lab]| {
        let mut best = (0, f32::INFINITY);
        for (k, center) in centers.iter().enumerate() {
            let distance = delta_e_squared(lab, center);
            if distance < best.1 {
                best = (k, distance);
            }
        }
        best.0
    };
    for _ in 0..FLAT_ITERATIONS {
        let mut sums = vec![([0f64; 3], 0usize); centers.len()];
        for lab in labs {
            let k = nearest(lab, &centers);
            (0..3).for_each(|c| sums[k].0[c] += f64::from(lab[c]));
            sums[k].1 += 1;
        }
        for (center, (sum, n)) in centers.iter_mut().zip(sums) {
            if n > 0 {
                *center = sum.map(|v| (v / n as f64) as f32);
            }
        }
    }
    mean(labs.iter().map(|lab| delta_e(lab, &centers[nearest(lab, &centers)])))
}

/// Per label, whether its pixels inside its outlines (their four
/// neighbours share their label) are flat: one exact color, or colors
/// spread less than a ramp's least on every `FLAT_LOOK_STRIDE`th of them.
/// One pass over the map, so a logo of flat colors skips the fitting.
fn flat_labels(map: &LabelMap, canvas: &Canvas, min_span: f32) -> Vec<bool> {
    // Per label: its core's first color, whether every core pixel is that
    // color, and every `FLAT_LOOK_STRIDE`th core color (one pass, nothing
    // more kept).
    let n = map.palette.len();
    let (mut first, mut one_color) = (vec![None; n], vec![true; n]);
    let (mut seen, mut samples) = (vec![0usize; n], vec![Vec::new(); n]);
    map.for_each_inside(|i| {
        let (label, color) = (usize::from(map.labels[i]), canvas.rgb[i]);
        let first = *first[label].get_or_insert(color);
        // Samples are kept only once a second color shows (those before
        // it, all the first color, are added then): a lossless flat
        // label, most labels of most logos, keeps none.
        if one_color[label] && first != color {
            one_color[label] = false;
            samples[label] = vec![first; seen[label].div_ceil(FLAT_LOOK_STRIDE)];
        }
        if !one_color[label] && seen[label] % FLAT_LOOK_STRIDE == 0 {
            samples[label].push(color);
        }
        seen[label] += 1;
    });
    // A label's samples repeat a few colors: each is converted once.
    let mut memo = LabMemo::new();
    let mut spread_of = |sample: &Vec<Rgb>| spread(&sample.iter().map(|&c| memo.lab(c)).collect::<Vec<Lab>>());
    one_color.iter().zip(&samples).map(|(&one, sample)| one || spread_of(sample) < min_span / 4.0).collect()
}

/// Whether the region's pixels inside its labels' outlines (their four
/// neighbours share their label) are all one exact color: a lossless flat
/// fill, the most common region of all, known flat in one pass.
fn core_is_one_color(region: &[usize], map: &LabelMap, canvas: &Canvas) -> bool {
    let mut core = region.iter().filter(|&&i| map.is_inside(i));
    match core.next() {
        Some(&first) => core.all(|&i| canvas.rgb[i] == canvas.rgb[first]),
        None => true,
    }
}

/// Whether a region is flat by a cheap look, before its local means and
/// fits: raw colors spread less than a ramp's least, on every
/// `FLAT_LOOK_STRIDE`th pixel. Noise spreads raw colors more than their
/// local means, so a region flat by this look is flat by the full test.
fn looks_flat(region: &[usize], canvas: &Canvas, min_span: f32, memo: &mut LabMemo) -> bool {
    let sample: Vec<Lab> = region.iter().step_by(FLAT_LOOK_STRIDE).map(|&i| memo.lab(canvas.rgb[i])).collect();
    spread(&sample) < min_span / 4.0
}

/// The mean distance of the colors from their mean color.
fn spread(labs: &[Lab]) -> f32 {
    let center: Lab = std::array::from_fn(|c| mean(labs.iter().map(|l| l[c])));
    mean(labs.iter().map(|l| delta_e(l, &center)))
}

fn mean(values: impl Iterator<Item = f32>) -> f32 {
    let (sum, n) = values.fold((0f64, 0usize), |(s, n), v| (s + f64::from(v), n + 1));
    if n == 0 {
        0.0
    } else {
        (sum / n as f64) as f32
    }
}

/// Stops along an axis (`t` per pixel) and the region's mean error under them.
struct AxisFit {
    /// (position on the axis, color), in order.
    stops: Vec<(f64, Rgb)>,
    error: f32,
    /// The largest change between bins' mean colors (CIE76): neighbouring
    /// bins, or bins `EDGE_WIDTH` apart where bins are narrower.
    largest_step: f32,
}

/// The mean colors of the region in bins along `t`, reduced to the fewest
/// stops that hold them, and the per-pixel error of the interpolated ramp.
fn along_axis(t: &[f64], labs: &[Lab], rgbs: &[Rgb]) -> Option<AxisFit> {
    let (lo, hi) = t.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    if hi - lo <= 1.0 || hi.is_nan() || lo.is_nan() {
        return None;
    }
    let bin_of = |v: f64| (((v - lo) / (hi - lo) * BINS as f64) as usize).min(BINS - 1);
    let mut sums = vec![([0f64; 3], 0f64, 0usize); BINS];
    for (&v, rgb) in t.iter().zip(rgbs) {
        let bin = &mut sums[bin_of(v)];
        (0..3).for_each(|c| bin.0[c] += f64::from(rgb[c]));
        bin.1 += v;
        bin.2 += 1;
    }
    let least = (t.len() / (BINS * 8)).max(2);
    let curve: Vec<(f64, [f64; 3])> =
        sums.iter().filter(|b| b.2 >= least).map(|b| (b.1 / b.2 as f64, b.0.map(|s| s / b.2 as f64))).collect();
    if curve.len() < 2 {
        return None;
    }
    let labs_of_curve: Vec<Lab> = curve.iter().map(|(_, c)| to_lab(c.map(|v| v.round() as u8))).collect();
    // Each bin's change to the first bin at least an edge's width further.
    let mut largest_step = 0f32;
    let mut far = 1;
    for (k, &(at, _)) in curve.iter().enumerate() {
        far = far.max(k + 1);
        while far + 1 < curve.len() && curve[far].0 - at < EDGE_WIDTH {
            far += 1;
        }
        if far < curve.len() {
            largest_step = largest_step.max(delta_e(&labs_of_curve[k], &labs_of_curve[far]));
        }
    }
    let kept = simplify(&curve);
    let stops: Vec<(f64, Rgb)> = kept.iter().map(|&k| (curve[k].0, curve[k].1.map(|c| c.round() as u8))).collect();
    let mut memo = LabMemo::new();
    let error = mean(t.iter().zip(labs).map(|(&v, lab)| delta_e(lab, &memo.lab(color_at(&stops, v)))));
    Some(AxisFit { stops, error, largest_step })
}

/// Douglas-Peucker on the curve of mean colors: the indices of the points
/// kept as stops, the ends always, then the worst-held point while any
/// strays further than `STOP_DE` and there is room.
fn simplify(curve: &[(f64, [f64; 3])]) -> Vec<usize> {
    let mut kept = vec![0, curve.len() - 1];
    while kept.len() < MAX_STOPS {
        let mut worst = (0f32, None);
        for pair in kept.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let (ta, ca) = curve[a];
            let (tb, cb) = curve[b];
            for (k, &(t, c)) in curve.iter().enumerate().take(b).skip(a + 1) {
                let f = (t - ta) / (tb - ta);
                let line: Rgb = std::array::from_fn(|ch| (ca[ch] + (cb[ch] - ca[ch]) * f).round() as u8);
                let off = delta_e(&to_lab(c.map(|v| v.round() as u8)), &to_lab(line));
                if off > worst.0 {
                    worst = (off, Some(k));
                }
            }
        }
        match worst {
            (off, Some(k)) if off > STOP_DE => {
                let at = kept.partition_point(|&i| i < k);
                kept.insert(at, k);
            }
            _ => break,
        }
    }
    kept
}

/// The ramp's color at position `t`, as SVG interpolates it (sRGB, padded).
fn color_at(stops: &[(f64, Rgb)], t: f64) -> Rgb {
    let last = stops.len() - 1;
    if t <= stops[0].0 {
        return stops[0].1;
    }
    if t >= stops[last].0 {
        return stops[last].1;
    }
    let k = stops.partition_point(|s| s.0 <= t).clamp(1, last);
    let ((ta, ca), (tb, cb)) = (stops[k - 1], stops[k]);
    let f = if tb > ta { (t - ta) / (tb - ta) } else { 0.0 };
    std::array::from_fn(|c| (f64::from(ca[c]) + (f64::from(cb[c]) - f64::from(ca[c])) * f).round() as u8)
}

/// The region's centroid and the unit direction along which its color
/// changes most (least squares of each Lab channel on x and y).
fn linear_axis(points: &[(f64, f64)], labs: &[Lab]) -> Option<((f64, f64), (f64, f64))> {
    let n = points.len() as f64;
    let (mx, my) = points.iter().fold((0.0, 0.0), |(a, b), p| (a + p.0 / n, b + p.1 / n));
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    let mut sxc = [0f64; 3];
    let mut syc = [0f64; 3];
    for (p, lab) in points.iter().zip(labs) {
        let (dx, dy) = (p.0 - mx, p.1 - my);
        sxx += dx * dx;
        sxy += dx * dy;
        syy += dy * dy;
        for c in 0..3 {
            sxc[c] += dx * f64::from(lab[c]);
            syc[c] += dy * f64::from(lab[c]);
        }
    }
    let det = sxx * syy - sxy * sxy;
    if det.abs() < f64::EPSILON {
        return None;
    }
    // Per channel the gradient (gx, gy); the direction is the principal
    // eigenvector of the summed outer products.
    let (mut a, mut b, mut d) = (0.0, 0.0, 0.0);
    for c in 0..3 {
        let gx = (syy * sxc[c] - sxy * syc[c]) / det;
        let gy = (sxx * syc[c] - sxy * sxc[c]) / det;
        a += gx * gx;
        b += gx * gy;
        d += gy * gy;
    }
    Some(((mx, my), principal_direction(a, b, d)))
}

/// The unit principal eigenvector of the symmetric 2x2 matrix [[a, b], [b, d]].
fn principal_direction(a: f64, b: f64, d: f64) -> (f64, f64) {
    let angle = 0.5 * (2.0 * b).atan2(a - d);
    (angle.cos(), angle.sin())
}

/// The direction in which the colors change most from pixel to pixel
/// (the principal eigenvector of the summed outer products of the Lab
/// differences to the right and below, within the region). A ramp padded
/// by flat parts changes only across its ramp, which this reads whatever
/// the region's shape; least squares over the whole region leans towards
/// the shape's long side. A JPEG's noise adds the same in every direction.
/// The region's pixels lie on a lattice of spacing `stride`: their
/// neighbours are that far.
fn steepest_change(
    region: &[usize],
    labs: &[Lab],
    window: &Window,
    map_width: usize,
    stride: usize,
) -> Option<(f64, f64)> {
    let mut slot = vec![usize::MAX; window.width * window.height];
    for (k, &i) in region.iter().enumerate() {
        slot[window.index(i % map_width, i / map_width)] = k;
    }
    let (mut a, mut b, mut d) = (0.0, 0.0, 0.0);
    for (k, &i) in region.iter().enumerate() {
        let (x, at) = (i % map_width - window.left, window.index(i % map_width, i / map_width));
        if x + stride >= window.width {
            continue;
        }
        let (Some(&right), Some(&below)) = (slot.get(at + stride), slot.get(at + stride * window.width)) else {
            continue;
        };
        if right == usize::MAX || below == usize::MAX {
            continue;
        }
        let (here, right, below) = (labs[k], labs[right], labs[below]);
        for c in 0..3 {
            let gx = f64::from(right[c] - here[c]);
            let gy = f64::from(below[c] - here[c]);
            a += gx * gx;
            b += gx * gy;
            d += gy * gy;
        }
    }
    (a + d > 0.0).then(|| principal_direction(a, b, d))
}

/// The region's colors projected on their main axis, one number per
/// pixel, beside the pixels centered on their mean and scaled to the
/// region's extent: what the radial fits work on.
struct Projected {
    mean: (f64, f64),
    extent: f64,
    samples: Vec<((f64, f64), f64)>,
}

impl Projected {
    fn of(points: &[(f64, f64)], labs: &[Lab]) -> Option<Projected> {
        let n = points.len() as f64;
        let (mx, my) = points.iter().fold((0.0, 0.0), |(a, b), p| (a + p.0 / n, b + p.1 / n));
        let mean_lab: [f64; 3] = std::array::from_fn(|c| labs.iter().map(|l| f64::from(l[c])).sum::<f64>() / n);
        let axis = main_axis(labs, mean_lab)?;
        let extent = points.iter().map(|p| (p.0 - mx).abs().max((p.1 - my).abs())).fold(1.0, f64::max);
        let samples = points
            .iter()
            .zip(labs)
            .map(|(p, lab)| {
                let s: f64 = (0..3).map(|c| (f64::from(lab[c]) - mean_lab[c]) * axis[c]).sum();
                (((p.0 - mx) / extent, (p.1 - my) / extent), s)
            })
            .collect();
        Some(Projected { mean: (mx, my), extent, samples })
    }

    /// The vertex `(cx, cy)` (scaled) in canvas pixels, None when it lies
    /// far outside the region: a linear ramp bent slightly.
    fn unscaled(&self, (cx, cy): (f64, f64)) -> Option<(f64, f64)> {
        (cx.abs() <= 2.0 && cy.abs() <= 2.0).then_some((self.mean.0 + cx * self.extent, self.mean.1 + cy * self.extent))
    }

    /// The center of circular rings: the projected color fitted as
    /// `k (x² + y²) + bx x + by y + c`, whose vertex is the center; None
    /// when the fit has no curvature.
    fn circle_center(&self) -> Option<(f64, f64)> {
        let [k, bx, by, _] = least_squares(self.samples.iter().map(|&((x, y), s)| ([x * x + y * y, x, y, 1.0], s)))?;
        if k.abs() < 1e-6 {
            return None;
        }
        self.unscaled((-bx / (2.0 * k), -by / (2.0 * k)))
    }

    /// The center and shape of elliptical rings: the projected color fitted
    /// as `a x² + b xy + c y² + d x + e y + f`, whose quadratic part must
    /// curve the same way along every direction (rings, not a saddle). The
    /// color changes least along the rings' long axis.
    fn ellipse(&self) -> Option<((f64, f64), Ellipse)> {
        let [a, b, c, d, e, _] =
            least_squares(self.samples.iter().map(|&((x, y), s)| ([x * x, x * y, y * y, x, y, 1.0], s)))?;
        let det = 4.0 * a * c - b * b;
        if det <= 0.0 {
            return None;
        }
        let center = self.unscaled(((b * e - 2.0 * c * d) / det, (b * d - 2.0 * a * e) / det))?;
        // The quadratic part's eigenvalues (same sign) and the first one's direction.
        let (mean, half_gap) = ((a + c) / 2.0, ((a - c) / 2.0).hypot(b / 2.0));
        let (first, second) = (mean + half_gap, mean - half_gap);
        let first_angle = 0.5 * b.atan2(a - c);
        let (angle, slow, fast) = if mean > 0.0 {
            (first_angle + std::f64::consts::FRAC_PI_2, second, first)
        } else {
            (first_angle, first, second)
        };
        let ratio = (slow / fast).sqrt();
        (ratio.is_finite() && ratio > 0.0).then_some((center, Ellipse { angle, ratio }))
    }
}

/// The least-squares solution of `row · x = s` over the samples (the
/// normal equations, solved by Gaussian elimination with partial pivoting).
fn least_squares<const N: usize>(samples: impl Iterator<Item = ([f64; N], f64)>) -> Option<[f64; N]> {
    let mut m = [[0f64; N]; N];
    let mut v = [0f64; N];
    for (row, s) in samples {
        for (r, m_row) in m.iter_mut().enumerate() {
            for (c, cell) in m_row.iter_mut().enumerate() {
                *cell += row[r] * row[c];
            }
            v[r] += row[r] * s;
        }
    }
    for col in 0..N {
        let pivot = (col..N).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        v.swap(col, pivot);
        let (pivot_row, pivot_value) = (m[col], v[col]);
        for (row, values) in m.iter_mut().enumerate().filter(|&(row, _)| row != col) {
            let f = values[col] / pivot_row[col];
            values.iter_mut().zip(pivot_row).skip(col).for_each(|(value, p)| *value -= f * p);
            v[row] -= f * pivot_value;
        }
    }
    Some(std::array::from_fn(|r| v[r] / m[r][r]))
}

/// The unit direction of largest spread of the Lab colors (power iteration).
fn main_axis(labs: &[Lab], mean: [f64; 3]) -> Option<[f64; 3]> {
    let mut cov = [[0f64; 3]; 3];
    for lab in labs {
        let d: [f64; 3] = std::array::from_fn(|c| f64::from(lab[c]) - mean[c]);
        for r in 0..3 {
            for c in 0..3 {
                cov[r][c] += d[r] * d[c];
            }
        }
    }
    let mut v = [1.0, 0.5, 0.25];
    for _ in 0..32 {
        let next: [f64; 3] = std::array::from_fn(|r| (0..3).map(|c| cov[r][c] * v[c]).sum());
        let norm = next.iter().map(|x| x * x).sum::<f64>().sqrt();
        if norm < f64::EPSILON {
            return None;
        }
        v = next.map(|x| x / norm);
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use image::{Rgba, RgbaImage};

    use super::*;

    /// The canvas of `pixel` over a `size` square, its colors labelled with
    /// the nearest of `palette` (as the engine's palette stage would band it).
    fn banded(size: u32, palette: Vec<Rgb>, pixel: impl Fn(u32, u32) -> [u8; 4]) -> (Canvas, LabelMap) {
        let canvas = Canvas::from_rgba(&RgbaImage::from_fn(size, size, |x, y| Rgba(pixel(x, y))), false, false);
        let map = LabelMap::assign(&canvas, palette, 100.0, None);
        (canvas, map)
    }

    fn mix(a: Rgb, b: Rgb, f: f64) -> Rgb {
        std::array::from_fn(|c| (f64::from(a[c]) + (f64::from(b[c]) - f64::from(a[c])) * f).round() as u8)
    }

    const VIOLET: Rgb = [106, 17, 203];
    const BLUE: Rgb = [37, 117, 252];

    fn bands_of(a: Rgb, b: Rgb, n: usize) -> Vec<Rgb> {
        (0..n).map(|k| mix(a, b, (k as f64 + 0.5) / n as f64)).collect()
    }

    fn ramps_of(canvas: &Canvas, map: &mut LabelMap) -> Vec<Ramp> {
        let mut fills = map.palette.clone();
        find_ramps(map, canvas, &mut fills, false, 1.0, &Budget::default()).unwrap().into_iter().flatten().collect()
    }

    #[test]
    fn a_banded_linear_ramp_becomes_one_gradient_along_it() {
        let (canvas, mut map) = banded(96, bands_of(VIOLET, BLUE, 5), |x, _| {
            let [r, g, b] = mix(VIOLET, BLUE, f64::from(x) / 95.0);
            [r, g, b, 255]
        });
        let ramps = ramps_of(&canvas, &mut map);
        assert_eq!(ramps.len(), 1, "one ramp for the five bands");
        let Shape::Linear { from, to } = ramps[0].shape else { panic!("a linear ramp: {:?}", ramps[0].shape) };
        assert!((to.0 - from.0).abs() > 60.0 && (to.1 - from.1).abs() < 6.0, "runs left to right: {from:?} {to:?}");
        let (first, last) = (ramps[0].stops[0].1, ramps[0].stops[ramps[0].stops.len() - 1].1);
        assert!(delta_e(&to_lab(first), &to_lab(VIOLET)) < 8.0 && delta_e(&to_lab(last), &to_lab(BLUE)) < 8.0);
        let labels: std::collections::HashSet<u8> = map.labels.iter().copied().collect();
        assert_eq!(labels.len(), 1, "every pixel now carries the ramp's label");
    }

    #[test]
    fn a_ramp_padded_by_flat_ends_across_a_slanted_band_runs_along_its_change() {
        // A band rising to the right; down it, violet until y = 40, a ramp to
        // blue by y = 72, blue after: the color changes with y alone.
        let (canvas, mut map) = banded(128, bands_of(VIOLET, BLUE, 5), |x, y| {
            let middle = 100.0 - 0.6 * f64::from(x);
            if (f64::from(y) - middle).abs() > 30.0 {
                return [0, 0, 0, 0];
            }
            let [r, g, b] = mix(VIOLET, BLUE, ((f64::from(y) - 40.0) / 32.0).clamp(0.0, 1.0));
            [r, g, b, 255]
        });
        let ramps = ramps_of(&canvas, &mut map);
        assert_eq!(ramps.len(), 1, "one ramp for the band");
        let Shape::Linear { from, to } = ramps[0].shape else { panic!("a linear ramp: {:?}", ramps[0].shape) };
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        assert!(dx.abs() < 0.1 * dy.abs(), "runs down the image, across the band: {from:?} {to:?}");
        assert!(ramps[0].stops.len() <= 4, "flat, ramp, flat: {:?}", ramps[0].stops);
    }

    #[test]
    fn a_large_region_is_fitted_on_a_lattice_that_still_holds_every_pixel() {
        // 256 x 256: four times `FIT_SAMPLE`'s share of pixels, so its models
        // see every second pixel of every second row.
        assert_eq!(lattice_stride(FIT_SAMPLE), 1);
        assert_eq!(lattice_stride(FIT_SAMPLE + 1), 2);
        assert_eq!(lattice_stride(256 * 256), 2);
        let truth = |x: u32, y: u32| mix(VIOLET, BLUE, (f64::from(x) + 0.5 * f64::from(y)) / 383.0);
        let (canvas, mut map) = banded(256, bands_of(VIOLET, BLUE, 6), |x, y| {
            let [r, g, b] = truth(x, y);
            [r, g, b, 255]
        });
        let ramps = ramps_of(&canvas, &mut map);
        assert_eq!(ramps.len(), 1, "one ramp for the six bands");
        let Shape::Linear { from, to } = ramps[0].shape else { panic!("a linear ramp: {:?}", ramps[0].shape) };
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length_squared = dx * dx + dy * dy;
        let mut worst = 0f32;
        for (x, y) in (0..256).flat_map(|y| (0..256).map(move |x| (x, y))) {
            let (px, py) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
            let t = ((px - from.0) * dx + (py - from.1) * dy) / length_squared;
            let painted = color_at(&ramps[0].stops, t);
            worst = worst.max(delta_e(&to_lab(painted), &to_lab(truth(x, y))));
        }
        assert!(worst < 3.0, "the ramp holds every pixel within {worst} (CIE76)");
    }

    #[test]
    fn a_subtle_lossless_ramp_the_palette_bands_becomes_a_gradient() {
        // Two blues about 5 CIE76 apart, in three bands: stripes to the eye.
        let (top, bottom) = ([0x3f, 0x84, 0xf3], [0x25, 0x78, 0xeb]);
        assert!((4.0..6.0).contains(&delta_e(&to_lab(top), &to_lab(bottom))));
        let (canvas, mut map) = banded(96, bands_of(top, bottom, 3), |_, y| {
            let [r, g, b] = mix(top, bottom, f64::from(y) / 95.0);
            [r, g, b, 255]
        });
        let ramps = ramps_of(&canvas, &mut map);
        assert_eq!(ramps.len(), 1, "one gradient for the three bands");
    }

    #[test]
    fn a_radial_glow_becomes_a_radial_gradient_centred_on_it() {
        let (inner, outer) = ([255, 220, 80], [220, 40, 40]);
        let (canvas, mut map) = banded(96, bands_of(inner, outer, 5), |x, y| {
            let r = (f64::from(x) - 48.0).hypot(f64::from(y) - 48.0) / 68.0;
            let [r, g, b] = mix(inner, outer, r.min(1.0));
            [r, g, b, 255]
        });
        let ramps = ramps_of(&canvas, &mut map);
        assert_eq!(ramps.len(), 1);
        let Shape::Radial { center, ellipse, .. } = ramps[0].shape else {
            panic!("a radial ramp: {:?}", ramps[0].shape)
        };
        assert!((center.0 - 48.0).abs() < 4.0 && (center.1 - 48.0).abs() < 4.0, "centred: {center:?}");
        assert_eq!(ellipse, None, "round rings stay circles");
    }

    #[test]
    fn an_elliptical_glow_becomes_a_radial_gradient_with_elliptical_rings() {
        // Rings twice as long as they are wide, their long axis turned 30
        // degrees from the x axis, around (64, 60).
        let (inner, outer) = ([255, 220, 80], [220, 40, 40]);
        let (sin, cos) = 30f64.to_radians().sin_cos();
        let rings = |x: u32, y: u32| {
            let (dx, dy) = (f64::from(x) - 64.0, f64::from(y) - 60.0);
            (dx * cos + dy * sin).hypot(2.0 * (dy * cos - dx * sin)) / 60.0
        };
        let (canvas, mut map) = banded(128, bands_of(inner, outer, 5), |x, y| {
            if rings(x, y) > 1.0 {
                return [0, 0, 0, 0];
            }
            let [r, g, b] = mix(inner, outer, rings(x, y));
            [r, g, b, 255]
        });
        let ramps = ramps_of(&canvas, &mut map);
        assert_eq!(ramps.len(), 1);
        let Shape::Radial { center, ellipse: Some(ellipse), .. } = ramps[0].shape else {
            panic!("elliptical rings: {:?}", ramps[0].shape)
        };
        assert!((center.0 - 64.0).abs() < 3.0 && (center.1 - 60.0).abs() < 3.0, "centred: {center:?}");
        assert!((ellipse.ratio - 0.5).abs() < 0.05, "half as wide as long: {ellipse:?}");
        let turned = ellipse.angle.to_degrees().rem_euclid(180.0);
        assert!((turned - 30.0).abs() < 3.0, "long axis at 30 degrees: {ellipse:?}");
    }

    #[test]
    fn a_disc_in_a_ring_of_another_flat_color_gets_no_ring_model() {
        // Small, anti-aliased, slightly off-center: the blend along the edge
        // is a large part of the region, which a ring model with a steep
        // step can follow better than two flat colors.
        let (orange, blue) = ([252, 76, 2], [30, 136, 229]);
        for (inner, outer) in [(9.0, 17.0), (11.0, 19.0), (12.0, 20.0), (10.0, 20.0)] {
            for offset in [0.0, 0.3, 0.5] {
                let (canvas, map) = banded(48, vec![orange, blue], |x, y| {
                    let r = (f64::from(x) + 0.5 - 24.0 - offset).hypot(f64::from(y) + 0.5 - 24.0);
                    let inside = (inner + 0.5 - r).clamp(0.0, 1.0);
                    let alpha = ((outer + 0.5 - r).clamp(0.0, 1.0) * 255.0).round() as u8;
                    let [r, g, b] = mix(blue, orange, inside);
                    [r, g, b, alpha]
                });
                let region: Vec<usize> = (0..map.labels.len()).filter(|&i| map.labels[i] != TRANSPARENT).collect();
                let fit = fit_region(&region, &map, &canvas, MIN_SPAN_DE, 1.0);
                assert!(fit.is_err(), "{inner} in {outer}, {offset} off: {fit:?}");
            }
        }
    }

    #[test]
    fn flat_colors_meeting_at_an_edge_stay_flat() {
        let (canvas, mut map) = banded(96, vec![VIOLET, BLUE], |x, _| {
            // One pixel of anti-aliasing between the two halves.
            let [r, g, b] = match x {
                0..=46 => VIOLET,
                47 => mix(VIOLET, BLUE, 0.5),
                _ => BLUE,
            };
            [r, g, b, 255]
        });
        assert!(ramps_of(&canvas, &mut map).is_empty());
    }

    #[test]
    fn two_flat_colors_in_one_label_are_a_step_not_a_ramp() {
        // A label that holds two flat colors (a palette that merged them) is
        // two plateaus and one jump along any axis.
        let (canvas, mut map) = banded(96, vec![mix(VIOLET, BLUE, 0.5)], |x, _| {
            let [r, g, b] = if x < 48 { VIOLET } else { BLUE };
            [r, g, b, 255]
        });
        assert!(ramps_of(&canvas, &mut map).is_empty());
    }

    /// A fixed pseudo-random offset of -amplitude..=amplitude for each pixel
    /// and channel: grain the tests can repeat.
    fn grain(x: u32, y: u32, c: u32, amplitude: i32) -> i32 {
        let hash = (x.wrapping_mul(73_856_093) ^ y.wrapping_mul(19_349_663) ^ c.wrapping_mul(83_492_791)) % 1000;
        (hash as i32 % (2 * amplitude + 1)) - amplitude
    }

    fn grainy(color: Rgb, x: u32, y: u32, amplitude: i32) -> [u8; 4] {
        let [r, g, b] =
            std::array::from_fn(|c| (i32::from(color[c]) + grain(x, y, c as u32, amplitude)).clamp(0, 255) as u8);
        [r, g, b, 255]
    }

    #[test]
    fn fine_bands_of_a_grainy_ramp_give_way_to_it_though_they_hold_it_as_closely() {
        // Twelve bands each hold their stripe of the ramp within its grain,
        // as the ramp does: no clear gain, the same error, and stripes.
        let (canvas, mut map) =
            banded(96, bands_of(VIOLET, BLUE, 12), |x, y| grainy(mix(VIOLET, BLUE, f64::from(x) / 95.0), x, y, 6));
        let labels = labels_of(&(0..96 * 96).collect::<Vec<_>>(), &map);
        assert!(labels.len() >= 10, "the palette banded the ramp: {} bands", labels.len());
        let ramps = ramps_of(&canvas, &mut map);
        assert_eq!(ramps.len(), 1, "one ramp in place of the bands");
    }

    /// Two facets side by side on a 96 px square, each a ramp down its
    /// height over 60% of the same colors, the right one `further` along,
    /// under `bands` bands of the whole span.
    fn two_facets(bands: usize, further: f64) -> (Canvas, LabelMap) {
        let (top, bottom) = ([250, 120, 40], [60, 20, 160]);
        banded(96, bands_of(top, bottom, bands), |x, y| {
            let along = f64::from(y) / 95.0 * 0.6 + if x < 48 { 0.0 } else { further };
            let [r, g, b] = mix(top, bottom, along);
            [r, g, b, 255]
        })
    }

    #[test]
    fn two_ramps_sharing_their_bands_at_a_drawn_edge_are_two_gradients() {
        // The bands the facets share join their labels into one group,
        // while at the drawn edge between them every row steps by 40% of
        // the span.
        let (canvas, mut map) = two_facets(10, 0.4);
        let ramps = ramps_of(&canvas, &mut map);
        assert_eq!(ramps.len(), 2, "a gradient for each facet");
        for ramp in &ramps {
            let Shape::Linear { from, to } = ramp.shape else { panic!("linear: {:?}", ramp.shape) };
            assert!((to.1 - from.1).abs() > 60.0 && (to.0 - from.0).abs() < 6.0, "runs down: {from:?} {to:?}");
        }
    }

    #[test]
    fn two_ramps_whose_bands_cross_the_drawn_edge_between_them_are_cut_apart_there() {
        // Under a palette too coarse to part them, the middle band runs
        // across the edge, so no band edge tells the facets apart, while
        // every row still steps by 20% of the span there.
        let (canvas, mut map) = two_facets(3, 0.2);
        let across = |pixels: &[usize]| {
            let left = pixels.iter().filter(|&&i| i % 96 < 48).count();
            left.min(pixels.len() - left)
        };
        let everything: Vec<usize> = (0..map.labels.len()).collect();
        let Cut::Facets(facets) = cut(&everything, &map, &canvas, MIN_SPAN_DE, false) else { panic!("no facets") };
        assert_eq!(facets.len(), 2, "cut at the drawn edge");
        // Each on its side, but for a few pixels of the parted edge and
        // frame that grew back from the other.
        for facet in &facets {
            assert!(across(facet) * 100 <= facet.len(), "{} of {} pixels across the edge", across(facet), facet.len());
        }
        // Gradients paint every pixel (the first band, apart from the others
        // in its own group, gets its own), none across the edge.
        let ramps = ramps_of(&canvas, &mut map);
        assert!(ramps.len() >= 2);
        assert!(map.labels.iter().all(|&l| l >= 3), "no band left");
        for label in 3..3 + ramps.len() as u8 {
            let pixels: Vec<usize> = (0..map.labels.len()).filter(|&i| map.labels[i] == label).collect();
            assert!(across(&pixels) * 100 <= pixels.len(), "ramp {label} keeps to one side");
        }
        // Without the step the two facets are one ramp: no drawn edge to cut at.
        let (canvas, map) = two_facets(3, 0.0);
        assert_eq!(cut(&everything, &map, &canvas, MIN_SPAN_DE, false), Cut::Field, "one smooth field");
    }

    #[test]
    fn a_ramp_bent_along_an_arc_is_painted_half_by_half() {
        // Three quarters of a ring whose color runs along the arc: no one
        // linear or radial ramp holds it, its halves and quarters nearly do.
        let (canvas, mut map) = banded(128, bands_of(VIOLET, BLUE, 6), |x, y| {
            let (dx, dy) = (f64::from(x) + 0.5 - 64.0, f64::from(y) + 0.5 - 64.0);
            let (r, angle) = (dx.hypot(dy), dy.atan2(dx).rem_euclid(std::f64::consts::TAU));
            let on_arc = (36.0..60.0).contains(&r) && angle < 1.5 * std::f64::consts::PI;
            let [r, g, b] = mix(VIOLET, BLUE, angle / (1.5 * std::f64::consts::PI));
            [r, g, b, if on_arc { 255 } else { 0 }]
        });
        let arc: Vec<usize> = (0..map.labels.len()).filter(|&i| map.labels[i] != TRANSPARENT).collect();
        assert_eq!(cut(&arc, &map, &canvas, MIN_SPAN_DE, false), Cut::Field, "no drawn edge inside");
        let ramps = ramps_of(&canvas, &mut map);
        assert!(ramps.len() >= 2, "{} ramps", ramps.len());
        let painted = arc.iter().filter(|&&i| usize::from(map.labels[i]) >= 6).count();
        assert!(painted * 10 >= arc.len() * 9, "{painted} of {} pixels painted by ramps", arc.len());
        // Soft strokes a few pixels apart beside a blank field: drawn edges
        // over half of it, though their blur joins their colors into one
        // group. Nothing to halve.
        let (canvas, map) = banded(128, bands_of(BLUE, [255, 255, 255], 3), |x, _| {
            let from_stroke = if x < 64 { (f64::from(x % 8) + 0.5 - 4.0).abs() - 2.0 } else { 9.0 };
            let [r, g, b] = mix(BLUE, [255, 255, 255], (from_stroke / 3.0 + 0.5).clamp(0.0, 1.0));
            [r, g, b, 255]
        });
        let everything: Vec<usize> = (0..map.labels.len()).collect();
        assert!(matches!(cut(&everything, &map, &canvas, MIN_SPAN_DE, false), Cut::Lines), "strokes, not a field");
    }

    #[test]
    fn a_ramp_that_would_paint_a_patch_in_the_wrong_color_is_not_taken() {
        // A ramp from violet to blue across the square, and at its violet
        // end a soft glow of its blue end over a few percent of it, which
        // no linear ramp follows: one ramp across all would paint the glow
        // violet.
        let glow_at = (14.0, 48.0);
        let (canvas, mut map) = banded(96, bands_of(VIOLET, BLUE, 8), |x, y| {
            let (px, py) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
            let glow = (-((px - glow_at.0).powi(2) + (py - glow_at.1).powi(2)) / (2.0 * 6.0f64.powi(2))).exp();
            let [r, g, b] = mix(VIOLET, BLUE, (px / 96.0 + glow).min(1.0));
            [r, g, b, 255]
        });
        let source = to_lab(canvas.rgb[48 * 96 + 14]);
        let ramps = ramps_of(&canvas, &mut map);
        assert!(!ramps.is_empty(), "the ramp away from the glow is still painted");
        let at = usize::from(map.labels[48 * 96 + 14]);
        if let Some(ramp) = at.checked_sub(8).and_then(|k| ramps.get(k)) {
            let painted = to_lab(ramp.color_at_point(glow_at, 1.0));
            assert!(delta_e(&painted, &source) < PATCH_DE, "the glow painted {:.1} dE off", delta_e(&painted, &source));
        }
    }

    #[test]
    fn two_grainy_flat_colors_with_a_soft_edge_stay_flat() {
        // An edge softened over 8 px between two plates as grainy as a
        // noisy scan.
        let (canvas, mut map) = banded(96, vec![VIOLET, mix(VIOLET, BLUE, 0.5), BLUE], |x, y| {
            let f = ((f64::from(x) - 44.0) / 8.0).clamp(0.0, 1.0);
            grainy(mix(VIOLET, BLUE, f), x, y, 6)
        });
        assert!(ramps_of(&canvas, &mut map).is_empty());
    }

    #[test]
    fn a_ramps_colors_fill_its_middle_and_two_plates_leave_it_empty() {
        let stops = [(0.0, VIOLET), (1.0, BLUE)];
        let along = |f: f64| to_lab(mix(VIOLET, BLUE, f));
        let ramp: Vec<Lab> = (0..100).map(|k| along(f64::from(k) / 99.0)).collect();
        let share = middle_share(&ramp, &stops);
        assert!(share >= 0.5, "a linear ramp: {share}");
        // Two plates of 45 pixels each and a soft edge of 10 between them.
        let plates: Vec<Lab> = (0..100).map(|k| along(((f64::from(k) - 45.0) / 10.0).clamp(0.0, 1.0))).collect();
        let share = middle_share(&plates, &stops);
        assert!(share < 0.1, "two plates: {share}");
    }

    /// Lattice points of a `w` x `h` grid that `keep` holds, each with the
    /// color `along` (0 violet to 1 blue, in CIELAB) gives it.
    fn spanned(
        w: usize,
        h: usize,
        keep: impl Fn(usize, usize) -> bool,
        along: impl Fn(usize, usize) -> f32,
    ) -> (Vec<(f64, f64)>, Vec<Lab>) {
        let (violet, blue) = (to_lab(VIOLET), to_lab(BLUE));
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| keep(x, y))
            .map(|(x, y)| {
                let a = along(x, y);
                ((x as f64 + 0.5, y as f64 + 0.5), std::array::from_fn(|c| violet[c] + a * (blue[c] - violet[c])))
            })
            .unzip()
    }

    #[test]
    fn a_padded_ramps_middle_runs_along_its_axis_and_an_edge_or_a_facet_does_not() {
        let ramp = |from: (f64, f64), to: (f64, f64)| Ramp {
            shape: Shape::Linear { from, to },
            stops: vec![(0.0, VIOLET), (1.0, BLUE)],
        };
        let down = ramp((0.0, 10.0), (0.0, 30.0));
        let rising = |from: f32, over: f32| move |_: usize, y: usize| ((y as f32 + 0.5 - from) / over).clamp(0.0, 1.0);
        // Flat ends around a ramp 20 px long: its middle is a band 14 px wide.
        let (points, labs) = spanned(40, 60, |_, _| true, rising(10.0, 20.0));
        assert!(middle_runs_along(&points, &labs, &down, 1, 1.0), "a padded ramp");
        let (points, labs) = spanned(40, 60, |x, y| x % 2 == 0 && y % 2 == 0, rising(10.0, 20.0));
        assert!(middle_runs_along(&points, &labs, &down, 2, 1.0), "on a lattice of every second pixel too");
        // A ramp 14 px long (Cypress's ring at its dark end): a middle 10 px wide.
        let short = ramp((0.0, 20.0), (0.0, 34.0));
        let (points, labs) = spanned(40, 60, |_, _| true, rising(20.0, 14.0));
        assert!(middle_runs_along(&points, &labs, &short, 1, 1.0), "a short padded ramp");
        // Two flat colors with a soft edge 4 px wide: the same axis.
        let (points, labs) = spanned(40, 60, |_, _| true, rising(18.0, 4.0));
        assert!(!middle_runs_along(&points, &labs, &down, 1, 1.0), "a soft edge");
        // A line of middle colors drifting along it: long, but no band.
        let across = ramp((0.0, 0.0), (40.0, 0.0));
        let (points, labs) = spanned(
            40,
            40,
            |x, y| x.abs_diff(y) <= 1 || x.abs_diff(y) > 12,
            |x, y| {
                if x.abs_diff(y) <= 1 {
                    0.15 + 0.7 * x as f32 / 39.0
                } else if x > y {
                    1.0
                } else {
                    0.0
                }
            },
        );
        assert!(!middle_runs_along(&points, &labs, &across, 1, 1.0), "an oblique edge");
        // A facet of one color between the two, grainy: a band, but flat.
        let grain = |x: usize, y: usize| 0.02 * ((x * 7 + y * 3) % 5) as f32;
        let facet = |x: usize, y: usize| {
            if y < 20 {
                0.0
            } else if y < 40 {
                0.46 + grain(x, y)
            } else {
                1.0
            }
        };
        let (points, labs) = spanned(40, 60, |_, _| true, facet);
        assert!(!middle_runs_along(&points, &labs, &down, 1, 1.0), "a facet between two colors");
    }

    #[test]
    fn a_bands_thin_pieces_along_its_ramp_join_the_ramp_and_its_others_stay() {
        // Flat color 0 on the left, the ramp (label 2) on the right, band 1
        // (which the ramp took in) as a one-pixel line between them, as a
        // 3x3 block inside the ramp, and as a line apart in the flat color.
        let rows = ["0001222222", "0001222222", "1001211122", "1001211122", "0001211122", "0001222222"];
        let labels: Vec<u8> = rows.iter().flat_map(|row| row.bytes().map(|b| b - b'0')).collect();
        let mut map = LabelMap { width: 10, height: 6, labels, palette: vec![[0, 0, 0]; 3] };
        absorb_slivers(&mut map, &[false, true], 2);
        let expected = ["0002222222", "0002222222", "1002211122", "1002211122", "0002211122", "0002222222"];
        let got: Vec<String> =
            map.labels.chunks(10).map(|row| row.iter().map(|l| char::from(b'0' + l)).collect()).collect();
        assert_eq!(got, expected, "the line along the ramp joins it; the block and the line apart stay");
    }

    #[test]
    fn a_lossy_sources_softened_facet_edge_keeps_the_facets_apart() {
        // Two facets of near lightness whose edge a JPEG's chroma spread has
        // softened over 8 px: 2 px either side the step is not yet whole and
        // it goes on growing, as a ramp's would; 3 px out it is all but done.
        let (cyan, green) = ([60, 190, 200], [120, 200, 110]);
        let (canvas, map) = banded(96, vec![cyan, green], |x, _| {
            let [r, g, b] = mix(cyan, green, ((f64::from(x) - 43.5) / 8.0).clamp(0.0, 1.0));
            [r, g, b, 255]
        });
        let groups = |lossy: bool| ramp_groups(&map, &canvas, lossy).labels;
        assert_eq!(groups(true), vec![0, 1], "two facets of a lossy source");
        assert_eq!(groups(false), vec![0, 0], "a lossless source's 8 px blend reads as a ramp");
    }

    #[test]
    fn stops_are_as_few_as_hold_the_curve() {
        let straight: Vec<(f64, [f64; 3])> =
            (0..10).map(|k| (f64::from(k), [f64::from(k) * 20.0, 50.0, 100.0])).collect();
        assert_eq!(simplify(&straight), vec![0, 9], "a straight ramp needs its two ends");
        let bent: Vec<(f64, [f64; 3])> =
            (0..10).map(|k| (f64::from(k), [if k < 5 { f64::from(k) * 40.0 } else { 200.0 }, 50.0, 100.0])).collect();
        assert_eq!(simplify(&bent).len(), 3, "a ramp that stops halfway needs a middle stop");
    }

    #[test]
    fn colors_between_stops_interpolate_in_srgb_and_pad_at_the_ends() {
        let stops = [(0.25, [0, 0, 0]), (0.75, [200, 100, 50])];
        assert_eq!(color_at(&stops, 0.0), [0, 0, 0]);
        assert_eq!(color_at(&stops, 0.5), [100, 50, 25]);
        assert_eq!(color_at(&stops, 1.0), [200, 100, 50]);
    }
}
