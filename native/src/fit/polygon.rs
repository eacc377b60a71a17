//! The optimal polygon of a boundary path and its vertex adjustment
//! (Selinger 2003, sections 2.2 and 2.3).
//!
//! A segment from path point i to path point j is possible when that stretch
//! of the path does not use all four directions and the line through the two
//! points passes within one pixel (max-norm) of every path point in between:
//! a staircase whose corners fit in a strip one pixel wide, the digitization
//! of a straight edge, is one segment. On a mask refined to 2x the strip is
//! `slack` mask pixels, one image pixel (see `FitParams::grain`).
//! Among the polygons made of possible segments we take one with the fewest
//! segments, and among those the one deviating least from the path. Each
//! vertex is then moved, within the unit square around its lattice point (an
//! image pixel's square on a refined mask), to
//! where the least-squares lines of its two edges meet best.

use std::ops::Range;

use super::geom::{cross, Vec2};
use crate::budget::Budget;
use crate::error::EngineResult;

type Lattice = (i32, i32);

/// Running sums of the path's coordinates over two laps, relative to the
/// first point, so the moments of any cyclic stretch are one subtraction.
/// Each quantity is its own array: the polygon search reads a block of
/// consecutive start points as contiguous slices, which the compiler
/// vectorizes.
pub struct Sums {
    origin: Vec2,
    /// Sums over points 0..k (k up to 2n + 1): their number (k, as a float
    /// the penalty's block reads as a vector), x, y, xx, xy, yy.
    count: Vec<f64>,
    x: Vec<f64>,
    y: Vec<f64>,
    xx: Vec<f64>,
    xy: Vec<f64>,
    yy: Vec<f64>,
    /// Point k (over two laps) relative to the first, without a modulo (an
    /// integer division) per read.
    px: Vec<f64>,
    py: Vec<f64>,
}

/// Count, mean and covariance of a stretch of points.
struct Moments {
    count: f64,
    sum: Vec2,
    xx: f64,
    xy: f64,
    yy: f64,
}

impl Sums {
    pub fn new(points: &[Lattice]) -> Sums {
        let n = points.len();
        let origin = points.first().map_or(Vec2::ZERO, |&p| Vec2::from_lattice(p));
        let relative: Vec<Vec2> = (0..=2 * n).map(|k| Vec2::from_lattice(points[k % n]) - origin).collect();
        let running = |term: &dyn Fn(Vec2) -> f64| -> Vec<f64> {
            let mut total = 0.0;
            std::iter::once(0.0)
                .chain(relative.iter().map(|&p| {
                    total += term(p);
                    total
                }))
                .collect()
        };
        Sums {
            origin,
            count: running(&|_| 1.0),
            x: running(&|p| p.x),
            y: running(&|p| p.y),
            xx: running(&|p| p.x * p.x),
            xy: running(&|p| p.x * p.y),
            yy: running(&|p| p.y * p.y),
            px: relative.iter().map(|p| p.x).collect(),
            py: relative.iter().map(|p| p.y).collect(),
        }
    }

    /// Moments of points i..=j (path indices over two laps, i <= j <= 2n).
    fn moments(&self, i: usize, j: usize) -> Moments {
        Moments {
            count: self.count[j + 1] - self.count[i],
            sum: Vec2::new(self.x[j + 1] - self.x[i], self.y[j + 1] - self.y[i]),
            xx: self.xx[j + 1] - self.xx[i],
            xy: self.xy[j + 1] - self.xy[i],
            yy: self.yy[j + 1] - self.yy[i],
        }
    }
}

fn lattice_cross(a: (i64, i64), b: (i64, i64)) -> i64 {
    a.0 * b.1 - a.1 * b.0
}

fn direction_bit(a: Lattice, b: Lattice) -> u8 {
    match (b.0 - a.0, b.1 - a.1) {
        (1, _) => 1,
        (_, 1) => 2,
        (-1, _) => 4,
        _ => 8,
    }
}

/// The cone of directions from an origin whose rays pass within max-norm
/// distance `slack` of every point seen so far: from `lo` counter-clockwise
/// to `hi`.
type Cone = Option<((i64, i64), (i64, i64))>;

/// Narrows `cone` to the rays passing within `slack` of `v` (relative to the
/// origin).
fn constrain(cone: Cone, v: (i64, i64), slack: i64) -> Cone {
    match tangent_corners(v, slack) {
        Some(corners) => Some(narrowed(cone, corners)),
        None => cone,
    }
}

/// `cone` narrowed to the rays between `cw` and `ccw` (counter-clockwise).
fn narrowed(cone: Cone, (cw, ccw): ((i64, i64), (i64, i64))) -> ((i64, i64), (i64, i64)) {
    match cone {
        None => (cw, ccw),
        Some((lo, hi)) => {
            (if lattice_cross(lo, cw) > 0 { cw } else { lo }, if lattice_cross(ccw, hi) > 0 { ccw } else { hi })
        }
    }
}

