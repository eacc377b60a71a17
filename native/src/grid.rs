//! Row-major grids shared by the canvas and the label map.

/// The `width` x `height` window at (`x`, `y`) of a grid `stride` wide.
pub fn crop<T: Copy>(values: &[T], stride: usize, x: usize, y: usize, width: usize, height: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(width * height);
    for row in y..y + height {
        out.extend_from_slice(&values[row * stride + x..row * stride + x + width]);
    }
    out
}

/// A box of grid pixels, its corners included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PixelBox {
    pub left: usize,
    pub top: usize,
    pub right: usize,
    pub bottom: usize,
}

impl PixelBox {
    /// The smallest box holding both.
    pub fn union(self, other: PixelBox) -> PixelBox {
        PixelBox {
            left: self.left.min(other.left),
            top: self.top.min(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }

    /// The box grown by `margin` on each side, within a `width` x `height` grid.
    pub fn grown(self, margin: usize, width: usize, height: usize) -> PixelBox {
        PixelBox {
            left: self.left.saturating_sub(margin),
            top: self.top.saturating_sub(margin),
            right: (self.right + margin).min(width - 1),
            bottom: (self.bottom + margin).min(height - 1),
        }
    }

    /// How many pixels it holds.
    pub fn area(self) -> usize {
        (self.right - self.left + 1) * (self.bottom - self.top + 1)
    }

    /// (x, y, width, height), as `crop` takes it.
    pub fn xywh(self) -> (usize, usize, usize, usize) {
        (self.left, self.top, self.right - self.left + 1, self.bottom - self.top + 1)
    }
}

/// Which sides of a `width` x `height` frame a box (inclusive: x0, y0, x1,
/// y1) reaches: left, top, right, bottom.
pub fn frame_sides((x0, y0, x1, y1): (usize, usize, usize, usize), width: usize, height: usize) -> [bool; 4] {
    [x0 == 0, y0 == 0, x1 == width - 1, y1 == height - 1]
}

/// Whether a box (inclusive: x0, y0, x1, y1) lies on a `width` x `height`
/// frame as a flag's canton or band does: in a corner or edge to edge, and
/// smaller than the frame. A shape resting on one side only is neither.
pub fn canton_or_band_box(bounds: (usize, usize, usize, usize), width: usize, height: usize) -> bool {
    let [left, top, right, bottom] = frame_sides(bounds, width, height);
    let anchored = (left || right) && (top || bottom) || (left && right) || (top && bottom);
    anchored && !(left && right && top && bottom)
}

/// The 4-neighbours of pixel `i` inside a `width` x `height` grid.
pub fn neighbours4(i: usize, width: usize, height: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (i % width, i / width);
    [
        (x > 0).then(|| i - 1),
        (x + 1 < width).then(|| i + 1),
        (y > 0).then(|| i - width),
        (y + 1 < height).then(|| i + width),
    ]
    .into_iter()
    .flatten()
}

/// The eight neighbours of pixel `i` inside the grid.
pub fn neighbours8(i: usize, width: usize, height: usize) -> impl Iterator<Item = usize> {
    let (x, y) = ((i % width) as isize, (i / width) as isize);
    (-1..=1isize)
        .flat_map(move |dy| (-1..=1isize).map(move |dx| (x + dx, y + dy)))
        .filter(move |&(nx, ny)| {
            (nx, ny) != (x, y) && nx >= 0 && ny >= 0 && (nx as usize) < width && (ny as usize) < height
        })
        .map(move |(nx, ny)| ny as usize * width + nx as usize)
}

/// A union-find forest over `0..n`: each set's root is its smallest member.
pub struct Forest(Vec<usize>);

impl Forest {
    pub fn new(n: usize) -> Forest {
        Forest((0..n).collect())
    }

    /// A new member, alone in its set.
    pub fn add(&mut self) -> usize {
        self.0.push(self.0.len());
        self.0.len() - 1
    }

    pub fn root(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }

    pub fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        self.0[ra.max(rb)] = ra.min(rb);
    }
}

/// Cells `start..end` of row `y` of a grid.
#[derive(Clone, Copy)]
pub struct Run {
    pub y: usize,
    pub start: usize,
    pub end: usize,
}

impl Run {
    pub fn pixel_box(self) -> PixelBox {
        PixelBox { left: self.start, top: self.y, right: self.end - 1, bottom: self.y }
    }
}

/// The runs along rows of the `cells` (a grid `width` wide) that are
/// `inside`, in raster order, with each run's component (4-connected) named
/// by its first run: runs joined to those they overlap in the row above, in
/// one raster pass, no flood.
pub fn connected_runs<T: Copy>(cells: &[T], width: usize, inside: impl Fn(T) -> bool) -> (Vec<Run>, Vec<usize>) {
    let (mut runs, mut forest) = (Vec::new(), Forest::new(0));
    let mut above = 0..0;
    for (y, row) in cells.chunks_exact(width).enumerate() {
        let first = runs.len();
        let mut x = 0;
        while x < width {
            if !inside(row[x]) {
                x += 1;
                continue;
            }
            let start = x;
            while x < width && inside(row[x]) {
                x += 1;
            }
            let run = forest.add();
            runs.push(Run { y, start, end: x });
            // The runs above, left to right: skip those ending before this
            // one starts, join those starting before it ends.
            while above.start < above.end && runs[above.start].end <= start {
                above.start += 1;
            }
            let mut other = above.start;
            while other < above.end && runs[other].start < x {
                forest.join(run, other);
                other += 1;
            }
        }
        above = first..runs.len();
    }
    let component = (0..runs.len()).map(|run| forest.root(run)).collect();
    (runs, component)
}

/// For each cell of a `width` x `height` grid, with how many of its eight
/// neighbours `pair` holds (1 when it does, else 0). Each pair is compared
/// once, a row and a kind of neighbour at a time, over the cells `row(y)`
/// yields for row y: no index arithmetic or bounds test per pair, so the
/// compiler vectorizes the comparisons.
pub fn count_pairs8<T, R>(width: usize, height: usize, row: impl Fn(usize) -> R, pair: impl Fn(T, T) -> u8) -> Vec<u8>
where
    R: Iterator<Item = T>,
{
    fn compare<T>(held: &mut [u8], a: impl Iterator<Item = T>, b: impl Iterator<Item = T>, pair: &impl Fn(T, T) -> u8) {
        for (h, (a, b)) in held.iter_mut().zip(a.zip(b)) {
            *h = pair(a, b);
        }
    }
    let mut counts = vec![0u8; width * height];
    let mut held = vec![0u8; width];
    for y in 0..height {
        let (done, rest) = counts.split_at_mut((y + 1) * width);
        let here = &mut done[y * width..];
        compare(&mut held, row(y), row(y).skip(1), &pair);
        for x in 1..width {
            here[x - 1] += held[x - 1];
            here[x] += held[x - 1];
        }
        if y + 1 == height {
            continue;
        }
        let below = &mut rest[..width];
        compare(&mut held, row(y), row(y + 1), &pair);
        for x in 0..width {
            here[x] += held[x];
            below[x] += held[x];
        }
        compare(&mut held, row(y), row(y + 1).skip(1), &pair);
        for x in 1..width {
            here[x - 1] += held[x - 1];
            below[x] += held[x - 1];
        }
        compare(&mut held, row(y).skip(1), row(y + 1), &pair);
        for x in 1..width {
            here[x] += held[x - 1];
            below[x - 1] += held[x - 1];
        }
    }
    counts
}

/// Chessboard distance of every pixel to the nearest pixel of `set`, capped
/// at `cap`: two raster passes over the 8-neighbourhood. Each row first
/// takes the row before it (three neighbours a cell, independent of one
/// another, so the compiler vectorizes it), then runs along itself
/// (`RowRun`); the same minima as visiting the four neighbours cell by
/// cell, in a fraction of the time.
pub fn distance_to(width: usize, height: usize, set: impl Fn(usize) -> bool, cap: u16) -> Vec<u16> {
    let mut d: Vec<u16> = (0..width * height).map(|i| if set(i) { 0 } else { cap }).collect();
    if width == 0 || height == 0 {
        return d;
    }
    let mut run = RowRun::new(width, cap);
    run.forward(&mut d[..width]);
    for y in 1..height {
        let (done, rest) = d.split_at_mut(y * width);
        take_from_row(&done[(y - 1) * width..], &mut rest[..width]);
        run.forward(&mut rest[..width]);
    }
    run.backward(&mut d[(height - 1) * width..]);
    for y in (0..height - 1).rev() {
        let (rest, done) = d.split_at_mut((y + 1) * width);
        take_from_row(&done[..width], &mut rest[y * width..]);
        run.backward(&mut rest[y * width..(y + 1) * width]);
    }
    d
}

/// Each cell of `row` at most one step past its three neighbours in `next`
/// (the row above or below it).
fn take_from_row(next: &[u16], row: &mut [u16]) {
    let width = row.len();
    let step = |a: u16, b: u16, c: u16| a.min(b).min(c).saturating_add(1);
    if width == 1 {
        row[0] = row[0].min(next[0].saturating_add(1));
        return;
    }
    row[0] = row[0].min(step(next[0], next[1], next[1]));
    row[width - 1] = row[width - 1].min(step(next[width - 2], next[width - 1], next[width - 1]));
    let middle = row[1..width - 1].iter_mut();
    for (((cell, &left), &up), &right) in middle.zip(&next[..width - 2]).zip(&next[1..width - 1]).zip(&next[2..]) {
        *cell = (*cell).min(step(left, up, right));
    }
}

/// Neighbouring cells compared a stretch at a time, before one by one: most
/// neighbours are equal (a flat fill, the transparency around a logo), and
/// a whole stretch of them is settled on one comparison.
pub const EQUAL_STRETCH: usize = 32;

/// Caps up to this many steps take `RowRun`'s shifted passes; a larger cap
/// (an uncapped distance) runs along the row.
const SHIFTED_MAX_CAP: u16 = 256;

/// Each cell of a row at most one step past the cell before it
/// (`forward`) or after it (`backward`), in the cells' order: so at most k
/// steps past the cell k before it, for every k. No cell exceeds the cap,
/// so cells a cap or more apart cannot lower one another; under a small
/// cap, passes that take each cell from the one 1, 2, 4, ... before it
/// reach that far, each pass independent per cell (the compiler vectorizes
/// it), where a run along the row waits on the cell before at every cell.
struct RowRun {
    /// None: run along the row.
    shifts: Option<Vec<usize>>,
    scratch: Vec<u16>,
}

impl RowRun {
    fn new(width: usize, cap: u16) -> RowRun {
        // Shifts 1, 2, ..., 2^(n-1) reach 2^n - 1 >= cap - 1 cells back.
        let shifts = (cap <= SHIFTED_MAX_CAP)
            .then(|| (0..u16::BITS - cap.saturating_sub(1).leading_zeros()).map(|n| 1 << n).collect());
        RowRun { shifts, scratch: vec![0; width] }
    }

