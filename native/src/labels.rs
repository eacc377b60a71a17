//! The indexed image: every canvas pixel labelled with a palette index or as
//! transparent, and the edits made on it (background, count, trim).

use crate::canvas::Canvas;
use crate::color::{
    blend_labs, delta_e, distinct_in_lightness, pack, rgb_distance2, segment_distance2, to_lab, HashMap, Lab,
    LastColor, Rgb,
};
use crate::grid::{self, PixelBox};

pub const TRANSPARENT: u8 = u8::MAX;
/// Edge pixels look for settled neighbours this far away.
const EDGE_RADIUS: isize = 2;
/// A color with more than this share of its pixels beside another's lies
/// scattered through it, not as a shape of its own: a light plate meets the
/// paper with 1.2% of its pixels (512 px app icon), the two noise colors of
/// a 128 px JPEG q70 wordmark's paper with 46% and 66%.
const SCATTERED_SHARE: f64 = 0.25;

/// A lossy source spreads each edge over two or three pixels (ringing, and
/// chroma at half resolution): between two colors those pixels come near
/// the palette's colors that lie on the blend of the two (a ramp's middle
/// bands, a highlight's tints) and would trace as slivers of them along the
/// edge. A run of such a color at most this many pixels wide between the
/// two, along a row, a column or a diagonal, is their transition.
const TRANSITION_WIDTH: isize = 3;
/// The four directions a transition is measured along.
const AXES: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// How `LabelMap::assign` tells a lossy source's transitions (see
/// `TRANSITION_WIDTH`): a color lies on the blend of two others when within
/// `on_blend_de` of one of their blends, and is no tint of either (whose
/// pixels are that color's noise, for twin folding to judge) when at least
/// `apart_de` from both. A transition is also the lesser color: one that
/// covers more than either side is the ground their specks lie on (a grey
/// paper's grain of pink and green, which the grey lies between).
#[derive(Clone, Copy, Debug)]
pub struct Transitions {
    pub on_blend_de: f32,
    pub apart_de: f32,
}

impl Transitions {
    /// Per palette triple `(c, a, b)`, at `(c * n + a) * n + b`: whether `c`
    /// lies on the blend of `a` and `b`, apart from both, and covers fewer
    /// settled pixels (`areas`) than one of them.
    fn between(&self, palette: &[Rgb], areas: &[usize]) -> Vec<bool> {
        let n = palette.len();
        let labs: Vec<Lab> = palette.iter().map(|&c| to_lab(c)).collect();
        let mut between = vec![false; n * n * n];
        for a in 0..n {
            for b in a + 1..n {
                let blends = blend_labs(palette[a], palette[b]);
                let lesser = |c: usize| areas[c] < areas[a].max(areas[b]);
                for c in (0..n).filter(|&c| c != a && c != b && lesser(c)) {
                    let apart =
                        delta_e(&labs[c], &labs[a]) >= self.apart_de && delta_e(&labs[c], &labs[b]) >= self.apart_de;
                    if apart && blends.iter().any(|blend| delta_e(blend, &labs[c]) <= self.on_blend_de) {
                        between[(c * n + a) * n + b] = true;
                        between[(c * n + b) * n + a] = true;
                    }
                }
            }
        }
        between
    }