/// The corners of the square of half-side `slack` around `v` that bound the
/// rays from the origin through it, clockwise-most first; None when the
/// origin is on the square (every ray passes it). Which two they are follows
/// from the side of the square the origin lies on, with no cross product.
fn tangent_corners(v: (i64, i64), slack: i64) -> Option<((i64, i64), (i64, i64))> {
    let ((x0, x1), (y0, y1)) = ((v.0 - slack, v.0 + slack), (v.1 - slack, v.1 + slack));
    // Per axis, where the origin lies: before the square's span (-1),
    // within it (0) or past it (1).
    let side = |low: i64, high: i64| {
        if low > 0 {
            -1
        } else if high < 0 {
            1
        } else {
            0
        }
    };
    let (sx, sy) = (side(x0, x1), side(y0, y1));
    if sx == 0 && sy == 0 {
        return None;
    }
    let cw = (if sy < 0 || (sy == 0 && sx > 0) { x1 } else { x0 }, if sx < 0 || (sx == 0 && sy < 0) { y0 } else { y1 });
    let ccw =
        (if sy < 0 || (sy == 0 && sx < 0) { x0 } else { x1 }, if sx < 0 || (sx == 0 && sy > 0) { y1 } else { y0 });
    Some((cw, ccw))
}

/// For every path point i, the furthest path index j (counted over two laps,
/// i < j <= i + n - 3) such that every segment i -> k with i < k <= j is
/// possible within a strip of half-width `slack`.
///
/// Along a straight run of the path only its two ends constrain the cone (a
/// line within `slack` of both ends is within it of every point between), and the
/// run's points inside the cone form an interval from its start: each run is
/// one step, so the cost is the number of corners within reach, not the
/// number of points.
pub fn reach(points: &[Lattice], slack: i64) -> Vec<usize> {
    let n = points.len();
    let longest = n.saturating_sub(3).max(1);
    // The points over two laps, read without a modulo (an integer division) per step.
    let laps: Vec<Lattice> = (0..=2 * n).map(|k| points[k % n]).collect();
    let at = |k: usize| laps[k];
    let step = |k: usize| {
        let (a, b) = (at(k), at(k + 1));
        (i64::from(b.0 - a.0), i64::from(b.1 - a.1))
    };
    // run_end[k]: where the straight run leaving point k ends (over two laps).
    let mut run_end = vec![0usize; 2 * n];
    for k in (0..2 * n).rev() {
        run_end[k] = if k + 1 < 2 * n && step(k + 1) == step(k) { run_end[k + 1] } else { k + 1 };
    }
    let mut reach = vec![0usize; n];
    for (i, reach_i) in reach.iter_mut().enumerate() {
        let origin = at(i);
        let relative = |k: usize| {
            let p = at(k);
            (i64::from(p.0 - origin.0), i64::from(p.1 - origin.1))
        };
        let limit = i + longest;
        let mut used = 0u8;
        let mut cone: Cone = None;
        let mut a = i;
        let last = loop {
            if a >= limit {
                break limit;
            }
            used |= direction_bit(at(a), at(a + 1));
            if used == 0b1111 {
                break a;
            }
            let b = run_end[a].min(limit);
            let (va, d) = (relative(a), step(a));
            let mut steps = (b - a) as i64;
            if let Some((lo, hi)) = cone {
                // cross(lo, va + t d) >= 0 and cross(va + t d, hi) >= 0, both true at t = 0.
                for (at0, slope) in
                    [(lattice_cross(lo, va), lattice_cross(lo, d)), (lattice_cross(va, hi), lattice_cross(d, hi))]
                {
                    // The division only where the run leaves the cone: most runs stay inside.
                    if slope < 0 && at0 + slope * steps < 0 {
                        steps = steps.min(at0.max(0) / -slope);
                    }
                }
            }
            if steps < (b - a) as i64 {
                break a + steps as usize;
            }
            cone = constrain(cone, relative(b), slack);
            a = b;
        };
        *reach_i = last.max(i + 1);
    }
    // A segment inside a possible segment is possible: make reach monotone.
    for _ in 0..2 {
        for i in (0..n).rev() {
            let next = if i + 1 == n { reach[0] + n } else { reach[i + 1] };
            reach[i] = reach[i].min(next);
        }
    }
    reach
}