    fn forward(&mut self, row: &mut [u16]) {
        let Some(shifts) = &self.shifts else { return run_along(row.iter_mut()) };
        let len = row.len();
        for &shift in shifts.iter().take_while(|&&s| s < len) {
            self.scratch.copy_from_slice(row);
            let step = shift as u16;
            for (cell, &before) in row[shift..].iter_mut().zip(&self.scratch) {
                *cell = (*cell).min(before + step);
            }
        }
    }

    fn backward(&mut self, row: &mut [u16]) {
        let Some(shifts) = &self.shifts else { return run_along(row.iter_mut().rev()) };
        let len = row.len();
        for &shift in shifts.iter().take_while(|&&s| s < len) {
            self.scratch.copy_from_slice(row);
            let step = shift as u16;
            for (cell, &after) in row.iter_mut().zip(&self.scratch[shift..]) {
                *cell = (*cell).min(after + step);
            }
        }
    }
}

/// Each cell at most one step past the cell before it, in the cells' order.
fn run_along<'a>(cells: impl Iterator<Item = &'a mut u16>) {
    let mut before = u16::MAX;
    for cell in cells {
        *cell = (*cell).min(before.saturating_add(1));
        before = *cell;
    }
}

/// For each label below `count`, how deep its cells lie, up to `cap`: the most steps (8-connected)
/// from one of its cells to the nearest cell of another label (cells past the grid's edge are no
/// other label; a label alone on the grid is `cap` deep). One distance pass for every label: a
/// cell's nearest other-label cell is one step past the nearest cell whose 8 neighbours hold
/// another label.
pub fn label_depths(width: usize, height: usize, labels: &[u8], count: usize, cap: u16) -> Vec<u16> {
    let row = |y: usize| labels[y * width..(y + 1) * width].iter();
    let differing = count_pairs8(width, height, row, |a, b| u8::from(a != b));
    let to_edge = distance_to(width, height, |i| differing[i] > 0, cap.saturating_sub(1));
    let mut depths = vec![0u16; count];
    for (i, &label) in labels.iter().enumerate() {
        if let Some(depth) = depths.get_mut(usize::from(label)) {
            *depth = (*depth).max(to_edge[i].saturating_add(1).min(cap));
        }
    }
    depths
}

