//! Tracing the indexed image: one stacked layer per palette color, each a
//! binary mask fitted by our own curve fitter (`fit`) and serialized by our
//! compact writer. Plain vtracer remains only as the benchmark baseline (`hooks`).

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::budget::Budget;
use crate::cores;
use crate::error::EngineResult;
use crate::fit::{trace_mask, FitParams, Mask};
use crate::grid::{self, distance_to, Forest, PixelBox, Run};
use crate::labels::{LabelMap, TRANSPARENT};
use crate::ramps::Ramp;
use crate::svg::{Layer, PathWriter};

/// Coordinates: one decimal (a twentieth of a pixel at worst), unless the
/// output is small enough that the SVG will be scaled up. On the dev corpus
/// one decimal keeps the rendered error within 1% of full precision (mean
/// error 0.664 against 0.660 with two or three decimals, PNG; 1.695 against
/// 1.694, JPEG) for 18% fewer bytes than two; whole numbers would add 39%.
fn decimals_for(width: usize, height: usize, scale: f64) -> u32 {
    if width.max(height) as f64 * scale >= 200.0 {
        1
    } else {
        2
    }
}

/// How far (image pixels) a lower layer stays inside the colors above it
/// along their other edges, and how far it always reaches under them across
/// a shared edge.
const UNDERLAP: f64 = 2.0;

/// The pixels layer `rank` paints: its own color's, and those of the colors
/// above it that join it (`joined_to_own`), except near where those border
/// anything else (transparency or a color below). So the layer reaches under
/// its upper neighbours across their shared edges (no seam: the upper
/// color's anti-aliased edge lies on solid color) and stays `reach` pixels
/// inside their other edges (no fringe of the lower color along them). A
/// pixel within `reach` of both keeps the layer when it is at least as near
/// its own color.
///
/// The mask covers only the window around those colors, whose box is
/// `colors` (a margin wider than `reach`, so every distance that matters is
/// measured in it): a small upper color costs its own box, not the whole
/// image. `below` is what the layer just under this one measured, if it did:
/// this layer's outside is that layer's outside and its color, so the
/// distance to it is the nearer of the two it measured (one distance pass
/// less a layer). Returns the mask and what this layer measured.
fn layer_mask(
    map: &LabelMap,
    rank: usize,
    reach: u16,
    boxes: LayerBoxes,
    opacity: &[f32],
    below: Option<&Measured>,
) -> (Mask, Option<Measured>) {
    let margin = usize::from(reach) + 2;
    let window = boxes.painted.grown(margin, map.width, map.height).xywh();
    let (x0, y0, w, h) = window;
    let labels = grid::crop(&map.labels, map.width, x0, y0, w, h);
    // What each label is to this layer, looked up once per pixel: its own
    // color, or an opaque color above it (translucent art above shows what
    // lies under it: no layer reaches there).
    let mut role = [Role::Other; 256];
    role[rank] = Role::Own;
    for (label, r) in role.iter_mut().enumerate().take(usize::from(TRANSPARENT)).skip(rank + 1) {
        if opacity.get(label).is_some_and(|&o| o >= 1.0) {
            *r = Role::Upper;
        }
    }
    let role_of = |i: usize| role[usize::from(labels[i])];
    let own = |i: usize| role_of(i) == Role::Own;
    let (mask, measured) = if boxes.under_opaque {
        let cap = reach.saturating_add(1);
        let to_outside = match below.filter(|below| below.holds(window)) {
            Some(below) => below.outside_above(window),
            None => distance_to(w, h, |i| labels[i] == TRANSPARENT || (labels[i] as usize) < rank, cap),
        };
        let to_own = distance_to_own(map, rank, boxes.own, window, cap);
        let painted = joined_to_own(w, h, own, |i| {
            role_of(i) == Role::Upper && (to_outside[i] > reach || to_own[i] <= reach || to_own[i] <= to_outside[i])
        });
        let mask = Mask::from_cells(w, h, &painted);
        (mask, Some(Measured { window, to_outside, to_own }))
    } else {
        (Mask::from_fn(w, h, own), None)
    };
    (mask.placed_at((x0 as i32, y0 as i32)), measured)
}