/// How far the path points i..=j stray from the straight line through points
/// i and j, squared, for each i of `from` (into `squares`, as long as
/// `from`): the summed squares, which divided by the number of points are
/// the segment's length times the points' RMS distance to it, squared (the
/// line's normal carries that length, so no root is needed). The search
/// rejects most segments on the sum alone, without the division's latency.
/// One pass over contiguous slices of the sums, which the compiler
/// vectorizes.
fn penalty_parts(sums: &Sums, from: Range<usize>, j: usize, squares: &mut [f64]) {
    let at = |k: usize| Moments {
        count: sums.count[k],
        sum: Vec2::new(sums.x[k], sums.y[k]),
        xx: sums.xx[k],
        xy: sums.xy[k],
        yy: sums.yy[k],
    };
    let (end, pj) = (at(j + 1), Vec2::new(sums.px[j], sums.py[j]));
    let (px, py, count) = (&sums.px[from.clone()], &sums.py[from.clone()], &sums.count[from.clone()]);
    let (x, y) = (&sums.x[from.clone()], &sums.y[from.clone()]);
    let (xx, xy, yy) = (&sums.xx[from.clone()], &sums.xy[from.clone()], &sums.yy[from.clone()]);
    for (k, out) in squares[..from.len()].iter_mut().enumerate() {
        let pi = Vec2::new(px[k], py[k]);
        let u = pj - pi;
        let (nx, ny) = (-u.y, u.x);
        let m = Moments {
            count: end.count - count[k],
            sum: Vec2::new(end.sum.x - x[k], end.sum.y - y[k]),
            xx: end.xx - xx[k],
            xy: end.xy - xy[k],
            yy: end.yy - yy[k],
        };
        let c = nx * pi.x + ny * pi.y;
        let sum = nx * nx * m.xx + 2.0 * nx * ny * m.xy + ny * ny * m.yy - 2.0 * c * (nx * m.sum.x + ny * m.sum.y)
            + m.count * c * c;
        *out = sum.max(0.0);
    }
}

/// Relative margin under which the division-free comparison in
/// `polygon_from` leaves the decision to the exact one: far above the few
/// rounding steps that separate the two.
const SURE_MARGIN: f64 = 1e-9;

/// Points of `chain`'s scores per block it can pass over at once.
const SCORE_BLOCK: usize = 16;

/// The least-cost chain of possible segments (each costs 1 + weight *
/// penalty: the fewest segments, then the straightest) from path point
/// `start` to the point `len` steps on, as the path indices of its vertices
/// from `start`, the end left out (a polygon's chain ends where it starts).
fn chain(
    points: &[Lattice],
    sums: &Sums,
    reach: &[usize],
    (start, len): (usize, usize),
    weight: f64,
    budget: &Budget,
) -> EngineResult<Option<Vec<usize>>> {
    let n = points.len();
    debug_assert!(start < n && len <= n);
    let reach_of = |i: usize| if i < n { reach[i] } else { reach[i - n] + n };
    // A vanishing weight still prefers the straighter of equally short polygons.
    let weight = weight.max(1e-6);
    let weight_squared = weight * weight;
    // score[j]: least (segments + weight * penalty) from `start` to start + j.
    let mut score = vec![f64::INFINITY; len + 1];
    // The least score of each block of `SCORE_BLOCK` points so far: most
    // points cannot start the best segment, and a block of them is passed
    // on one comparison (the same test as each point's, on the least).
    let mut block_least = vec![f64::INFINITY; len / SCORE_BLOCK + 1];
    let mut previous = vec![0usize; len + 1];
    let mut block_squares = [0.0; SCORE_BLOCK];
    score[0] = 0.0;
    block_least[0] = 0.0;
    let mut first = 0;
    for j in 1..=len {
        // Each step costs up to the longest straight stretch: the one loop
        // whose total can grow with the square of the path.
        budget.check_at(j)?;
        while first < j && reach_of(start + first) < start + j {
            first += 1;
        }
        let mut best = f64::INFINITY;
        let mut i = first;
        while i < j {
            let block_end = ((i / SCORE_BLOCK + 1) * SCORE_BLOCK).min(j);
            if i % SCORE_BLOCK == 0 && best - block_least[i / SCORE_BLOCK] - 1.0 <= 0.0 {
                i = block_end;
                continue;
            }
            penalty_parts(sums, start + i..start + block_end, start + j, &mut block_squares);
            for (k, at) in (i..block_end).enumerate() {
                let before = score[at];
                // Every segment costs at least 1: pass over a start point for
                // which that is already too much, and take a root only to win.
                let room = best - before - 1.0;
                if room <= 0.0 {
                    continue;
                }
                let (squares, count) = (block_squares[k], (j + 1 - at) as f64);
                let room_squared = room * room;
                // Surely no better: skip the division (most segments end here).
                if weight_squared * squares > room_squared * count * (1.0 + SURE_MARGIN) {
                    continue;
                }
                let weighted = weight_squared * (squares / count);
                if weighted < room_squared {
                    best = before + 1.0 + weighted.sqrt();
                    previous[j] = at;
                }
            }
            i = block_end;
        }
        score[j] = best;
        let least = &mut block_least[j / SCORE_BLOCK];
        *least = least.min(best);
    }
    if !score[len].is_finite() {
        return Ok(None);
    }
    let mut vertices = Vec::new();
    let mut j = len;
    while j > 0 {
        j = previous[j];
        vertices.push((start + j) % n);
    }
    vertices.reverse();
    Ok(Some(vertices))
}