/// Which labels below `count` lie within `reach` cells of each other along a
/// row or a column (cells of `count` or above hold no label): per pair
/// `a * count + b`. Each line keeps where it last met each of a few recent
/// labels; the columns are walked as the rows of the transposed grid.
pub fn labels_within(width: usize, height: usize, labels: &[u8], count: usize, reach: usize) -> Vec<bool> {
    let mut near = vec![false; count * count];
    let mut recent: Vec<(u8, usize)> = Vec::new();
    let mut walk = |line: &[u8]| {
        recent.clear();
        for (at, &label) in line.iter().enumerate() {
            if usize::from(label) >= count {
                continue;
            }
            // Within a run of one label, the labels in reach were met at its start.
            if at > 0 && line[at - 1] == label {
                continue;
            }
            recent.retain(|&(seen, end)| at - end <= reach && seen != label);
            for &(seen, _) in &recent {
                near[usize::from(seen) * count + usize::from(label)] = true;
                near[usize::from(label) * count + usize::from(seen)] = true;
            }
            // A later cell measures its reach from the run's last cell.
            let end = at + line[at..].iter().take_while(|&&l| l == label).count() - 1;
            recent.push((label, end));
        }
    };
    labels.chunks_exact(width).take(height).for_each(&mut walk);
    let columns: Vec<u8> = (0..width).flat_map(|x| (0..height).map(move |y| labels[y * width + x])).collect();
    columns.chunks_exact(height).for_each(&mut walk);
    near
}

