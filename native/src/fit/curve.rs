//! From the adjusted polygon to Bezier curves (Selinger 2003, sections 2.4
//! and 2.5): corner detection and smoothing, then curve optimization.
//!
//! Each polygon vertex q[k] owns the piece of outline from the midpoint of its
//! incoming edge to the midpoint of its outgoing edge. A vertex that sticks
//! out far beyond the unit square around it (the paper's alpha: the control
//! point fraction that makes the curve just touch that square) is a corner,
//! two straight lines through it. Any other vertex becomes one cubic Bezier
//! whose control points lie on its two edges, a fraction alpha of the way to
//! the vertex. Where the paper takes that fraction from the unit square too,
//! we choose it so the curve encloses the same area as the pixel boundary
//! between the two midpoints: the unit-square rule puts every curve a little
//! inside a convex arc (shapes shrink, holes close up), the area rule keeps
//! the outline centred on the pixels. Curve optimization then replaces runs
//! of consecutive curves that turn the same way, by less than half a turn,
//! with one cubic of the same area, when that cubic stays within a tolerance
//! of the run at every tangent point.

use super::geom::{cross, Vec2};

/// One piece of a fitted outline, ending at `end`.
#[derive(Clone, Copy, Debug)]
pub enum Segment {
    /// A straight line to `vertex`, then one to `end`.
    Corner { vertex: Vec2, end: Vec2 },
    /// A cubic Bezier with control points c1 and c2.
    Curve { c1: Vec2, c2: Vec2, end: Vec2 },
}

impl Segment {
    pub fn end(&self) -> Vec2 {
        match *self {
            Segment::Corner { end, .. } | Segment::Curve { end, .. } => end,
        }
    }
}

/// The largest total turn a single curve may make (just under half a turn).
const MAX_TURN: f64 = std::f64::consts::PI * 179.0 / 180.0;
/// alpha of a smooth vertex is kept in this range, as in the paper, when it
/// comes from the unit-square rule (no areas given) ...
const MIN_ALPHA: f64 = 0.55;
const MAX_ALPHA: f64 = 1.0;
/// ... and in this wider one when it comes from the boundary's area (past 1
/// the control points pass the vertex: a tip fuller than the polygon).
const MIN_AREA_ALPHA: f64 = 0.3;
const MAX_AREA_ALPHA: f64 = 1.2;

/// The alpha that makes the curve around q touch the unit square about q:
/// 4/3 (1 - s/d) where d is q's distance from the line through the midpoints
/// of its edges and s the square's extent towards that line (0 when the
/// square reaches the line).
fn alpha_at(prev: Vec2, q: Vec2, next: Vec2) -> f64 {
    let chord = next - prev;
    let length = chord.norm();
    if length < 1e-9 {
        return f64::INFINITY;
    }
    let distance = cross(q - prev, chord).abs() / length / 2.0;
    let extent = (chord.x.abs() + chord.y.abs()) / length / 2.0;
    let ratio = distance / extent;
    if ratio > 1.0 {
        4.0 / 3.0 * (1.0 - 1.0 / ratio)
    } else {
        0.0
    }
}

/// Area of the region between a cubic with control points on the lines to
/// the apex of triangle (p0, apex, p3), a fraction lambda of the way, and its
/// chord, as a share of the triangle's area.
fn area_share(lambda: f64) -> f64 {
    0.3 * lambda * (4.0 - lambda)
}

/// The lambda whose curve covers `share` of its triangle (the inverse of
/// [`area_share`] on 0..=2).
fn alpha_for_share(share: f64) -> f64 {
    2.0 - (4.0 - share.clamp(0.0, 1.2) / 0.3).max(0.0).sqrt()
}

fn triangle_area(a: Vec2, b: Vec2, c: Vec2) -> f64 {
    cross(b - a, c - a) / 2.0
}

fn bezier(p: &[Vec2; 4], t: f64) -> Vec2 {
    let s = 1.0 - t;
    p[0] * (s * s * s) + p[1] * (3.0 * s * s * t) + p[2] * (3.0 * s * t * t) + p[3] * (t * t * t)
}