    /// Unsettles each settled pixel of a transition: the edge pass then
    /// gives it to the side of the edge its color is nearer.
    fn unsettle(&self, core: &mut [u8], canvas: &Canvas, palette: &[Rgb]) {
        let n = palette.len();
        let mut areas = vec![0; n];
        core.iter().filter(|&&l| l != TRANSPARENT).for_each(|&l| areas[usize::from(l)] += 1);
        let between = self.between(palette, &areas);
        let on_some_blend: Vec<bool> = (0..n).map(|c| between[c * n * n..(c + 1) * n * n].contains(&true)).collect();
        // Most flat logos have no color between two others: no map to draw.
        if !on_some_blend.contains(&true) {
            return;
        }
        let (w, h) = (canvas.width as isize, canvas.height as isize);
        // The settled color nearest along a direction, past unsettled pixels and
        // those of `own`, within a transition's width, and how far.
        let other_side = |x: isize, y: isize, (dx, dy): (isize, isize), own: u8| -> Option<(u8, isize)> {
            for k in 1..=TRANSITION_WIDTH {
                let (nx, ny) = (x + k * dx, y + k * dy);
                if nx < 0 || ny < 0 || nx >= w || ny >= h || !canvas.opaque[(ny * w + nx) as usize] {
                    return None;
                }
                match core[(ny * w + nx) as usize] {
                    label if label == own || label == TRANSPARENT => continue,
                    label => return Some((label, k)),
                }
            }
            None
        };
        // A transition's pixels lie within a step of a pixel whose eight
        // neighbours differ from it; the rest (most) are passed over at once.
        let (width, height) = (canvas.width, canvas.height);
        let row = |y: usize| core[y * width..(y + 1) * width].iter().copied();
        let unlike = grid::count_pairs8(width, height, row, |a: u8, b: u8| u8::from(a != b));
        let near_edge = grid::distance_to(width, height, |i| unlike[i] > 0, 2);
        let mut transition = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let i = (y * w + x) as usize;
                let own = core[i];
                if near_edge[i] > 1 || own == TRANSPARENT || !on_some_blend[usize::from(own)] {
                    continue;
                }
                let across = |(dx, dy): (isize, isize)| {
                    let Some((a, before)) = other_side(x, y, (-dx, -dy), own) else { return false };
                    let Some((b, after)) = other_side(x, y, (dx, dy), own) else { return false };
                    before + after - 1 <= TRANSITION_WIDTH
                        && between[(usize::from(own) * n + usize::from(a)) * n + usize::from(b)]
                };
                if AXES.into_iter().any(across) {
                    transition.push(i);
                }
            }
        }
        for i in transition {
            core[i] = TRANSPARENT;
        }
    }
}

pub struct LabelMap {
    pub width: usize,
    pub height: usize,
    pub labels: Vec<u8>,
    pub palette: Vec<Rgb>,
}

struct Nearest {
    labs: Vec<Lab>,
    cache: HashMap<u32, (u8, f32)>,
    last: LastColor<(u8, f32)>,
}

impl Nearest {
    fn new(palette: &[Rgb]) -> Nearest {
        Nearest {
            labs: palette.iter().map(|&c| to_lab(c)).collect(),
            cache: HashMap::default(),
            last: LastColor::new(),
        }
    }

    fn find(&mut self, rgb: Rgb) -> (u8, f32) {
        let (labs, cache) = (&self.labs, &mut self.cache);
        self.last.get_or(rgb, || {
            *cache.entry(pack(rgb)).or_insert_with(|| {
                let lab = to_lab(rgb);
                labs.iter()
                    .enumerate()
                    .map(|(i, l)| (i as u8, delta_e(l, &lab)))
                    .min_by(|a, b| a.1.total_cmp(&b.1))
                    .expect("palette is never empty")
            })
        })
    }
}

/// Squared RGB distance from `rgb` to the nearest of `colors` or of the
/// straight blends between two of them (infinite when there are none).
fn blend_distance2(rgb: Rgb, colors: &[Rgb]) -> f32 {
    let p = rgb.map(f32::from);
    let mut best = f32::INFINITY;
    for (k, a) in colors.iter().enumerate() {
        for b in &colors[k..] {
            best = best.min(segment_distance2(p, a.map(f32::from), b.map(f32::from)));
        }
    }
    best
}

