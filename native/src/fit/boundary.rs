//! Boundary decomposition: every closed pixel-edge path of a binary mask.
//!
//! Pixel (x, y) is the unit square [x, x+1] x [y, y+1] (y down), so a path
//! runs on the integer lattice of pixel corners, one unit step at a time.
//! Every path keeps the inside on its right (screen coordinates): outer
//! boundaries run clockwise on screen and holes counter-clockwise, so under
//! SVG's nonzero fill rule the holes of a shape stay empty.

/// A binary image with a one-pixel empty border, so neighbour reads need no
/// bounds checks. It may be a window of a larger image: its paths come out
/// in that image's coordinates.
pub struct Mask {
    width: usize,
    height: usize,
    stride: usize,
    cells: Vec<u8>,
    /// Where its top-left pixel sits in the larger image.
    origin: (i32, i32),
}

impl Mask {
    /// A `width` x `height` mask whose pixel i (row-major) is inside when
    /// `inside(i)` is true.
    pub fn from_fn(width: usize, height: usize, mut inside: impl FnMut(usize) -> bool) -> Mask {
        let stride = width + 2;
        let mut cells = vec![0u8; stride * (height + 2)];
        for y in 0..height {
            let row = (y + 1) * stride + 1;
            for x in 0..width {
                cells[row + x] = u8::from(inside(y * width + x));
            }
        }
        Mask { width, height, stride, cells, origin: (0, 0) }
    }

    /// A `width` x `height` mask from row-major cells, 1 inside and 0
    /// outside: copied a row at a time.
    pub fn from_cells(width: usize, height: usize, inside: &[u8]) -> Mask {
        debug_assert!(inside.len() == width * height && inside.iter().all(|&c| c <= 1), "cells are 0 or 1");
        let stride = width + 2;
        let mut cells = vec![0u8; stride * (height + 2)];
        for (y, row) in inside.chunks_exact(width.max(1)).enumerate() {
            cells[(y + 1) * stride + 1..][..width].copy_from_slice(row);
        }
        Mask { width, height, stride, cells, origin: (0, 0) }
    }

    #[cfg(test)]
    pub fn origin(&self) -> (i32, i32) {
        self.origin
    }

    /// This mask as the window at `origin` of a larger image.
    pub fn placed_at(self, origin: (i32, i32)) -> Mask {
        Mask { origin, ..self }
    }

    /// Whether pixel (x, y) of the (larger) image is inside.
    #[cfg(test)]
    pub fn contains(&self, x: usize, y: usize) -> bool {
        let (x, y) = (x as i32 - self.origin.0, y as i32 - self.origin.1);
        x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height && self.at(x, y)
    }

    /// Whether pixel (x, y) is inside; anything off the image is outside.
    #[inline]
    fn at(&self, x: i32, y: i32) -> bool {
        if x < -1 || y < -1 || x > self.width as i32 || y > self.height as i32 {
            return false;
        }
        self.cells[(y + 1) as usize * self.stride + (x + 1) as usize] != 0
    }
}

/// One closed boundary: lattice points, each a unit step from the previous,
/// the last one step from the first.
pub struct BoundaryPath {
    pub points: Vec<(i32, i32)>,
    /// Enclosed area in pixels; positive for outer boundaries, negative for holes.
    pub area: i64,
}

/// Unit steps in screen coordinates: east, south, west, north.
const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// The pixel ahead of lattice point `v` moving along `d`, on the right
/// (`right = true`) or on the left of the direction of travel.
#[inline]
fn ahead(v: (i32, i32), d: usize, right: bool) -> (i32, i32) {
    let (dx, dy) = DIRS[d];
    // Right of (dx, dy) on screen (y down) is (-dy, dx); left is (dy, -dx).
    let (sx, sy) = if right { (-dy, dx) } else { (dy, -dx) };
    // The pixel whose centre is v + (d + side) / 2.
    (v.0 + (dx + sx - 1) / 2, v.1 + (dy + sy - 1) / 2)
}

/// Where the boundary goes at an ambiguous corner (two inside pixels touching
/// only diagonally): the color that is the minority around it stays
/// connected, so thin lines of either color survive (potrace's default
/// policy). Decided by position only, so both visits of the corner agree.
fn connect_inside_at(mask: &Mask, v: (i32, i32)) -> bool {
    let mut inside = 0;
    for y in v.1 - 2..v.1 + 2 {
        for x in v.0 - 2..v.0 + 2 {
            inside += i32::from(mask.at(x, y));
        }
    }
    // The tie-break goes by the corner's place in the whole image, so a
    // window traces as the image would.
    let (x, y) = (v.0 + mask.origin.0, v.1 + mask.origin.1);
    inside < 8 || (inside == 8 && (x + y) % 2 == 0)
}

/// How many edges along a row `decompose` compares at once.
const EDGE_CHUNK: usize = 32;