/// The best polygon through path point `start`, as path indices in cyclic
/// order from it; None when it has fewer than three vertices.
fn polygon_from(
    points: &[Lattice],
    sums: &Sums,
    reach: &[usize],
    start: usize,
    weight: f64,
    budget: &Budget,
) -> EngineResult<Option<Vec<usize>>> {
    let polygon = chain(points, sums, reach, (start, points.len()), weight, budget)?;
    Ok(polygon.filter(|vertices| vertices.len() >= 3))
}

/// Path indices of an optimal polygon, in cyclic order from its sharpest
/// vertex (the curve fit breaks its joins at the first vertex when the
/// outline has no corner: best where it bends most).
///
/// The cyclic problem is solved as a linear one from a vertex known to be on
/// a good polygon. The path's first point is a corner of the pixel outline,
/// but not necessarily such a vertex (the corner of a one-pixel step on a
/// long slanted edge would cut that edge in two); a vertex halfway along the
/// best chain of a few segments from it is, being far from both of its
/// forced ends (`natural_vertex`).
pub fn optimal_polygon(
    points: &[Lattice],
    sums: &Sums,
    weight: f64,
    slack: i64,
    budget: &Budget,
) -> EngineResult<Vec<usize>> {
    let n = points.len();
    let reach = reach(points, slack);
    let start = natural_vertex(points, sums, &reach, weight, budget)?;
    Ok(match polygon_from(points, sums, &reach, start, weight, budget)? {
        Some(mut polygon) => {
            let sharpest = sharpest_vertex(points, &polygon);
            polygon.rotate_left(sharpest);
            polygon
        }
        // Degenerate: keep every corner of the path.
        None => (0..n)
            .filter(|&k| {
                let (a, b, c) = (points[(k + n - 1) % n], points[k], points[(k + 1) % n]);
                (b.0 - a.0, b.1 - a.1) != (c.0 - b.0, c.1 - b.1)
            })
            .collect(),
    })
}

/// Segments the chain that finds a polygon's first vertex spans, at the
/// least: its middle vertex is two or more segments from either forced end.
const NATURAL_CHAIN_HOPS: usize = 4;

/// A vertex of a good polygon: the middle vertex of the best chain from the
/// path's first point to where `NATURAL_CHAIN_HOPS` of the longest possible
/// segments reach. On a path shorter than that, the sharpest vertex of the
/// best polygon through its first point.
fn natural_vertex(
    points: &[Lattice],
    sums: &Sums,
    reach: &[usize],
    weight: f64,
    budget: &Budget,
) -> EngineResult<usize> {
    let n = points.len();
    let mut end = 0;
    for _ in 0..NATURAL_CHAIN_HOPS {
        if end >= n {
            break;
        }
        end = reach[end];
    }
    if end >= n {
        return Ok(polygon_from(points, sums, reach, 0, weight, budget)?
            .map_or(0, |polygon| polygon[sharpest_vertex(points, &polygon)]));
    }
    Ok(chain(points, sums, reach, (0, end), weight, budget)?.map_or(0, |vertices| vertices[vertices.len() / 2]))
}

/// The position in `polygon` of its sharpest vertex: the furthest from the
/// chord between its neighbours (the first of equals).
fn sharpest_vertex(points: &[Lattice], polygon: &[usize]) -> usize {
    let m = polygon.len();
    let sharpness = |k: usize| {
        let at = |i: usize| Vec2::from_lattice(points[polygon[i % m]]);
        let (a, b, c) = (at(k + m - 1), at(k), at(k + 1));
        let chord = c - a;
        cross(b - a, chord).abs() / chord.norm().max(1e-9)
    };
    (0..m).rev().max_by(|&x, &y| sharpness(x).total_cmp(&sharpness(y))).unwrap_or(0)
}

/// A line as unit normal and offset: the points x with normal . x = offset.
#[derive(Clone, Copy)]
struct Line {
    normal: Vec2,
    offset: f64,
}