impl LabelMap {
    /// Pixels within `core_de` of a palette color take it; the rest are edge
    /// pixels (anti-aliasing, JPEG ringing) and take the settled neighbour
    /// color nearest in RGB, which is the color covering most of the pixel.
    /// So do a lossy source's transitions, when `transitions` tells them.
    pub fn assign(canvas: &Canvas, palette: Vec<Rgb>, core_de: f32, transitions: Option<Transitions>) -> LabelMap {
        let (w, h) = (canvas.width, canvas.height);
        let mut nearest = Nearest::new(&palette);
        let mut core = vec![TRANSPARENT; w * h];
        for ((label, &opaque), &rgb) in core.iter_mut().zip(&canvas.opaque).zip(&canvas.rgb) {
            if opaque {
                let (index, distance) = nearest.find(rgb);
                if distance <= core_de {
                    *label = index;
                }
            }
        }
        if let Some(transitions) = transitions {
            transitions.unsettle(&mut core, canvas, &palette);
        }
        let mut labels = core.clone();
        // The settled colors around an edge pixel, reused from pixel to pixel.
        let (mut settled, mut colors): (Vec<u8>, Vec<Rgb>) = (Vec::new(), Vec::new());
        for y in 0..h as isize {
            for x in 0..w as isize {
                let i = y as usize * w + x as usize;
                if !canvas.opaque[i] || core[i] != TRANSPARENT {
                    continue;
                }
                let rgb = canvas.rgb[i];
                settled.clear();
                for ny in (y - EDGE_RADIUS).max(0)..=(y + EDGE_RADIUS).min(h as isize - 1) {
                    for nx in (x - EDGE_RADIUS).max(0)..=(x + EDGE_RADIUS).min(w as isize - 1) {
                        let label = core[ny as usize * w + nx as usize];
                        if label != TRANSPARENT && !settled.contains(&label) {
                            settled.push(label);
                        }
                    }
                }
                colors.clear();
                colors.extend(settled.iter().map(|&l| palette[l as usize]));
                let (closest, _) = nearest.find(rgb);
                let by_blend = blend_distance2(rgb, &colors);
                labels[i] = match settled.iter().min_by_key(|&&l| rgb_distance2(rgb, palette[l as usize])) {
                    // A blend of the settled colors around it (anti-aliasing
                    // between them): the one covering most of the pixel.
                    Some(&label) if by_blend <= rgb_distance2(rgb, palette[closest as usize]) as f32 => label,
                    // Nothing settled explains it: a stroke too thin for a
                    // settled core of its own, whose nearest color it takes.
                    _ => closest,
                };
            }
        }
        LabelMap { width: w, height: h, labels, palette }
    }

    /// Relabel every pixel of `label` as `host` when more than
    /// `SCATTERED_SHARE` of them touch `host` (4-neighbours): such a color
    /// lies scattered through the host as speckle or a rim, where a shape of
    /// its own meets its neighbours only along its outline. Returns whether
    /// it folded.
    pub fn fold_if_scattered(&mut self, label: u8, host: u8) -> bool {
        self.fold_if_touching(label, host, SCATTERED_SHARE)
    }

    /// Relabel every pixel of `label` as `host` when more than `share` of
    /// them touch `host` (4-neighbours); returns whether it folded.
    pub fn fold_if_touching(&mut self, label: u8, host: u8, share: f64) -> bool {
        let (w, h) = (self.width, self.height);
        let pixels: Vec<usize> = (0..w * h).filter(|&i| self.labels[i] == label).collect();
        let touching = pixels.iter().filter(|&&i| grid::neighbours4(i, w, h).any(|j| self.labels[j] == host)).count();
        if pixels.is_empty() || touching as f64 <= share * pixels.len() as f64 {
            return false;
        }
        pixels.iter().for_each(|&i| self.labels[i] = host);
        true
    }