/// Per cell of a `w` x `h` grid, `PAINTED` where the layer paints: its `own`
/// cells, and those it may reach `under` its upper colors that join them
/// through such cells (4-neighbours). The layer reaches under the art it
/// touches, not under other art, where it hides no seam of its color (an
/// icon apart from a wordmark's letters would otherwise repeat as a blob in
/// the letters' path, and every lower layer of a busy logo would repeat the
/// outlines of every piece above it).
fn joined_to_own(w: usize, h: usize, own: impl Fn(usize) -> bool, under: impl Fn(usize) -> bool) -> Vec<u8> {
    let mut state: Vec<u8> = (0..w * h)
        .map(|i| {
            if own(i) {
                PAINTED
            } else if under(i) {
                UNDER
            } else {
                CLEAR
            }
        })
        .collect();
    // The cells under upper colors as runs along rows, joined into
    // components (4-connected). A component touches the layer's color when
    // one of its runs does; its first run gathers that.
    let (runs, component) = grid::connected_runs(&state, w, |cell| cell == UNDER);
    let mut touches = vec![false; runs.len()];
    for (&Run { y, start, end }, &first) in runs.iter().zip(&component) {
        let row = &state[y * w..(y + 1) * w];
        let painted_in = |r: usize| state[r * w + start..r * w + end].contains(&PAINTED);
        touches[first] |= start > 0 && row[start - 1] == PAINTED
            || end < w && row[end] == PAINTED
            || y > 0 && painted_in(y - 1)
            || y + 1 < h && painted_in(y + 1);
    }
    for (&Run { y, start, end }, &first) in runs.iter().zip(&component) {
        let verdict = if touches[first] { PAINTED } else { CLEAR };
        state[y * w + start..y * w + end].fill(verdict);
    }
    state
}

/// `joined_to_own`'s cells: not painted, painted by the layer, and under
/// its upper colors (not yet known to join it). The first two are a mask's
/// outside and inside, so its result is the layer's mask as it stands
/// (`Mask::from_cells`).
const CLEAR: u8 = 0;
const PAINTED: u8 = 1;
const UNDER: u8 = 2;

/// What a label is to the layer being masked.
#[derive(Clone, Copy, PartialEq)]
enum Role {
    Own,
    /// An opaque color above the layer, which it reaches under.
    Upper,
    Other,
}

/// The distance to the layer's own color over its `window`, capped at
/// `cap`: measured only around that color (its box grown by the cap, inside
/// the window, whose margin is wider), since farther away it is `cap` anyway.
fn distance_to_own(
    map: &LabelMap,
    rank: usize,
    own: Option<PixelBox>,
    (x0, y0, w, h): (usize, usize, usize, usize),
    cap: u16,
) -> Vec<u16> {
    let mut to_own = vec![cap; w * h];
    let Some(own) = own else { return to_own };
    let (ox, oy, ow, oh) = own.grown(usize::from(cap), map.width, map.height).xywh();
    debug_assert!(
        ox >= x0 && oy >= y0 && ox + ow <= x0 + w && oy + oh <= y0 + h,
        "the color's surroundings lie in the window"
    );
    let labels = grid::crop(&map.labels, map.width, ox, oy, ow, oh);
    let near = distance_to(ow, oh, |i| usize::from(labels[i]) == rank, cap);
    for (row, distances) in near.chunks_exact(ow).enumerate() {
        let at = (oy - y0 + row) * w + (ox - x0);
        to_own[at..at + ow].copy_from_slice(distances);
    }
    to_own
}

/// The capped distances a layer measured over its window (x, y, width, height).
struct Measured {
    window: (usize, usize, usize, usize),
    to_outside: Vec<u16>,
    to_own: Vec<u16>,
}

impl Measured {
    /// Whether the `window` of the layer above lies inside this one's: its
    /// colors are a subset of these, but the art joined to them need not be.
    fn holds(&self, (x0, y0, w, h): (usize, usize, usize, usize)) -> bool {
        let (left, top, width, height) = self.window;
        x0 >= left && y0 >= top && x0 + w <= left + width && y0 + h <= top + height
    }

    /// The distance to the outside of the layer above (this layer's outside
    /// and its own color) over that layer's `window`, which this one's holds.
    /// Near the window's edge it can be shorter than measuring in the window
    /// alone would give, but only its upper colors' cells are read, and those
    /// lie deeper than the cap.
    fn outside_above(&self, (x0, y0, w, h): (usize, usize, usize, usize)) -> Vec<u16> {
        let (left, top, width, _) = self.window;
        let mut out = Vec::with_capacity(w * h);
        for y in y0..y0 + h {
            let row = (y - top) * width + (x0 - left);
            out.extend((row..row + w).map(|k| self.to_outside[k].min(self.to_own[k])));
        }
        out
    }
}