/// The least-squares line through path points i..=j.
fn fit_line(sums: &Sums, i: usize, j: usize) -> Line {
    let m = sums.moments(i, j);
    let mean = m.sum / m.count;
    let a = m.xx / m.count - mean.x * mean.x;
    let b = m.xy / m.count - mean.x * mean.y;
    let c = m.yy / m.count - mean.y * mean.y;
    // Principal axis of [[a, b], [b, c]].
    let largest = 0.5 * (a + c) + (0.25 * (a - c) * (a - c) + b * b).sqrt();
    let (d1, d2) = (Vec2::new(b, largest - a), Vec2::new(largest - c, b));
    let direction = if d1.norm2() >= d2.norm2() { d1 } else { d2 };
    let length = direction.norm();
    let direction = if length > 1e-12 { direction / length } else { Vec2::new(1.0, 0.0) };
    let normal = Vec2::new(-direction.y, direction.x);
    Line { normal, offset: normal.dot(mean) }
}

/// Sum of squared distances to `lines` as x'Ax - 2b'x + c.
struct Quadratic {
    a: [f64; 3],
    b: Vec2,
    c: f64,
}

impl Quadratic {
    fn of(lines: &[Line]) -> Quadratic {
        let mut q = Quadratic { a: [0.0; 3], b: Vec2::ZERO, c: 0.0 };
        for l in lines {
            let (nx, ny) = (l.normal.x, l.normal.y);
            q.a[0] += nx * nx;
            q.a[1] += nx * ny;
            q.a[2] += ny * ny;
            q.b = q.b + l.normal * l.offset;
            q.c += l.offset * l.offset;
        }
        q
    }

    fn at(&self, p: Vec2) -> f64 {
        self.a[0] * p.x * p.x + 2.0 * self.a[1] * p.x * p.y + self.a[2] * p.y * p.y - 2.0 * self.b.dot(p) + self.c
    }

    /// The minimum on the segment from p to p + d.
    fn min_on_segment(&self, p: Vec2, d: Vec2) -> Vec2 {
        // q(p + t d) = t^2 d'Ad + 2t (d'Ap - b'd) + q(p)
        let ad = Vec2::new(self.a[0] * d.x + self.a[1] * d.y, self.a[1] * d.x + self.a[2] * d.y);
        let curvature = ad.dot(d);
        let slope = ad.dot(p) - self.b.dot(d);
        let t = if curvature > 1e-12 { (-slope / curvature).clamp(0.0, 1.0) } else { 0.0 };
        p + d * t
    }
}

/// Polygon vertices moved to where their two edges' least-squares lines meet,
/// each within the square of side `grain` around its lattice point.
pub fn adjust_vertices(points: &[Lattice], sums: &Sums, vertices: &[usize], grain: f64) -> Vec<Vec2> {
    let n = points.len();
    let m = vertices.len();
    let lines: Vec<Line> = (0..m)
        .map(|a| {
            let start = vertices[a];
            let end = vertices[(a + 1) % m];
            let end = if end <= start { end + n } else { end };
            fit_line(sums, start, end)
        })
        .collect();
    (0..m)
        .map(|a| {
            let corner = Vec2::from_lattice(points[vertices[a] % n]) - sums.origin;
            let q = Quadratic::of(&[lines[(a + m - 1) % m], lines[a]]);
            best_in_square(&q, corner, grain / 2.0) + sums.origin
        })
        .collect()
}

/// Edges at most this long (in grains, see `restore_tips`) between two sharp
/// turns are digitization artifacts: the blunted tip of an acute corner.
const STUB_LENGTH: f64 = 3.0;
/// The same on a refined mask, whose anti-aliased tips blunt further: the
/// 60 degree corners of a 200 px triangle come back 3.8 image pixels short.
const REFINED_STUB_LENGTH: f64 = 4.0;
/// A tip is sharp when the edges on either side of the stub turn at least this much.
const STUB_TURN: f64 = 75.0 * std::f64::consts::PI / 180.0;
/// How far the restored tip may lie from the stub (grains).
const STUB_REACH: f64 = 3.0;
/// Both edges beside a stub are at least this long (grains), and twice the stub.
const STUB_NEIGHBOUR: f64 = 4.0;

/// Restores the corners that digitization blunted or notched: a stub edge
/// whose neighbours are long and whose lines cross within a few pixels of it
/// at a sharp angle is replaced by the single vertex where they cross (the
/// tip of a triangle comes out as one sharp vertex instead of a short flat top
/// between two rounded ones). Lengths are in units of `grain` mask pixels
/// (`FitParams::grain`). Vertices and their path indices are edited together.
pub fn restore_tips(vertices: &mut Vec<usize>, q: &mut Vec<Vec2>, grain: f64) {
    let stub_length = grain * if grain > 1.0 { REFINED_STUB_LENGTH } else { STUB_LENGTH };
    let mut k = 0;
    while q.len() > 3 && k < q.len() {
        let m = q.len();
        let at = |i: usize| q[(k + i) % m];
        let (before, a, b, after) = (at(m - 1), at(0), at(1), at(2));
        let (d_in, stub, d_out) = (a - before, b - a, after - b);
        let length = stub.norm();
        let long_enough = |d: Vec2| d.norm() >= (2.0 * length).max(STUB_NEIGHBOUR * grain);
        let turn = cross(d_in, d_out).atan2(d_in.dot(d_out)).abs();
        let den = cross(d_in, d_out);
        if length <= stub_length && long_enough(d_in) && long_enough(d_out) && turn >= STUB_TURN && den.abs() > 1e-12 {
            let tip = a + d_in * (cross(b - a, d_out) / den);
            if (tip - a.lerp(b, 0.5)).norm() <= STUB_REACH * grain {
                let (ka, kb) = (k % m, (k + 1) % m);
                q[ka] = tip;
                q.remove(kb);
                vertices.remove(kb);
                if kb < ka {
                    // Removed the first element: everything shifted down by one.
                    k = k.saturating_sub(1);
                }
                continue;
            }
        }
        k += 1;
    }
}