    /// Fold each color into a near twin (within `reach_de`, at least as large)
    /// it lies scattered through, smallest first: the two halves of one brand
    /// color that noise split, which leave a thin stroke in fragments of
    /// each. Distinct close colors (two facets of an orange) are shapes of
    /// their own and stay. `fixed` (the paper) neither folds nor hosts.
    ///
    /// A `lossy` source's twins are also alike in lightness
    /// (`distinct_in_lightness`), and the host takes the two halves' mean by
    /// area, since the brand color lies between them (PaLM's #f9ab00 at
    /// 128 px splits into #ffa900 and #f5b000, 4 dE off it); a lossless host
    /// keeps its exact color.
    pub fn fold_scattered_twins(&mut self, reach_de: f32, fixed: Option<u8>, lossy: bool) {
        let mut labs: Vec<Lab> = self.palette.iter().map(|&c| to_lab(c)).collect();
        let mut areas = self.areas();
        let mut order: Vec<u8> = (0..self.palette.len() as u8).filter(|&l| Some(l) != fixed).collect();
        order.sort_by_key(|&l| areas[l as usize]);
        let mut folded = vec![false; self.palette.len()];
        for label in order {
            let own = self.palette[label as usize];
            let twin = (0..self.palette.len() as u8)
                .filter(|&o| o != label && Some(o) != fixed && !folded[o as usize])
                .filter(|&o| areas[o as usize] >= areas[label as usize])
                .filter(|&o| !lossy || !distinct_in_lightness(self.palette[o as usize], own))
                .map(|o| (o, delta_e(&labs[o as usize], &labs[label as usize])))
                .filter(|&(_, d)| d < reach_de)
                .min_by(|a, b| a.1.total_cmp(&b.1));
            let Some((host, _)) = twin else { continue };
            if !self.fold_if_scattered(label, host) {
                continue;
            }
            folded[label as usize] = true;
            let (host_area, own_area) = (areas[host as usize], std::mem::take(&mut areas[label as usize]));
            if lossy {
                // Later twins are measured against the host's new color.
                let mean = area_weighted_mean(self.palette[host as usize], host_area, own, own_area);
                self.palette[host as usize] = mean;
                labs[host as usize] = to_lab(mean);
            }
            areas[host as usize] += own_area;
        }
    }

    /// Which labels are light art within `faint_de` of the `paper` color
    /// (not the paper's own kept shapes): where such art meets the removed
    /// paper, a lossy source's noise, not the art, decides which side a
    /// pixel falls on.
    pub fn faint_on_paper(&self, paper: Rgb, faint_de: f32) -> Vec<bool> {
        let paper_lab = to_lab(paper);
        self.palette.iter().map(|&c| c != paper && delta_e(&to_lab(c), &paper_lab) < faint_de).collect()
    }

    /// Straighten the outline of `faint` labels (`faint_on_paper`) against
    /// the transparent paper: a light plate on white paper at 128 px comes
    /// back with an edge like torn paper. Each pixel on that outline takes
    /// the most common of the transparent and faint labels in its 5x5
    /// window, twice over.
    pub fn smooth_faint_outline(&mut self, faint: &[bool]) {
        if !faint.contains(&true) {
            return;
        }
        let (w, h) = (self.width, self.height);
        let takes_part = |l: u8| l == TRANSPARENT || faint[l as usize];
        for _ in 0..2 {
            let before = self.labels.clone();
            for i in faint_outline(&before, w, h, faint) {
                let (x, y, own) = (i % w, i / w, before[i]);
                let (rows, columns) = (y.saturating_sub(2)..(y + 3).min(h), x.saturating_sub(2)..(x + 3).min(w));
                let mut counts = [0u8; 256];
                for ny in rows.clone() {
                    for &l in &before[ny * w + columns.start..ny * w + columns.end] {
                        counts[l as usize] += u8::from(takes_part(l));
                    }
                }
                // The most common, the pixel's own label among equals,
                // else the highest; labels outside the window count none.
                let key = |l: u8| (counts[l as usize], l == own);
                let mut best = own;
                for ny in rows.clone() {
                    for &l in &before[ny * w + columns.start..ny * w + columns.end] {
                        if (key(l), l) > (key(best), best) {
                            best = l;
                        }
                    }
                }
                self.labels[i] = best;
            }
        }
    }

    /// Pairs of side-by-side or stacked pixels whose labels differ: the
    /// length of every boundary in the image, in pixel edges.
    pub fn edge_count(&self) -> usize {
        let w = self.width;
        let across = self.labels.chunks_exact(w).map(|row| row.windows(2).filter(|p| p[0] != p[1]).count());
        let down = self.labels.chunks_exact(w).zip(self.labels.chunks_exact(w).skip(1));
        across.sum::<usize>() + down.map(|(a, b)| a.iter().zip(b).filter(|(x, y)| x != y).count()).sum::<usize>()
    }

    pub fn areas(&self) -> Vec<usize> {
        let mut areas = vec![0usize; self.palette.len()];
        for &l in &self.labels {
            if l != TRANSPARENT {
                areas[l as usize] += 1;
            }
        }
        areas
    }