/// All boundary paths of `mask`, in scan order of their topmost-leftmost
/// edge. Each path starts at a corner.
pub fn decompose(mask: &Mask) -> Vec<BoundaryPath> {
    let (w, h) = (mask.width, mask.height);
    // Horizontal edge (x, y) lies between pixels (x, y - 1) and (x, y).
    let mut visited = vec![false; w * (h + 1)];
    let mut paths = Vec::new();
    let stride = mask.stride;
    for y in 0..=h {
        // The pixel rows on either side of the edges, read straight from the
        // bordered cells (pixel row y - 1 is cell row y).
        let (above, below) = (&mask.cells[y * stride + 1..][..w], &mask.cells[(y + 1) * stride + 1..][..w]);
        // Most of a row has no edge: whole chunks of it are passed at once.
        let edges = above.chunks(EDGE_CHUNK).zip(below.chunks(EDGE_CHUNK)).enumerate().filter(|(_, (a, b))| a != b);
        let columns = edges.flat_map(|(chunk, _)| chunk * EDGE_CHUNK..(chunk * EDGE_CHUNK + EDGE_CHUNK).min(w));
        for x in columns {
            if above[x] == below[x] || visited[y * w + x] {
                continue;
            }
            let (below, x, y) = (below[x] != 0, x as i32, y as i32);
            // Inside on the right: east along a top edge, west along a bottom one.
            let (start, dir) = if below { ((x, y), 0) } else { ((x + 1, y), 2) };
            let mut path = follow(mask, &mut visited, start, dir);
            if !below {
                // A hole's walk starts one step right of its leftmost corner.
                path.points.rotate_left(1);
            }
            let (ox, oy) = mask.origin;
            path.points.iter_mut().for_each(|p| *p = (p.0 + ox, p.1 + oy));
            paths.push(path);
        }
    }
    paths
}

fn follow(mask: &Mask, visited: &mut [bool], start: (i32, i32), start_dir: usize) -> BoundaryPath {
    let w = mask.width;
    let mut points = Vec::new();
    let mut area = 0i64;
    let (mut v, mut d) = (start, start_dir);
    // A path is at most every lattice edge once; the bound only guards the loop.
    let limit = 4 * (mask.width + 1) * (mask.height + 1);
    loop {
        points.push(v);
        let (dx, dy) = DIRS[d];
        if dy == 0 {
            let ex = if dx > 0 { v.0 } else { v.0 - 1 };
            if let Some(seen) = visited.get_mut(v.1 as usize * w + ex as usize) {
                *seen = true;
            }
            area -= i64::from(dx) * i64::from(v.1);
        }
        v = (v.0 + dx, v.1 + dy);
        if points.len() > limit {
            break;
        }
        // Choose the next direction, keeping the inside on the right.
        let right_in = {
            let p = ahead(v, d, true);
            mask.at(p.0, p.1)
        };
        let left_in = {
            let p = ahead(v, d, false);
            mask.at(p.0, p.1)
        };
        d = match (left_in, right_in) {
            (false, true) => d,
            (true, true) => (d + 3) % 4,
            (false, false) => (d + 1) % 4,
            (true, false) => {
                if connect_inside_at(mask, v) {
                    (d + 3) % 4
                } else {
                    (d + 1) % 4
                }
            }
        };
        if v == start && d == start_dir {
            break;
        }
    }
    BoundaryPath { points, area }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(rows: &[&str]) -> Mask {
        let w = rows[0].len();
        let cells: Vec<bool> = rows.iter().flat_map(|r| r.bytes().map(|b| b == b'#')).collect();
        Mask::from_fn(w, rows.len(), |i| cells[i])
    }

    #[test]
    fn a_mask_from_cells_traces_as_one_from_a_function() {
        let rows = [".##.#", "#..##", "#.#.#", ".###."];
        let cells: Vec<u8> = rows.iter().flat_map(|r| r.bytes().map(|b| u8::from(b == b'#'))).collect();
        let (a, b) = (decompose(&mask(&rows)), decompose(&Mask::from_cells(5, 4, &cells)));
        assert_eq!(a.len(), b.len());
        assert!(a.iter().zip(&b).all(|(p, q)| p.points == q.points && p.area == q.area));
    }

    #[test]
    fn a_pixel_is_a_unit_square() {
        let paths = decompose(&mask(&["#"]));
        assert_eq!(paths.len(), 1);
        assert_eq!(paths[0].points, vec![(0, 0), (1, 0), (1, 1), (0, 1)]);
        assert_eq!(paths[0].area, 1);
    }

    #[test]
    fn a_ring_has_an_outer_path_and_a_hole_of_opposite_orientation() {
        let paths = decompose(&mask(&["####", "#..#", "#..#", "####"]));
        assert_eq!(paths.len(), 2);
        assert_eq!(paths[0].area, 16);
        assert_eq!(paths[1].area, -4);
        assert_eq!(paths[1].points[0], (1, 1));
        assert_eq!(paths[1].points.len(), 8);
    }

    #[test]
    fn diagonal_thin_lines_stay_connected() {
        let paths = decompose(&mask(&["#...", ".#..", "..#.", "...#"]));
        assert_eq!(paths.len(), 1);
        assert_eq!(paths[0].area, 4);
    }

    #[test]
    fn every_step_is_a_unit_step() {
        let paths = decompose(&mask(&[".##.#", "#..##", "#.#.#", ".###."]));
        for p in &paths {
            let n = p.points.len();
            for k in 0..n {
                let (a, b) = (p.points[k], p.points[(k + 1) % n]);
                assert_eq!((a.0 - b.0).abs() + (a.1 - b.1).abs(), 1);
            }
        }
    }
}