/// For each vertex k of the adjusted polygon `q` (path indices `vertices`),
/// the signed area between the boundary path and the chord joining the
/// midpoints of vertex k's two edges: what the curve around vertex k must
/// enclose for the outline to keep the pixels' area there. The path is cut
/// at its point nearest each midpoint, so the pieces add up to the path's
/// whole area.
pub fn piece_areas(points: &[Lattice], vertices: &[usize], q: &[Vec2]) -> Vec<f64> {
    let (n, m) = (points.len(), vertices.len());
    if m == 0 || q.len() != m {
        return Vec::new();
    }
    let at = |i: usize| Vec2::from_lattice(points[i % n]);
    // Where each edge's midpoint meets the path: (path index over two laps, midpoint).
    let cuts: Vec<(usize, Vec2)> = (0..m)
        .map(|k| {
            let mid = q[k].lerp(q[(k + 1) % m], 0.5);
            let start = vertices[k];
            let mut end = vertices[(k + 1) % m];
            if end <= start {
                end += n;
            }
            let nearest = (start..=end).min_by(|&a, &b| (at(a) - mid).norm2().total_cmp(&(at(b) - mid).norm2()));
            (nearest.unwrap_or(start), mid)
        })
        .collect();
    (0..m)
        .map(|k| {
            let (from, b0) = cuts[(k + m - 1) % m];
            let (mut to, b1) = cuts[k];
            if to < from {
                to += n;
            }
            // Twice the signed area of b0 -> path[from..=to] -> b1 -> b0, about b0.
            let mut twice = 0.0;
            let mut previous = at(from) - b0;
            for i in from + 1..=to {
                let here = at(i) - b0;
                twice += cross(previous, here);
                previous = here;
            }
            twice += cross(previous, b1 - b0);
            twice / 2.0
        })
        .collect()
}