    /// Give the pixels of each label whose fill (`fills`, one per label)
    /// repeats an earlier label's that label: one color, one shape. The
    /// emptied labels stay in the palette, with no pixels.
    pub fn merge_equal_fills(&mut self, fills: &[Rgb]) {
        let first: Vec<u8> =
            (0..fills.len()).map(|l| fills.iter().position(|&f| f == fills[l]).unwrap_or(l) as u8).collect();
        self.merge_labels(&first);
    }

    /// Give the pixels of each label the label `into` names for it (its own
    /// when it stays); returns whether any label merged.
    pub fn merge_labels(&mut self, into: &[u8]) -> bool {
        // Nothing merges (every lossless image, most JPEGs): no pass over the map.
        if into.iter().enumerate().all(|(l, &f)| usize::from(f) == l) {
            return false;
        }
        for label in self.labels.iter_mut().filter(|l| **l != TRANSPARENT) {
            *label = into[*label as usize];
        }
        true
    }

    /// Drop unused colors and order the palette by area, largest first;
    /// returns the old label of each new one.
    pub fn compact(&mut self) -> Vec<usize> {
        let areas = self.areas();
        let mut order: Vec<usize> = (0..self.palette.len()).filter(|&i| areas[i] > 0).collect();
        order.sort_by(|&a, &b| areas[b].cmp(&areas[a]).then(a.cmp(&b)));
        let mut remap = vec![TRANSPARENT; self.palette.len()];
        for (new, &old) in order.iter().enumerate() {
            remap[old] = new as u8;
        }
        for l in self.labels.iter_mut() {
            if *l != TRANSPARENT {
                *l = remap[*l as usize];
            }
        }
        self.palette = order.iter().map(|&i| self.palette[i]).collect();
        order
    }

    /// Whether pixel `i` lies inside its label's outline: labelled, with
    /// its four neighbours of the same label (no edge blend reaches it).
    pub fn is_inside(&self, i: usize) -> bool {
        self.is_inside_at(i, i % self.width, i / self.width)
    }

    /// Calls `visit` with every pixel inside its label's outline
    /// (`is_inside`), in scan order.
    pub fn for_each_inside(&self, mut visit: impl FnMut(usize)) {
        let w = self.width;
        for y in 0..self.height {
            for x in 0..w {
                let i = y * w + x;
                if self.is_inside_at(i, x, y) {
                    visit(i);
                }
            }
        }
    }

    /// `is_inside` for pixel `i` at (`x`, `y`), which its caller knows.
    fn is_inside_at(&self, i: usize, x: usize, y: usize) -> bool {
        let (w, labels) = (self.width, &self.labels);
        let label = labels[i];
        label != TRANSPARENT
            && (x == 0 || labels[i - 1] == label)
            && (x + 1 == w || labels[i + 1] == label)
            && (y == 0 || labels[i - w] == label)
            && (y + 1 == self.height || labels[i + w] == label)
    }

    /// Bounding box of the labelled pixels.
    pub fn content_box(&self) -> Option<PixelBox> {
        self.label_boxes().into_iter().flatten().reduce(PixelBox::union)
    }

    /// The bounding box of each label's pixels, by palette index (None for
    /// a label with no pixels), in one pass over the map.
    pub fn label_boxes(&self) -> Vec<Option<PixelBox>> {
        let mut boxes: Vec<Option<PixelBox>> = vec![None; self.palette.len()];
        for (y, row) in self.labels.chunks_exact(self.width).enumerate() {
            // A run of one label widens its box once.
            let mut x = 0;
            while x < row.len() {
                let (l, start) = (row[x], x);
                while x < row.len() && row[x] == l {
                    x += 1;
                }
                if l != TRANSPARENT {
                    let run = PixelBox { left: start, top: y, right: x - 1, bottom: y };
                    let found = &mut boxes[l as usize];
                    *found = Some(found.map_or(run, |b| b.union(run)));
                }
            }
        }
        boxes
    }

    pub fn crop(&mut self, x: usize, y: usize, width: usize, height: usize) {
        self.labels = grid::crop(&self.labels, self.width, x, y, width, height);
        self.width = width;
        self.height = height;
    }
}