/// Where a layer's colors lie: the box of its own color (None when it has
/// no pixel) and of all it may paint, its own color and the opaque art above
/// it that touches it; and whether such art touches it, which the layer
/// reaches under.
#[derive(Clone, Copy)]
struct LayerBoxes {
    own: Option<PixelBox>,
    painted: PixelBox,
    under_opaque: bool,
}

/// Each layer's boxes by rank (None for a layer that paints nothing).
/// `opacity` is each label's. A layer reaches only under the upper art
/// joined to its own color (`joined_to_own`), so its window holds that art,
/// not all the art above it: on a busy logo (a squirrel's tail of 70
/// colors) the windows of all the colors above covered three times the
/// cells. The art above grows one color at a time from the top layer down,
/// its pieces joined as runs along rows (`LabelRuns`), each piece's box kept
/// at its root.
fn layer_boxes(map: &LabelMap, opacity: &[f32]) -> Vec<Option<LayerBoxes>> {
    let runs = LabelRuns::of(map);
    let mut pieces = Forest::new(runs.runs.len());
    let mut piece_boxes: Vec<PixelBox> = runs.runs.iter().map(|&(run, _)| run.pixel_box()).collect();
    let mut upper = vec![false; runs.runs.len()];
    let mut of_label: Vec<Vec<usize>> = vec![Vec::new(); map.palette.len()];
    for (k, &(_, label)) in runs.runs.iter().enumerate() {
        if label != TRANSPARENT {
            of_label[usize::from(label)].push(k);
        }
    }
    // Each color's own box, from its runs (no second pass over the map).
    let own: Vec<Option<PixelBox>> =
        of_label.iter().map(|of| of.iter().map(|&k| piece_boxes[k]).reduce(PixelBox::union)).collect();
    let mut boxes = vec![None; own.len()];
    for rank in (0..own.len()).rev() {
        if let Some(own_box) = own[rank] {
            let (mut painted, mut under_opaque) = (own_box, false);
            for &k in &of_label[rank] {
                for j in runs.neighbours(k).filter(|&j| upper[j]) {
                    painted = painted.union(piece_boxes[pieces.root(j)]);
                    under_opaque = true;
                }
            }
            boxes[rank] = Some(LayerBoxes { own: own[rank], painted, under_opaque });
        }
        if opacity.get(rank).is_some_and(|&o| o >= 1.0) {
            for &k in &of_label[rank] {
                upper[k] = true;
                for j in runs.neighbours(k).filter(|&j| upper[j]) {
                    let joined = piece_boxes[pieces.root(k)].union(piece_boxes[pieces.root(j)]);
                    pieces.join(k, j);
                    piece_boxes[pieces.root(k)] = joined;
                }
            }
        }
    }
    boxes
}

/// A label map as runs of one label along its rows, in raster order, each
/// row covered by its runs: a run's 4-neighbours are the runs beside it in
/// its row and those it overlaps in the rows above and below.
struct LabelRuns {
    runs: Vec<(Run, u8)>,
    /// Where each row's runs start in `runs`, and where the last row's end.
    rows: Vec<usize>,
}

impl LabelRuns {
    fn of(map: &LabelMap) -> LabelRuns {
        let (mut runs, mut rows) = (Vec::new(), Vec::with_capacity(map.height + 1));
        for (y, row) in map.labels.chunks_exact(map.width).enumerate() {
            rows.push(runs.len());
            let mut x = 0;
            while x < row.len() {
                let (label, start) = (row[x], x);
                while x < row.len() && row[x] == label {
                    x += 1;
                }
                runs.push((Run { y, start, end: x }, label));
            }
        }
        rows.push(runs.len());
        LabelRuns { runs, rows }
    }

    fn neighbours(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        let Run { y, start, end } = self.runs[k].0;
        let beside = [k.checked_sub(1).filter(|&j| j >= self.rows[y]), Some(k + 1).filter(|&j| j < self.rows[y + 1])];
        let overlapping = move |row: usize| {
            let range = self.rows[row]..self.rows[row + 1];
            let first = range.start + self.runs[range.clone()].partition_point(|(run, _)| run.end <= start);
            (first..range.end).take_while(move |&j| self.runs[j].0.start < end)
        };
        let above = y.checked_sub(1).into_iter().flat_map(overlapping);
        let below = Some(y + 1).filter(|&row| row + 1 < self.rows.len()).into_iter().flat_map(overlapping);
        beside.into_iter().flatten().chain(above).chain(below)
    }
}