/// Flood the box's cells that are not `inside` from those on `stack`, marking
/// them in `reached`; returns how many it marked.
pub fn flood(
    reached: &mut [bool],
    stack: &mut Vec<(usize, usize)>,
    (bw, bh): (usize, usize),
    inside: impl Fn(usize, usize) -> bool,
) -> usize {
    let mut count = 0;
    while let Some((x, y)) = stack.pop() {
        count += 1;
        for (nx, ny) in [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)] {
            if nx < bw && ny < bh && !reached[ny * bw + nx] && !inside(nx, ny) {
                reached[ny * bw + nx] = true;
                stack.push((nx, ny));
            }
        }
    }
    count
}

/// The cells of a `size` box not `inside` that its edge reaches (flooding
/// from the edge's cells not inside), and how many.
pub fn reached_from_edge(size: (usize, usize), inside: impl Fn(usize, usize) -> bool) -> (Vec<bool>, usize) {
    let (bw, bh) = size;
    let mut reached = vec![false; bw * bh];
    let mut stack = Vec::new();
    for by in 0..bh {
        for bx in 0..bw {
            let on_edge = bx == 0 || by == 0 || bx == bw - 1 || by == bh - 1;
            if on_edge && !inside(bx, by) {
                reached[by * bw + bx] = true;
                stack.push((bx, by));
            }
        }
    }
    let count = flood(&mut reached, &mut stack, size, inside);
    (reached, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_depths_match_each_labels_own_distance_pass() {
        // A pseudo-random map of blobs and single cells, beside the per-label pass it replaces.
        let (width, height, count) = (23, 17, 5);
        let mut seed = 7u32;
        let mut labels = vec![0u8; width * height];
        for cell in labels.iter_mut() {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            *cell = ((seed >> 16) % 97 / 20) as u8;
        }
        for y in 3..12 {
            for x in 4..15 {
                labels[y * width + x] = 2;
            }
        }
        for cap in [u16::MAX, 4, 3, 1] {
            let depths = label_depths(width, height, &labels, count, cap);
            for label in 0..count {
                let to_other = distance_to(width, height, |i| usize::from(labels[i]) != label, u16::MAX);
                let deepest = (0..labels.len()).filter(|&i| usize::from(labels[i]) == label).map(|i| to_other[i]).max();
                assert_eq!(depths[label], deepest.unwrap_or(0).min(cap), "label {label} capped at {cap}");
            }
            assert_eq!(label_depths(3, 2, &[1; 6], 2, cap), vec![0, cap], "alone on the grid");
        }
    }

    #[test]
    fn distances_match_the_nearest_set_cell_by_brute_force() {
        let mut seed = 11u32;
        // Small caps take shifted passes along rows, larger ones a run (`RowRun`).
        let cases = [
            (1, 1, 4, 11),
            (1, 9, 3, 11),
            (9, 1, 3, 11),
            (2, 2, 5, 11),
            (17, 13, 4, 11),
            (12, 12, 1, 11),
            (12, 12, 2, 11),
            (40, 23, 9, 53),
            (64, 5, 17, 97),
            (70, 30, SHIFTED_MAX_CAP, 401),
            (50, 20, SHIFTED_MAX_CAP + 1, 401),
            (31, 7, u16::MAX, 11),
        ];
        for (width, height, cap, sparsity) in cases {
            let set: Vec<bool> = (0..width * height)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 16) % sparsity == 0
                })
                .collect();
            let nearest = |i: usize| {
                let (x, y) = ((i % width) as i64, (i / width) as i64);
                (0..width * height)
                    .filter(|&j| set[j])
                    .map(|j| ((j % width) as i64 - x).abs().max(((j / width) as i64 - y).abs()))
                    .min()
                    .map_or(cap, |d| (d as u16).min(cap))
            };
            let expected: Vec<u16> = (0..width * height).map(nearest).collect();
            assert_eq!(distance_to(width, height, |i| set[i], cap), expected, "{width}x{height} capped at {cap}");
        }
    }

    #[test]
    fn distances_are_chessboard() {
        let d = distance_to(5, 5, |i| i == 12, 9);
        assert_eq!(d, vec![2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 1, 0, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    }

    #[test]
    fn labels_within_reach_along_rows_and_columns_meet_past_others() {
        // 0 and 1 three cells apart across unlabeled cells (9), 2 beside 1,
        // 3 three rows below 0.
        let labels = [
            0, 9, 9, 1, 2, 9, 9, 9, //
            9, 9, 9, 9, 9, 9, 9, 9, //
            9, 9, 9, 9, 9, 9, 9, 9, //
            3, 9, 9, 9, 9, 9, 9, 9, //
        ];
        let near = labels_within(8, 4, &labels, 4, 3);
        let meets = |a: usize, b: usize| near[a * 4 + b];
        assert!(meets(0, 1) && meets(1, 0) && meets(1, 2) && meets(0, 3));
        assert!(!meets(0, 2), "four cells apart is past the reach");
        assert!(!meets(2, 3) && !meets(1, 3) && !meets(0, 0));
        assert!(labels_within(8, 4, &labels, 4, 4)[2], "1 between them does not stop the look");
    }
}