/// The pixels on either side of faint art's outline against the removed
/// paper (`crosses_faint_outline` with a 4-neighbour), in raster order:
/// pairs of unequal neighbours, a row at a time, rather than each pixel's
/// four neighbours.
fn faint_outline(labels: &[u8], w: usize, h: usize, faint: &[bool]) -> Vec<usize> {
    let mut on = vec![false; w * h];
    let mut mark = |i: usize, j: usize| {
        if labels[i] != labels[j] && crosses_faint_outline(faint, labels[i], labels[j]) {
            on[i] = true;
            on[j] = true;
        }
    };
    for y in 0..h {
        let row = y * w;
        for i in row..row + w - 1 {
            mark(i, i + 1);
        }
        if y + 1 < h {
            for i in row..row + w {
                mark(i, i + w);
            }
        }
    }
    on.iter().enumerate().filter(|&(_, &on)| on).map(|(i, _)| i).collect()
}

/// Whether two neighbouring labels lie on either side of faint art's outline
/// against the removed paper (`LabelMap::faint_on_paper`): one transparent,
/// the other faint.
pub fn crosses_faint_outline(faint: &[bool], a: u8, b: u8) -> bool {
    let is_faint = |l: u8| l != TRANSPARENT && faint[l as usize];
    (a == TRANSPARENT) != (b == TRANSPARENT) && (is_faint(a) || is_faint(b))
}

#[cfg(test)]
impl LabelMap {
    /// A map drawn as text for tests: each digit is its label, '.' is `dot`.
    pub fn from_rows(rows: &[&str], dot: u8, palette: Vec<Rgb>) -> LabelMap {
        let labels = rows.iter().flat_map(|r| r.bytes().map(|b| if b == b'.' { dot } else { b - b'0' })).collect();
        LabelMap { width: rows[0].len(), height: rows.len(), labels, palette }
    }

    /// The map as text for tests: each label as its digit, transparent as ' '.
    pub fn to_rows(&self) -> Vec<String> {
        self.labels
            .chunks(self.width)
            .map(|row| row.iter().map(|&l| if l == TRANSPARENT { ' ' } else { (b'0' + l) as char }).collect())
            .collect()
    }
}