/// The parameter in [0, 1] where the curve's tangent is parallel to `e`.
fn tangent_at(p: &[Vec2; 4], e: Vec2) -> Option<f64> {
    let a = cross(p[1] - p[0], e);
    let b = cross(p[2] - p[1], e);
    let c = cross(p[3] - p[2], e);
    // a(1-t)^2 + 2b t(1-t) + c t^2 = 0
    let (qa, qb, qc) = (a - 2.0 * b + c, 2.0 * (b - a), a);
    let inside = |t: f64| (-1e-9..=1.0 + 1e-9).contains(&t);
    let scale = a.abs().max(b.abs()).max(c.abs());
    if scale == 0.0 {
        return None;
    }
    if qa.abs() <= 1e-12 * scale {
        if qb.abs() <= 1e-12 * scale {
            return None;
        }
        let t = -qc / qb;
        return inside(t).then_some(t.clamp(0.0, 1.0));
    }
    let disc = qb * qb - 4.0 * qa * qc;
    if disc < 0.0 {
        return None;
    }
    let root = disc.sqrt();
    let (t1, t2) = ((-qb - root) / (2.0 * qa), (-qb + root) / (2.0 * qa));
    match (inside(t1), inside(t2)) {
        (true, true) => Some(if (t1 - 0.5).abs() <= (t2 - 0.5).abs() { t1 } else { t2 }.clamp(0.0, 1.0)),
        (true, false) => Some(t1.clamp(0.0, 1.0)),
        (false, true) => Some(t2.clamp(0.0, 1.0)),
        (false, false) => None,
    }
}

/// The polygon as corners and smooth vertices, before optimization.
struct Smoothed<'a> {
    q: &'a [Vec2],
    /// Midpoint of edge k (from q[k] to q[k+1]): where piece k ends.
    mid: Vec<Vec2>,
    /// alpha of each smooth vertex; None for corners.
    alpha: Vec<Option<f64>>,
    /// Turn direction at each vertex (+1, -1, or 0 when straight).
    turn: Vec<i8>,
    /// Absolute turning angle at each vertex.
    angle: Vec<f64>,
}