/// The minimum of `q` within max-norm distance `half` of `center`.
fn best_in_square(q: &Quadratic, center: Vec2, half: f64) -> Vec2 {
    let det = q.a[0] * q.a[2] - q.a[1] * q.a[1];
    if det > 1e-9 {
        let x = (q.a[2] * q.b.x - q.a[1] * q.b.y) / det;
        let y = (q.a[0] * q.b.y - q.a[1] * q.b.x) / det;
        let p = Vec2::new(x, y);
        if (p.x - center.x).abs() <= half && (p.y - center.y).abs() <= half {
            return p;
        }
    }
    // On the square's boundary, or (parallel lines) anywhere on the best line:
    // the boundary minimum is then as good as any, the centre is kept if it ties.
    let mut best = center;
    let mut best_value = q.at(center);
    let corners = [
        center + Vec2::new(-half, -half),
        center + Vec2::new(half, -half),
        center + Vec2::new(half, half),
        center + Vec2::new(-half, half),
    ];
    for k in 0..4 {
        let (p, r) = (corners[k], corners[(k + 1) % 4]);
        let candidate = q.min_on_segment(p, r - p);
        let value = q.at(candidate);
        if value < best_value - 1e-12 {
            best = candidate;
            best_value = value;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `constrain` by its definition: the corners of the square that bound
    /// the rays through it, found by comparing all four.
    fn constrain_by_corners(cone: Cone, v: (i64, i64), slack: i64) -> Cone {
        if v.0.abs() <= slack && v.1.abs() <= slack {
            return cone;
        }
        let corners = [
            (v.0 - slack, v.1 - slack),
            (v.0 + slack, v.1 - slack),
            (v.0 - slack, v.1 + slack),
            (v.0 + slack, v.1 + slack),
        ];
        let (mut cw, mut ccw) = (corners[0], corners[0]);
        for &c in &corners[1..] {
            if lattice_cross(c, cw) > 0 {
                cw = c;
            }
            if lattice_cross(ccw, c) > 0 {
                ccw = c;
            }
        }
        Some(narrowed(cone, (cw, ccw)))
    }

    #[test]
    fn tangent_corners_bound_the_same_rays_as_all_four_corners() {
        let same_ray = |a: (i64, i64), b: (i64, i64)| lattice_cross(a, b) == 0 && a.0 * b.0 + a.1 * b.1 > 0;
        for slack in 1..=3 {
            for x in -9..=9 {
                for y in -9..=9 {
                    match (constrain(None, (x, y), slack), constrain_by_corners(None, (x, y), slack)) {
                        (None, None) => {}
                        (Some((cw, ccw)), Some((cw_ref, ccw_ref))) => {
                            assert!(same_ray(cw, cw_ref) && same_ray(ccw, ccw_ref), "({x}, {y}) slack {slack}");
                        }
                        other => panic!("({x}, {y}) slack {slack}: {other:?}"),
                    }
                }
            }
        }
    }

    /// The definition, point by point: the oracle for [`reach`].
    fn reach_pointwise(points: &[Lattice], slack: i64) -> Vec<usize> {
        let n = points.len();
        let mut reach = vec![0usize; n];
        let longest = n.saturating_sub(3).max(1);
        for i in 0..n {
            let origin = points[i];
            let mut used = 0u8;
            // Directions from the origin within the cone from `lo` counter-clockwise
            // to `hi` pass through every square seen so far.
            let mut cone: Option<((i64, i64), (i64, i64))> = None;
            let mut last = i + 1;
            for k in i + 1..=i + longest {
                let (a, b) = (points[(k - 1) % n], points[k % n]);
                used |= direction_bit(a, b);
                if used == 0b1111 {
                    break;
                }
                let v = (i64::from(b.0 - origin.0), i64::from(b.1 - origin.1));
                if let Some((lo, hi)) = cone {
                    if lattice_cross(lo, v) < 0 || lattice_cross(v, hi) < 0 {
                        break;
                    }
                }
                last = k;
                // Point by point: every square narrows the cone, none skipped.
                cone = constrain_by_corners(cone, v, slack);
            }
            reach[i] = last;
        }
        // A segment inside a possible segment is possible: make reach monotone.
        for _ in 0..2 {
            for i in (0..n).rev() {
                let next = if i + 1 == n { reach[0] + n } else { reach[i + 1] };
                reach[i] = reach[i].min(next);
            }
        }
        reach
    }

    #[test]
    fn reach_by_runs_matches_the_pointwise_definition() {
        // Boundaries of seeded random blobs.
        let mut seed = 7u64;
        let mut random = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for _ in 0..40 {
            let (w, h) = (24, 24);
            let cells: Vec<bool> = (0..w * h).map(|_| random() % 3 != 0).collect();
            let mask = super::super::boundary::Mask::from_fn(w, h, |i| cells[i]);
            for path in super::super::boundary::decompose(&mask) {
                for slack in [1, 2] {
                    assert_eq!(reach(&path.points, slack), reach_pointwise(&path.points, slack));
                }
            }
        }
        for points in [rectangle(40, 3), rectangle(1, 1), rectangle(7, 19)] {
            for slack in [1, 2] {
                assert_eq!(reach(&points, slack), reach_pointwise(&points, slack));
            }
        }
        let disc = super::super::boundary::Mask::from_fn(90, 70, |i| {
            let (x, y) = ((i % 90) as f64 - 40.0, (i / 90) as f64 - 33.0);
            x * x + 3.0 * y * y + x * y < 900.0
        });
        for path in super::super::boundary::decompose(&disc) {
            for slack in [1, 2] {
                assert_eq!(reach(&path.points, slack), reach_pointwise(&path.points, slack));
            }
        }
    }

    #[test]
    fn a_wider_strip_keeps_a_jittered_straight_edge_one_segment() {
        // A quadrilateral whose slanted top edge wanders one mask pixel, as a
        // 2x refinement places a clean edge to within half an image pixel.
        let mask = super::super::boundary::Mask::from_fn(120, 60, |i| {
            let (x, y) = ((i % 120) as f64, (i / 120) as f64);
            let wobble = if (20.0..100.0).contains(&x) && (x as usize / 5) % 2 == 0 { 1.0 } else { 0.0 };
            (10.0..110.0).contains(&x) && y >= (10.0 + 0.3 * x + wobble).floor() && y < 55.0
        });
        let paths = super::super::boundary::decompose(&mask);
        assert_eq!(paths.len(), 1);
        let points = &paths[0].points;
        let sums = Sums::new(points);
        let corners = |slack| optimal_polygon(points, &sums, 0.2, slack, &Budget::default()).unwrap().len();
        assert_eq!(corners(2), 4, "one segment per side");
        assert!(corners(1) > 4, "the one-pixel strip splits the wandering edge");
    }

    fn rectangle(w: i32, h: i32) -> Vec<Lattice> {
        let mut p = Vec::new();
        (0..w).for_each(|x| p.push((x, 0)));
        (0..h).for_each(|y| p.push((w, y)));
        (0..w).for_each(|x| p.push((w - x, h)));
        (0..h).for_each(|y| p.push((0, h - y)));
        p
    }

    #[test]
    fn a_rectangle_is_its_four_corners() {
        let points = rectangle(12, 5);
        let sums = Sums::new(&points);
        let vertices = optimal_polygon(&points, &sums, 0.2, 1, &Budget::default()).unwrap();
        assert_eq!(vertices, vec![0, 12, 17, 29]);
        let adjusted = adjust_vertices(&points, &sums, &vertices, 1.0);
        for (v, &k) in adjusted.iter().zip(&vertices) {
            let p = Vec2::from_lattice(points[k]);
            assert!((*v - p).norm() < 1e-9, "{v:?} vs {p:?}");
        }
    }

    /// The closed lattice path from the origin taking `times` unit steps of
    /// each (dx, dy) in turn.
    fn walk(moves: &[(i32, i32, usize)]) -> Vec<Lattice> {
        let mut p = vec![(0, 0)];
        for &(dx, dy, times) in moves {
            for _ in 0..times {
                let &(x, y) = p.last().unwrap();
                p.push((x + dx, y + dy));
            }
        }
        assert_eq!(p.pop(), Some((0, 0)), "the walk closes");
        p
    }

    /// A parallelogram whose long sides are staircases of slope 1/3.
    fn parallelogram() -> Vec<Lattice> {
        let side = |dx: i32, dy: i32| [(dx, 0, 3), (0, dy, 1)].repeat(5);
        walk(&[side(1, 1), vec![(0, 1, 6)], side(-1, -1), vec![(0, -1, 6)]].concat())
    }

    /// A plus sign of arms 5 wide: twelve corners.
    fn plus() -> Vec<Lattice> {
        let turns =
            [(1, 0), (0, 1), (1, 0), (0, 1), (-1, 0), (0, 1), (-1, 0), (0, -1), (-1, 0), (0, -1), (1, 0), (0, -1)];
        walk(&turns.map(|(dx, dy)| (dx, dy, 5)))
    }

    #[test]
    fn the_polygon_does_not_depend_on_where_the_path_starts() {
        // Started halfway along a side, a polygon through the path's first
        // point would cut that side in two.
        for (points, corners) in [(rectangle(12, 5), 4), (parallelogram(), 4), (plus(), 12)] {
            for start in 0..points.len() {
                let mut turned = points.clone();
                turned.rotate_left(start);
                let sums = Sums::new(&turned);
                let vertices = optimal_polygon(&turned, &sums, 0.2, 1, &Budget::default()).unwrap();
                assert_eq!(vertices.len(), corners, "path started at point {start}: {vertices:?}");
            }
        }
        let mut points = rectangle(12, 5);
        points.rotate_left(6);
        let sums = Sums::new(&points);
        let vertices = optimal_polygon(&points, &sums, 0.2, 1, &Budget::default()).unwrap();
        let mut corners: Vec<Lattice> = vertices.iter().map(|&k| points[k]).collect();
        corners.sort_unstable();
        assert_eq!(corners, vec![(0, 0), (0, 5), (12, 0), (12, 5)]);
    }

    #[test]
    fn a_blunted_tip_is_restored_and_a_real_step_is_not() {
        let mut vertices = vec![0, 10, 12, 20];
        let mut q = vec![Vec2::new(0.0, 100.0), Vec2::new(49.0, 2.0), Vec2::new(51.0, 2.0), Vec2::new(100.0, 100.0)];
        restore_tips(&mut vertices, &mut q, 1.0);
        assert_eq!(vertices, vec![0, 10, 20]);
        assert!((q[1] - Vec2::new(50.0, 0.0)).norm() < 1e-9, "{:?}", q[1]);
        // A one-pixel step in a long straight edge stays.
        let mut vertices = vec![0, 10, 12, 20, 30];
        let mut q = vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(40.0, 0.0),
            Vec2::new(40.0, 1.0),
            Vec2::new(80.0, 1.0),
            Vec2::new(40.0, 50.0),
        ];
        restore_tips(&mut vertices, &mut q, 1.0);
        assert_eq!(q.len(), 5);
    }

    #[test]
    fn tiny_paths_give_a_polygon() {
        for points in [rectangle(1, 1), rectangle(2, 1), rectangle(1, 3)] {
            let sums = Sums::new(&points);
            let vertices = optimal_polygon(&points, &sums, 0.2, 1, &Budget::default()).unwrap();
            assert!(vertices.len() >= 3);
            assert_eq!(adjust_vertices(&points, &sums, &vertices, 1.0).len(), vertices.len());
        }
    }
}