/// The mean of two colors weighted by their areas.
fn area_weighted_mean(a: Rgb, a_area: usize, b: Rgb, b_area: usize) -> Rgb {
    let total = (a_area + b_area).max(1) as f32;
    std::array::from_fn(|k| ((f32::from(a[k]) * a_area as f32 + f32::from(b[k]) * b_area as f32) / total).round() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_count_is_the_length_of_every_boundary() {
        let palette = vec![[0, 0, 0], [255, 255, 255]];
        // A 2x2 square inside a 4x4 frame: its outline is 8 pixel edges long.
        assert_eq!(LabelMap::from_rows(&["0000", "0110", "0110", "0000"], 0, palette.clone()).edge_count(), 8);
        // A one-pixel checkerboard: every neighbour differs, 2 * 3 * 4 pairs.
        assert_eq!(LabelMap::from_rows(&["0101", "1010", "0101", "1010"], 0, palette.clone()).edge_count(), 24);
        assert_eq!(LabelMap::from_rows(&["000", "000"], 0, palette).edge_count(), 0);
    }

    #[test]
    fn each_labels_box_and_the_contents_box_are_found_in_one_pass() {
        let m = LabelMap::from_rows(&["....", ".0..", "...0", "1..."], TRANSPARENT, vec![[0; 3], [9; 3], [7; 3]]);
        let b = |left, top, right, bottom| Some(PixelBox { left, top, right, bottom });
        assert_eq!(m.label_boxes(), vec![b(1, 1, 3, 2), b(0, 3, 0, 3), None]);
        assert_eq!(m.content_box(), b(0, 1, 3, 3));
        assert_eq!(b(1, 1, 3, 2).unwrap().grown(2, 4, 4).xywh(), (0, 0, 4, 4), "grown within the map");
    }

    #[test]
    fn labels_with_one_fill_become_one_label() {
        let palette = vec![[10, 10, 10], [200, 0, 0], [12, 9, 10]];
        let mut m = LabelMap::from_rows(&["0011", "2211", "22.."], TRANSPARENT, palette);
        m.merge_equal_fills(&[[10, 10, 10], [200, 0, 0], [10, 10, 10]]);
        assert_eq!(m.to_rows(), vec!["0011", "0011", "00  "]);
        assert_eq!(m.areas(), vec![6, 4, 0], "the emptied label keeps its place, with no pixels");
    }

    #[test]
    fn a_color_scattered_through_another_folds_into_it_and_a_plate_does_not() {
        let palette = vec![[255, 255, 255], [248, 255, 251], [200, 0, 0]];
        let mut speckled = LabelMap::from_rows(&["0100", "0001", "1000", "0010"], 0, palette.clone());
        assert!(speckled.fold_if_scattered(1, 0));
        assert!(speckled.labels.iter().all(|&l| l == 0));
        // A 20x20 plate meets the paper with 76 of its 400 pixels.
        let rows: Vec<String> = (0..22)
            .map(|y| (0..22).map(|x| if (1..21).contains(&x) && (1..21).contains(&y) { '1' } else { '0' }).collect())
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let mut plate = LabelMap::from_rows(&rows, 0, palette);
        assert!(!plate.fold_if_scattered(1, 0));
        assert_eq!(plate.areas()[1], 400);
    }

    #[test]
    fn noise_split_halves_of_one_color_fold_into_their_mean_and_facets_stay() {
        // A thin stroke on paper ('.', fixed) whose pixels alternate between
        // two labels: 10 of label 0, 8 of label 1.
        let rows = ["......", ".0101.", ".1010.", ".0101.", ".1010.", ".0.0..", "......"];
        let fold = |halves: [Rgb; 2], lossy: bool| {
            let mut map = LabelMap::from_rows(&rows, 2, vec![halves[0], halves[1], [255, 255, 255]]);
            map.fold_scattered_twins(11.0, Some(2), lossy);
            map
        };
        // One yellow split by chroma noise: one luma unit apart, 8 dE.
        let yellow = [[245, 176, 0], [255, 169, 0]];
        let map = fold(yellow, true);
        assert_eq!(map.areas(), vec![18, 0, 24], "the smaller half folds into the larger");
        assert_eq!(map.palette[0], [249, 173, 0], "the two halves' mean by area");
        assert_eq!(fold(yellow, false).palette[0], yellow[0], "a lossless host keeps its exact color");
        // Two grey facets as close in color, 21 luma units apart, stay in a
        // JPEG; lossless, luma does not tell.
        let greys = [[168, 169, 171], [190, 190, 191]];
        let map = fold(greys, true);
        assert_eq!(map.areas(), vec![10, 8, 24]);
        assert_eq!(map.palette[..2], greys);
        assert_eq!(fold(greys, false).areas(), vec![18, 0, 24]);
    }

    /// Rows of dark grey, a two-pixel strip of `strip`, then white, over
    /// rows of `strip` far below (a shape of that color with a body, less
    /// of it than of either side).
    fn strip_between_dark_and_white(strip: Rgb) -> Canvas {
        let (w, h) = (12, 14);
        let rgb = (0..w * h)
            .map(|i| match (i % w, i / w) {
                (_, y) if y >= 12 => strip,
                (x, _) if x < 5 => [60, 60, 60],
                (x, _) if x < 7 => strip,
                _ => [255, 255, 255],
            })
            .collect();
        Canvas::opaque(w, h, rgb)
    }

    const LOSSY_TRANSITIONS: Transitions = Transitions { on_blend_de: 7.0, apart_de: 11.0 };

    #[test]
    fn a_lossy_edges_transition_through_a_blend_color_takes_a_side() {
        // The light grey lies on the blend of dark grey and white, 22 dE
        // from white: along the edge it is the edge's transition.
        let light = [190, 190, 190];
        let canvas = strip_between_dark_and_white(light);
        let palette = vec![[60, 60, 60], light, [255, 255, 255]];
        let strip_labels =
            |map: &LabelMap| (0..6).flat_map(|y| [map.labels[y * 12 + 5], map.labels[y * 12 + 6]]).collect::<Vec<_>>();
        let lossy = LabelMap::assign(&canvas, palette.clone(), 7.0, Some(LOSSY_TRANSITIONS));
        assert!(strip_labels(&lossy).iter().all(|&l| l != 1), "{:?}", strip_labels(&lossy));
        assert!(lossy.labels[12 * 12..].iter().all(|&l| l == 1), "the shape of light grey stays");
        // Lossless edges are a pixel wide: a two-pixel strip is a shape.
        let lossless = LabelMap::assign(&canvas, palette, 7.0, None);
        assert!(strip_labels(&lossless).iter().all(|&l| l == 1));
    }

    #[test]
    fn a_strip_of_a_sides_tint_or_off_the_blend_stays() {
        let lossy_strip = |strip: Rgb| {
            let palette = vec![[60, 60, 60], strip, [255, 255, 255]];
            let map = LabelMap::assign(&strip_between_dark_and_white(strip), palette, 7.0, Some(LOSSY_TRANSITIONS));
            (map.labels[5], map.labels[6])
        };
        // A near-white plate's tint, 4 dE off white: twin folding judges it.
        assert_eq!(lossy_strip([245, 245, 245]), (1, 1));
        // A red stroke between the two lies on no blend of them.
        assert_eq!(lossy_strip([214, 41, 28]), (1, 1));
    }

    #[test]
    fn the_ground_between_specks_of_two_colors_stays() {
        // A grey sheet with dark and white specks two pixels apart along each
        // row: the grey lies on their blend, but covers more than either.
        let (w, h, grey) = (12, 6, [128, 128, 128]);
        let rgb = (0..w * h)
            .map(|i| match (i % w) % 6 {
                0 => [60, 60, 60],
                3 => [255, 255, 255],
                _ => grey,
            })
            .collect();
        let palette = vec![[60, 60, 60], grey, [255, 255, 255]];
        let map = LabelMap::assign(&Canvas::opaque(w, h, rgb), palette, 7.0, Some(LOSSY_TRANSITIONS));
        assert!((0..w * h).filter(|i| !matches!(i % w % 6, 0 | 3)).all(|i| map.labels[i] == 1), "{:?}", map.labels);
    }

    #[test]
    fn a_thin_stroke_with_only_paper_settled_beside_it_keeps_its_color() {
        // A 1 px stroke of a dulled red: no pixel of it is within the core
        // distance of red, and only white has settled around it.
        let (w, h) = (7, 5);
        let rgb: Vec<Rgb> = (0..w * h).map(|i| if i % w == 3 { [150, 60, 60] } else { [255, 255, 255] }).collect();
        let canvas = Canvas::opaque(w, h, rgb);
        let map = LabelMap::assign(&canvas, vec![[255, 255, 255], [214, 41, 28]], 7.0, None);
        assert!((0..h).all(|y| map.labels[y * w + 3] == 1), "{:?}", map.labels);
    }

    #[test]
    fn a_light_plates_frayed_outline_is_straightened_and_a_dark_shapes_is_not() {
        // '.' is the removed paper; 1 a light plate (faint on white) with a
        // one-pixel bump and a one-pixel notch; 2 a dark shape with the same.
        let palette = vec![[255, 255, 255], [244, 242, 237], [28, 120, 192]];
        let rows = [
            "..........",
            "..........",
            "....1.....",
            "1111111111",
            "1111111111",
            "1111.11111",
            "..........",
            "..........",
            "....2.....",
            "2222222222",
            "2222222222",
        ];
        let mut map = LabelMap::from_rows(&rows, TRANSPARENT, palette);
        let faint = map.faint_on_paper([255, 255, 255], 7.0);
        assert_eq!(faint, vec![false, true, false]);
        map.smooth_faint_outline(&faint);
        let at = |x: usize, y: usize| map.labels[y * 10 + x];
        assert_eq!(at(4, 2), TRANSPARENT, "the plate's bump goes");
        assert_eq!(at(4, 5), 1, "its notch fills");
        assert_eq!(at(4, 8), 2, "the dark shape's bump stays");
    }
}