impl Smoothed<'_> {
    fn new<'a>(q: &'a [Vec2], areas: Option<&[f64]>, alpha_max: f64) -> Smoothed<'a> {
        let m = q.len();
        let at = |k: usize| q[k % m];
        let mid = (0..m).map(|k| at(k).lerp(at(k + 1), 0.5)).collect();
        let mut alpha = Vec::with_capacity(m);
        let mut turn = Vec::with_capacity(m);
        let mut angle = Vec::with_capacity(m);
        for k in 0..m {
            let (prev, here, next) = (at(k + m - 1), at(k), at(k + 1));
            let a = alpha_at(prev, here, next);
            let smooth = match areas.and_then(|areas| areas.get(k)) {
                // The curve that encloses the boundary's own area.
                Some(&area) => {
                    let triangle = triangle_area(prev.lerp(here, 0.5), here, here.lerp(next, 0.5));
                    let share = if triangle.abs() > 1e-12 { area / triangle } else { 0.0 };
                    alpha_for_share(share).clamp(MIN_AREA_ALPHA, MAX_AREA_ALPHA)
                }
                None => a.clamp(MIN_ALPHA, MAX_ALPHA),
            };
            alpha.push((a < alpha_max).then_some(smooth));
            let (d0, d1) = (here - prev, next - here);
            let c = cross(d0, d1);
            turn.push(if c > 0.0 {
                1
            } else if c < 0.0 {
                -1
            } else {
                0
            });
            angle.push(c.atan2(d0.dot(d1)).abs());
        }
        Smoothed { q, mid, alpha, turn, angle }
    }

    fn len(&self) -> usize {
        self.q.len()
    }

    fn start_of(&self, k: usize) -> Vec2 {
        self.mid[(k + self.len() - 1) % self.len()]
    }

    fn piece(&self, k: usize) -> Segment {
        let (start, q, end) = (self.start_of(k), self.q[k], self.mid[k]);
        match self.alpha[k] {
            None => Segment::Corner { vertex: q, end },
            Some(a) => Segment::Curve { c1: start.lerp(q, a), c2: end.lerp(q, a), end },
        }
    }

    /// One cubic for the smooth pieces `run` (consecutive vertex indices),
    /// and its penalty, if it stays within `tolerance` of them.
    fn join(&self, run: &[usize], tolerance: f64) -> Option<(Segment, f64)> {
        let m = self.len();
        let (&first, &last) = (run.first()?, run.last()?);
        let p0 = self.start_of(first);
        let p3 = self.mid[last];
        let d0 = self.q[first] - self.q[(first + m - 1) % m];
        let d1 = self.q[(last + 1) % m] - self.q[last];
        let den = cross(d0, d1);
        if den.abs() < 1e-12 {
            return None;
        }
        let s = cross(p3 - p0, d1) / den;
        let u = cross(d0, p3 - p0) / den;
        if s <= 0.0 || u <= 0.0 {
            return None;
        }
        let apex = p0 + d0 * s;
        // The area between the run and the chord p0-p3.
        let mut area = 0.0;
        for &k in run {
            let (a, b) = (self.start_of(k), self.mid[k]);
            area += triangle_area(p0, a, b) + area_share(self.alpha[k]?) * triangle_area(a, self.q[k], b);
        }
        let triangle = triangle_area(p0, apex, p3);
        if triangle.abs() < 1e-12 {
            return None;
        }
        let share = area / triangle;
        if !(0.0..=1.2).contains(&share) {
            return None;
        }
        let lambda = alpha_for_share(share);
        let curve = [p0, p0.lerp(apex, lambda), p3.lerp(apex, lambda), p3];
        let mut penalty = 0.0;
        // Where the run is tangent to each edge (the junctions between pieces)
        // and to each vertex's chord (the apex of each piece), the new curve's
        // parallel tangent must be within tolerance.
        for (index, &k) in run.iter().enumerate() {
            let (a, b) = (self.start_of(k), self.mid[k]);
            let chord = b - a;
            let peak = a.lerp(b, 0.5).lerp(self.q[k], 0.75 * self.alpha[k]?);
            penalty += offset_checked(&curve, chord, peak, tolerance)?;
            if index + 1 < run.len() {
                let edge = self.q[(k + 1) % m] - self.q[k];
                penalty += offset_checked(&curve, edge, b, tolerance)?;
            }
        }
        Some((Segment::Curve { c1: curve[1], c2: curve[2], end: p3 }, penalty))
    }
}

/// Squared distance between the curve's tangent line parallel to `direction`
/// and the parallel line through `point`, if within `tolerance`.
fn offset_checked(curve: &[Vec2; 4], direction: Vec2, point: Vec2, tolerance: f64) -> Option<f64> {
    let length = direction.norm();
    if length < 1e-12 {
        return Some(0.0);
    }
    let t = tangent_at(curve, direction)?;
    let d = cross(direction, bezier(curve, t) - point) / length;
    (d.abs() <= tolerance).then_some(d * d)
}