/// How each label's layer is painted beyond its flat color, by label.
pub struct LayerPaint<'a> {
    pub ramps: &'a [Option<Ramp>],
    pub opacity: &'a [f32],
}

/// Trace every color of `map` as a stacked layer, bottom (largest) first:
/// the layer of color k covers color k and reaches under the colors above it
/// (see [`layer_mask`]), so adjacent colors overlap instead of leaving seams.
/// `resolution` is how many map pixels make one canvas pixel, `grain` how
/// many the fitter measures straightness in
/// ([`FitParams::with_grain`]), and `scale` maps map pixels to output
/// pixels. `smoothing` drives the fitter as documented on
/// [`FitParams::for_smoothing`]. A second thread takes layers too while a
/// core is spare (`cores::spare`); the layers are the same either way.
pub fn trace_layers(
    map: &LabelMap,
    paint: &LayerPaint,
    smoothing: u32,
    resolution: f64,
    grain: f64,
    scale: f64,
    budget: &Budget,
) -> EngineResult<Vec<Layer>> {
    let tracer = LayerTracer {
        map,
        paint,
        params: FitParams::for_smoothing(smoothing, resolution).with_grain(grain),
        decimals: decimals_for(map.width, map.height, scale),
        reach: (UNDERLAP * resolution).round().clamp(1.0, 254.0) as u16,
        scale,
        boxes: layer_boxes(map, paint.opacity),
    };
    let ranks: Vec<usize> = (0..map.palette.len()).filter(|&rank| tracer.boxes[rank].is_some()).collect();
    let threads = if ranks.len() >= 2 && cores::spare() { 2 } else { 1 };
    tracer.trace(&ranks, threads, budget)
}

/// Layers are handed to threads in runs of consecutive ones, about this
/// many runs a thread: a layer measures from the one below it only when the
/// same thread traced that one (a distance pass less), and several runs let
/// the thread that drew the large lower layers leave the rest to the other.
const RUNS_PER_THREAD: usize = 4;

/// What tracing the layers of one map shares.
struct LayerTracer<'a> {
    map: &'a LabelMap,
    paint: &'a LayerPaint<'a>,
    params: FitParams,
    decimals: u32,
    reach: u16,
    scale: f64,
    boxes: Vec<Option<LayerBoxes>>,
}