/// The fitted outline of an adjusted polygon: corners where vertices turn
/// sharper than `alpha_max` allows, curves elsewhere (enclosing `areas[k]`
/// around vertex k when given, see [`super::polygon::piece_areas`]), then
/// curves joined where one cubic stays within `tolerance` (no joining when
/// it is 0).
pub fn fit(q: &[Vec2], areas: Option<&[f64]>, alpha_max: f64, tolerance: f64) -> Vec<Segment> {
    let m = q.len();
    if m < 3 {
        return Vec::new();
    }
    let smoothed = Smoothed::new(q, areas, alpha_max);
    // Joins never cross a corner: start right after one when there is one.
    let start = (0..m).find(|&k| smoothed.alpha[k].is_none()).map_or(0, |k| (k + 1) % m);
    let order: Vec<usize> = (0..m).map(|k| (start + k) % m).collect();
    if tolerance <= 0.0 {
        return order.iter().map(|&k| smoothed.piece(k)).collect();
    }
    // best[j]: fewest segments for the first j pieces, then least penalty.
    let mut count = vec![usize::MAX; m + 1];
    let mut cost = vec![f64::INFINITY; m + 1];
    let mut from: Vec<(usize, Option<Segment>)> = vec![(0, None); m + 1];
    count[0] = 0;
    cost[0] = 0.0;
    for j in 1..=m {
        count[j] = count[j - 1] + 1;
        cost[j] = cost[j - 1];
        from[j] = (j - 1, None);
        let last = order[j - 1];
        if smoothed.alpha[last].is_none() || smoothed.turn[last] == 0 {
            continue;
        }
        let mut turned = smoothed.angle[last];
        for i in (0..j - 1).rev() {
            let k = order[i];
            if smoothed.alpha[k].is_none() || smoothed.turn[k] != smoothed.turn[last] {
                break;
            }
            turned += smoothed.angle[k];
            if turned >= MAX_TURN {
                break;
            }
            if count[i] + 1 > count[j] {
                continue;
            }
            if let Some((segment, penalty)) = smoothed.join(&order[i..j], tolerance) {
                let c = cost[i] + penalty;
                if count[i] + 1 < count[j] || c < cost[j] {
                    count[j] = count[i] + 1;
                    cost[j] = c;
                    from[j] = (i, Some(segment));
                }
            }
        }
    }
    let mut segments = Vec::with_capacity(count[m]);
    let mut j = m;
    while j > 0 {
        let (i, joined) = from[j];
        segments.push(joined.unwrap_or_else(|| smoothed.piece(order[j - 1])));
        j = i;
    }
    segments.reverse();
    segments
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regular_polygon(sides: usize, radius: f64) -> Vec<Vec2> {
        (0..sides)
            .map(|k| {
                let a = k as f64 / sides as f64 * std::f64::consts::TAU;
                Vec2::new(radius * a.cos(), radius * a.sin())
            })
            .collect()
    }

    #[test]
    fn a_square_is_four_corners() {
        let q = [Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0), Vec2::new(10.0, 10.0), Vec2::new(0.0, 10.0)];
        let segments = fit(&q, None, 1.0, 0.2);
        assert_eq!(segments.len(), 4);
        assert!(segments.iter().all(|s| matches!(s, Segment::Corner { .. })));
    }

    #[test]
    fn a_circle_joins_into_few_curves() {
        let q = regular_polygon(40, 30.0);
        let segments = fit(&q, None, 1.0, 0.2);
        assert!(segments.iter().all(|s| matches!(s, Segment::Curve { .. })));
        assert!(segments.len() <= 5, "{}", segments.len());
        // Every curve stays close to the circle.
        let mut start = segments.last().unwrap().end();
        for s in &segments {
            if let Segment::Curve { c1, c2, end } = *s {
                for t in [0.25, 0.5, 0.75] {
                    let r = bezier(&[start, c1, c2, end], t).norm();
                    assert!((r - 30.0).abs() < 0.3, "radius {r}");
                }
            }
            start = s.end();
        }
    }

    #[test]
    fn more_tolerance_never_gives_more_segments() {
        let q = regular_polygon(24, 12.0);
        let counts: Vec<usize> = [0.0, 0.1, 0.2, 0.5, 1.0].iter().map(|&t| fit(&q, None, 1.0, t).len()).collect();
        assert!(counts.windows(2).all(|w| w[1] <= w[0]), "{counts:?}");
    }

    #[test]
    fn the_tangent_parameter_of_a_symmetric_arc_is_half() {
        let curve = [Vec2::new(0.0, 0.0), Vec2::new(0.0, 1.0), Vec2::new(1.0, 2.0), Vec2::new(2.0, 2.0)];
        let t = tangent_at(&curve, Vec2::new(1.0, 1.0)).unwrap();
        assert!((t - 0.5).abs() < 1e-9);
    }
}