impl LayerTracer<'_> {
    /// The layers of `ranks`, in order, on `threads` threads (this one and
    /// helpers), each taking the next run of layers still to do
    /// (`runs_of_layers`).
    fn trace(&self, ranks: &[usize], threads: usize, budget: &Budget) -> EngineResult<Vec<Layer>> {
        let runs = self.runs_of_layers(ranks, threads);
        let next = AtomicUsize::new(0);
        let mut traced = if threads <= 1 {
            self.trace_runs(ranks, &runs, &next, budget)?
        } else {
            std::thread::scope(|scope| {
                let helpers: Vec<_> = (1..threads)
                    .map(|_| {
                        let handoff = budget.handoff();
                        scope.spawn(|| self.trace_runs(ranks, &runs, &next, &handoff.start()))
                    })
                    .collect();
                let mut traced = self.trace_runs(ranks, &runs, &next, budget);
                for helper in helpers {
                    let theirs = helper.join().unwrap_or_else(|payload| std::panic::resume_unwind(payload));
                    traced = traced.and_then(|mut traced| {
                        traced.extend(theirs?);
                        Ok(traced)
                    });
                }
                traced
            })?
        };
        traced.sort_unstable_by_key(|&(k, _)| k);
        Ok(traced.into_iter().filter_map(|(_, layer)| layer).collect())
    }

    /// `ranks` cut into runs of consecutive layers of about equal work (a
    /// layer's window, `LayerBoxes::painted`), `RUNS_PER_THREAD` for each of
    /// `threads`, or one run for one thread.
    fn runs_of_layers(&self, ranks: &[usize], threads: usize) -> Vec<Range<usize>> {
        let parts = if threads <= 1 { 1 } else { RUNS_PER_THREAD * threads };
        let work: Vec<usize> = ranks.iter().map(|&rank| self.boxes[rank].map_or(0, |b| b.painted.area())).collect();
        let share = work.iter().sum::<usize>().div_ceil(parts).max(1);
        let mut runs = Vec::new();
        let (mut start, mut sum) = (0, 0);
        for (k, &w) in work.iter().enumerate() {
            sum += w;
            if sum >= share || k + 1 == work.len() {
                runs.push(start..k + 1);
                (start, sum) = (k + 1, 0);
            }
        }
        runs
    }

    /// Traces the `runs` of `ranks` that `next` hands this thread, each
    /// layer with its place in `ranks`. A layer measures from the one below
    /// it when this thread traced that one too (`layer_mask`). A failure
    /// takes the rest of the work from the other threads.
    fn trace_runs(
        &self,
        ranks: &[usize],
        runs: &[Range<usize>],
        next: &AtomicUsize,
        budget: &Budget,
    ) -> EngineResult<Vec<(usize, Option<Layer>)>> {
        let mut traced = Vec::new();
        let mut below: Option<(usize, Measured)> = None;
        while let Some(run) = runs.get(next.fetch_add(1, Ordering::Relaxed)) {
            for k in run.clone() {
                let measured_below = below.take().filter(|&(last, _)| last + 1 == k).map(|(_, measured)| measured);
                match self.layer(ranks[k], measured_below.as_ref(), budget) {
                    Ok((layer, measured)) => {
                        below = measured.map(|measured| (k, measured));
                        traced.push((k, layer));
                    }
                    Err(error) => {
                        next.store(runs.len(), Ordering::Relaxed);
                        return Err(error);
                    }
                }
            }
        }
        Ok(traced)
    }

    /// Layer `rank` (None when its paths are empty) and what its mask measured.
    fn layer(
        &self,
        rank: usize,
        below: Option<&Measured>,
        budget: &Budget,
    ) -> EngineResult<(Option<Layer>, Option<Measured>)> {
        let Some(boxes) = self.boxes[rank] else { return Ok((None, None)) };
        let (mask, measured) = layer_mask(self.map, rank, self.reach, boxes, self.paint.opacity, below);
        let mut writer = PathWriter::new(self.decimals);
        trace_mask(&mask, &self.params, self.scale, &mut writer, budget)?;
        let layer = (!writer.is_empty()).then(|| Layer {
            color: self.map.palette[rank],
            ramp: self.paint.ramps.get(rank).cloned().flatten(),
            opacity: self.paint.opacity[rank],
            d: writer.finish(),
        });
        Ok((layer, measured))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    use super::*;
    use crate::color::Rgb;

    #[test]
    fn the_cells_under_upper_colors_join_the_layer_as_a_flood_would_join_them() {
        // Random grids of own, under and clear cells beside a plain flood of each component.
        let mut seed = 5u32;
        for (w, h) in [(1, 1), (1, 12), (12, 1), (19, 14), (40, 9)] {
            let cells: Vec<u32> = (0..w * h)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 16) % 7
                })
                .collect();
            let (own, under) = (|i: usize| cells[i] == 0, |i: usize| cells[i] >= 3);
            let mut expected: Vec<u8> = (0..w * h).map(|i| u8::from(own(i))).collect();
            let mut seen = vec![false; w * h];
            for start in (0..w * h).filter(|&i| under(i)) {
                if seen[start] {
                    continue;
                }
                seen[start] = true;
                let (mut stack, mut component, mut touches) = (vec![start], Vec::new(), false);
                while let Some(i) = stack.pop() {
                    component.push(i);
                    for j in grid::neighbours4(i, w, h) {
                        touches |= own(j);
                        if under(j) && !seen[j] {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                }
                for i in component {
                    expected[i] = u8::from(touches);
                }
            }
            assert_eq!(joined_to_own(w, h, own, under), expected, "{w}x{h}");
        }
    }

    fn map(rows: &[&str]) -> LabelMap {
        LabelMap::from_rows(rows, TRANSPARENT, vec![[0, 0, 0], [255, 0, 0]])
    }

    /// Layer `rank`'s mask, as `trace_layers` builds it (reach 2).
    fn layer(map: &LabelMap, rank: usize) -> Option<Mask> {
        let opacity = vec![1.0; map.palette.len()];
        layer_boxes(map, &opacity)[rank].map(|boxes| layer_mask(map, rank, 2, boxes, &opacity, None).0)
    }

    fn painted(mask_rows: &LabelMap, rank: usize) -> Vec<String> {
        let mask = layer(mask_rows, rank).expect("the layer paints something");
        let mut out = Vec::new();
        for y in 0..mask_rows.height {
            out.push((0..mask_rows.width).map(|x| if mask.contains(x, y) { '#' } else { '.' }).collect());
        }
        out
    }

    #[test]
    fn a_lower_layer_reaches_under_its_neighbour_but_not_past_its_far_edge() {
        let m = map(&["..........", ".000011111", ".000011111", ".000011111", ".000011111", ".........."]);
        assert_eq!(
            painted(&m, 0),
            vec!["..........", ".######...", ".######...", ".######...", ".######...", ".........."]
        );
        assert_eq!(painted(&m, 1)[1], ".....#####");
    }

    #[test]
    fn a_small_upper_colors_layer_is_its_window_of_the_image() {
        let mut rows = vec!["....................".to_string(); 12];
        rows[5].replace_range(8..11, "111");
        rows[6].replace_range(8..11, "111");
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let m = map(&rows);
        let mask = layer(&m, 1).expect("red paints its square");
        assert_eq!(mask.origin(), (4, 1), "the square's box grown by the reach and two");
        let painted = painted(&m, 1);
        assert_eq!(painted[5], "........###.........");
        assert_eq!(painted.iter().filter(|r| r.contains('#')).count(), 2);
        // Traced from the window, the outline is where tracing the whole image puts it.
        let whole = Mask::from_fn(m.width, m.height, |i| m.labels[i] == 1);
        let outline = |mask: &Mask| {
            let mut writer = PathWriter::new(1);
            trace_mask(mask, &FitParams::for_smoothing(20, 1.0), 1.0, &mut writer, &Budget::default()).unwrap();
            writer.finish()
        };
        assert_eq!(outline(&mask), outline(&whole));
        assert!(layer(&map(&["..", ".."]), 0).is_none(), "no pixel of it: no layer");
    }

    /// Four colors nested and side by side, some touching transparency.
    fn nested() -> LabelMap {
        let rows = [
            "....................",
            ".000000000000000....",
            ".000111111110000.22.",
            ".001111222211000.22.",
            ".001133332211000....",
            ".0011333322110000000",
            ".001111222211000....",
            ".000111111110000.33.",
            ".000000000000000.33.",
            ".000000000000000....",
            ".000000000000000....",
            ".000000000220000....",
            ".000000000220000....",
            ".000000000000000....",
            ".000000000000000....",
            "....................",
        ];
        LabelMap::from_rows(&rows, TRANSPARENT, vec![[0, 0, 0], [255, 0, 0], [0, 255, 0], [0, 0, 255]])
    }

    /// `nested`'s layers traced on `threads` threads: each layer's color and path.
    fn traced_on(threads: usize, budget: &Budget) -> EngineResult<Vec<(Rgb, String)>> {
        let map = nested();
        let opacity = vec![1.0; map.palette.len()];
        let paint = LayerPaint { ramps: &[], opacity: &opacity };
        let tracer = LayerTracer {
            map: &map,
            paint: &paint,
            params: FitParams::for_smoothing(20, 1.0),
            decimals: 1,
            reach: 2,
            scale: 1.0,
            boxes: layer_boxes(&map, &opacity),
        };
        let ranks: Vec<usize> = (0..map.palette.len()).collect();
        let layers = tracer.trace(&ranks, threads, budget)?;
        Ok(layers.into_iter().map(|layer| (layer.color, layer.d)).collect())
    }

    #[test]
    fn layers_traced_on_several_threads_are_the_layers_one_thread_traces() {
        let one = traced_on(1, &Budget::default()).unwrap();
        assert_eq!(one.len(), 4, "every color is a layer");
        for threads in [2, 3, 5] {
            assert_eq!(traced_on(threads, &Budget::default()).unwrap(), one, "{threads} threads");
        }
    }

    #[test]
    fn a_cancelled_trace_on_several_threads_fails_as_it_does_on_one() {
        let cancelled = Arc::new(AtomicBool::new(true));
        for threads in [1, 2] {
            let budget = Budget::of(None, Some(cancelled.clone()));
            assert_eq!(traced_on(threads, &budget).unwrap_err().code(), "ABORTED", "{threads} threads");
        }
    }

    #[test]
    fn the_distance_to_a_color_measured_around_it_is_the_distance_over_the_window() {
        let m = nested();
        for (rank, boxes) in layer_boxes(&m, &vec![1.0; m.palette.len()]).into_iter().enumerate() {
            let boxes = boxes.expect("every color paints");
            let window = boxes.painted.grown(4, m.width, m.height).xywh();
            let (x0, y0, w, h) = window;
            let labels = grid::crop(&m.labels, m.width, x0, y0, w, h);
            let over_window = distance_to(w, h, |i| usize::from(labels[i]) == rank, 3);
            assert_eq!(distance_to_own(&m, rank, boxes.own, window, 3), over_window, "color {rank}");
        }
    }

    #[test]
    fn a_layer_measuring_from_the_one_below_paints_what_it_would_measuring_alone() {
        let m = nested();
        let opacity = vec![1.0; m.palette.len()];
        let boxes = layer_boxes(&m, &opacity);
        let whole = |mask: &Mask| -> Vec<bool> {
            (0..m.height).flat_map(|y| (0..m.width).map(move |x| (x, y))).map(|(x, y)| mask.contains(x, y)).collect()
        };
        let mut below = None;
        let mut carried = 0;
        for (rank, boxes) in boxes.iter().enumerate() {
            let boxes = boxes.expect("every color paints");
            let (mask, measured) = layer_mask(&m, rank, 2, boxes, &opacity, below.as_ref());
            carried += usize::from(below.is_some());
            let (alone, _) = layer_mask(&m, rank, 2, boxes, &opacity, None);
            assert_eq!(whole(&mask), whole(&alone), "layer {rank}");
            below = measured;
        }
        assert_eq!(carried, 3, "every layer above the first measured from the one below");
    }

    #[test]
    fn a_lower_layer_does_not_reach_under_art_apart_from_it() {
        // A bar of color 0, and apart from it a square of color 1 deep enough
        // that its middle lies further from the transparency than the reach.
        let mut rows = vec![".000............".to_string(); 9];
        for row in &mut rows[1..8] {
            row.replace_range(8..15, "1111111");
        }
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let apart = painted(&map(&rows), 0);
        assert!(apart.iter().all(|r| r == ".###............"), "{apart:?}");
        // Joined to the bar, the square is underlaid but along its free edges.
        let joined: Vec<String> = rows.iter().map(|r| r.replacen("....", "0000", 1)).collect();
        let joined: Vec<&str> = joined.iter().map(String::as_str).collect();
        assert_eq!(painted(&map(&joined), 0)[4], ".############...");
    }

    #[test]
    fn a_layers_window_holds_the_upper_art_joined_to_it_and_not_the_art_apart() {
        // Color 0 is a bar; color 1 a square apart from it, then joined to it
        // through color 2, which is translucent in the last case.
        let apart = map(&["00.......", "00....11.", "00....11.", "........."]);
        let boxes = layer_boxes(&apart, &[1.0, 1.0]);
        let bar = boxes[0].expect("the bar paints");
        assert_eq!(bar.painted.xywh(), (0, 0, 2, 3), "the window of the bar alone");
        assert!(!bar.under_opaque, "nothing above touches the bar");
        assert_eq!(boxes[1].expect("the square paints").painted.xywh(), (6, 1, 2, 2));

        let joined = LabelMap::from_rows(
            &["00.......", "002222111", "00....11.", "........."],
            TRANSPARENT,
            vec![[0, 0, 0], [255, 0, 0], [0, 0, 255]],
        );
        let bar = layer_boxes(&joined, &[1.0, 1.0, 1.0])[0].expect("the bar paints");
        assert_eq!(bar.painted.xywh(), (0, 0, 9, 3), "the square joins the bar through color 2");
        assert!(bar.under_opaque);
        let bar = layer_boxes(&joined, &[1.0, 1.0, 0.5])[0].expect("the bar paints");
        assert_eq!(bar.painted.xywh(), (0, 0, 2, 3), "translucent art joins nothing");
        assert!(!bar.under_opaque);
    }

    #[test]
    fn a_color_inside_another_is_fully_underlaid() {
        let m = map(&["0000000", "0011100", "0011100", "0000000"]);
        assert!(painted(&m, 0).iter().all(|r| r == "#######"));
    }
}
