//! Colors the interior test cannot see: marks too thin or too small to have
//! flat interior pixels (a 3 px cross in a JPEG, a whole wordmark shrunk to
//! 128 px). Every pixel that neither a palette color nor a blend of two of
//! them explains is residue; residue that clusters into enough pixels of one
//! color is a color of its own.
//!
//! Blends explain anti-aliasing and chroma bleeding between known colors, so
//! these never invent a color from an edge; a mark's own pixels are blends of
//! its color with its surroundings, so the cluster's color is taken from its
//! purest pixels, those furthest from everything known.

use crate::budget::Budget;
use crate::canvas::Canvas;
use crate::color::{blend_labs, delta_e, subsampled_blend_distance, to_lab, unpack, Lab, Rgb};
use crate::error::EngineResult;
use crate::palette::{full_histogram, weighted_median, Tolerances};

/// A residual color needs this many pixels (per 128x128 of image, at least
/// this many) to be a mark rather than noise.
const MIN_MARK_PIXELS: usize = 6;
/// A mark's color must lie this many residual tolerances from every known
/// color and blend; nearer, the cluster is a rim of JPEG chroma bleeding or
/// ringing that strays off the blend lines.
const DISTINCT_FACTOR: f32 = 2.0;
/// Of a residual cluster, this share of its pixels (the furthest from every
/// known color) gives its color.
const PUREST_SHARE: f64 = 0.35;

/// The colors a new palette color `added` explains beside `known`: itself,
/// its blends with each of them and, from a lossy source, what chroma
/// subsampling makes of those blends.
struct Explained {
    added: Lab,
    /// Per known color, the blends toward it.
    blends: Vec<Blends>,
    /// Lab pairs whose subsampled blends count too.
    subsampled: Vec<(Lab, Lab)>,
}

/// The blends of two colors, in the box that holds them: a color farther from
/// the box than from something already nearer need not be measured against
/// them (blended in sRGB, they do not lie on a line in Lab, but in its box).
struct Blends {
    labs: Vec<Lab>,
    low: Lab,
    high: Lab,
}

impl Blends {
    fn new(labs: Vec<Lab>) -> Blends {
        let fold = |pick: fn(f32, f32) -> f32, start: f32| {
            let mut corner = [start; 3];
            for lab in &labs {
                for c in 0..3 {
                    corner[c] = pick(corner[c], lab[c]);
                }
            }
            corner
        };
        let (low, high) = (fold(f32::min, f32::INFINITY), fold(f32::max, f32::NEG_INFINITY));
        Blends { labs, low, high }
    }

    /// The squared distance from `lab` to the box (0 inside it): no blend is nearer.
    fn box_gap2(&self, lab: &Lab) -> f32 {
        (0..3).map(|c| (self.low[c] - lab[c]).max(lab[c] - self.high[c]).max(0.0).powi(2)).sum()
    }
}

/// A skipped box must lie clearly beyond the nearest distance so far, so
/// rounding in the squares can never skip a nearer blend.
const SKIP_MARGIN: f32 = 1.001;

impl Explained {
    fn new(added: Rgb, known: &[Rgb], lossy: bool) -> Explained {
        let blends = known.iter().map(|&other| Blends::new(blend_labs(added, other))).collect();
        let subsampled =
            if lossy { known.iter().map(|&other| (to_lab(added), to_lab(other))).collect() } else { vec![] };
        Explained { added: to_lab(added), blends, subsampled }
    }

    /// Distance to the nearest plain blend.
    fn blend_distance(&self, lab: &Lab) -> f32 {
        let blends = self.blends.iter().flat_map(|b| &b.labs);
        blends.map(|l| delta_e(l, lab)).fold(delta_e(&self.added, lab), f32::min)
    }

    /// Distance to the nearest subsampled blend (infinite from a lossless source).
    fn subsampled_distance(&self, lab: &Lab) -> f32 {
        self.subsampled.iter().map(|(a, b)| subsampled_blend_distance(lab, a, b)).fold(f32::INFINITY, f32::min)
    }

    /// `bound`, or the distance to the nearest blend when that is nearer:
    /// what `bound.min(blend_distance).min(subsampled_distance)` gives,
    /// without measuring the blends whose box lies beyond it.
    fn nearer_than(&self, lab: &Lab, bound: f32) -> f32 {
        let mut nearest = bound.min(delta_e(&self.added, lab));
        for blends in &self.blends {
            if blends.box_gap2(lab) > nearest * nearest * SKIP_MARGIN {
                continue;
            }
            nearest = blends.labs.iter().map(|l| delta_e(l, lab)).fold(nearest, f32::min);
        }
        nearest.min(self.subsampled_distance(lab))
    }

    /// Whether a mark's color is far enough from all of these to be a color
    /// of its own: twice the residual tolerance from plain blends (a rim of
    /// chroma bleeding strays that far off them), once from subsampled ones,
    /// whose wide region already takes in a thin stroke's dulled color (the
    /// light blue beside a navy wordmark is 17 off it and is a color).
    fn leaves_distinct(&self, lab: &Lab, residual_de: f32) -> bool {
        self.blend_distance(lab) >= DISTINCT_FACTOR * residual_de && self.subsampled_distance(lab) >= residual_de
    }
}

/// One distinct color of the image, with how far it is from everything the
/// palette explains so far.
struct Shade {
    rgb: Rgb,
    lab: Lab,
    pixels: usize,
    unexplained_by: f32,
}

/// Colors of marks that `palette` (the chosen colors and the paper) misses,
/// at most `limit`. One at a time, the strongest first: each found color and
/// its blends then explain their own pixels, so a mark's anti-aliased rim
/// never becomes a second color.
pub fn residual_colors(
    canvas: &Canvas,
    palette: &[Rgb],
    tol: Tolerances,
    limit: usize,
    budget: &Budget,
) -> EngineResult<Vec<Rgb>> {
    let mut shades: Vec<Shade> = full_histogram(canvas)
        .into_iter()
        .map(|(key, pixels)| Shade {
            rgb: unpack(key),
            lab: to_lab(unpack(key)),
            pixels,
            unexplained_by: f32::INFINITY,
        })
        .collect();
    shades.sort_unstable_by(|a, b| b.pixels.cmp(&a.pixels).then(a.rgb.cmp(&b.rgb)));
    let mut known: Vec<Rgb> = Vec::new();
    let explain = |shades: &mut Vec<Shade>, known: &mut Vec<Rgb>, added: Rgb| -> EngineResult<()> {
        let explained = Explained::new(added, known, tol.lossy);
        for (step, shade) in shades.iter_mut().enumerate() {
            budget.check_at(step)?;
            shade.unexplained_by = explained.nearer_than(&shade.lab, shade.unexplained_by);
        }
        // A shade explained within the residual radius never counts again: the
        // search reads only shades beyond it, and explaining only brings them
        // nearer. Dropping them (in order) spares every later pass their cost.
        shades.retain(|shade| shade.unexplained_by > tol.residual_de);
        known.push(added);
        Ok(())
    };
    for &c in palette {
        explain(&mut shades, &mut known, c)?;
    }
    let area_floor = MIN_MARK_PIXELS * (canvas.width * canvas.height).div_ceil(128 * 128);
    let floor = MIN_MARK_PIXELS.max(area_floor.min(4 * MIN_MARK_PIXELS));
    let mut marks = Vec::new();
    'search: while marks.len() < limit {
        // Setting a rim aside leaves the other clusters as they were, so
        // the ranking is redone only when a mark changes what is explained.
        for members in ranked_clusters(&shades, tol.residual_de, floor, budget)? {
            let mark = purest(&shades, &members);
            let mark_lab = to_lab(mark);
            let distinct = (0..known.len())
                .all(|i| Explained::new(known[i], &known[..i], tol.lossy).leaves_distinct(&mark_lab, tol.residual_de));
            if distinct {
                marks.push(mark);
                explain(&mut shades, &mut known, mark)?;
                continue 'search;
            }
            // A rim of chroma bleeding or ringing, off the blend lines but
            // not a color of its own: its pixels are accounted for.
            for &k in &members {
                shades[k].unexplained_by = 0.0;
            }
        }
        break;
    }
    Ok(marks)
}

/// The residual clusters of at least `floor` pixels, the most residue
/// (pixels times their distance from everything explained) first: a mark's
/// saturated core outweighs the pale rim around it. Each is the indices of
/// its shades.
fn ranked_clusters(shades: &[Shade], radius: f32, floor: usize, budget: &Budget) -> EngineResult<Vec<Vec<usize>>> {
    let mut clusters: Vec<(Lab, Vec<usize>)> = Vec::new();
    for (k, shade) in shades.iter().enumerate().filter(|(_, s)| s.unexplained_by > radius) {
        budget.check_at(k)?;
        match clusters.iter_mut().find(|(seed, _)| delta_e(seed, &shade.lab) < radius) {
            Some((_, members)) => members.push(k),
            None => clusters.push((shade.lab, vec![k])),
        }
    }
    let pixels = |members: &[usize]| members.iter().map(|&k| shades[k].pixels).sum::<usize>();
    let residue =
        |members: &[usize]| members.iter().map(|&k| shades[k].pixels as f32 * shades[k].unexplained_by).sum::<f32>();
    let mut ranked: Vec<(f32, Vec<usize>)> = clusters
        .into_iter()
        .map(|(_, members)| members)
        .filter(|members| pixels(members) >= floor)
        .map(|members| (residue(&members), members))
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    Ok(ranked.into_iter().map(|(_, members)| members).collect())
}

/// The per-channel median of the member pixels furthest from every known color.
fn purest(shades: &[Shade], members: &[usize]) -> Rgb {
    let mut members = members.to_vec();
    members.sort_by(|&a, &b| shades[b].unexplained_by.total_cmp(&shades[a].unexplained_by));
    let weight: usize = members.iter().map(|&k| shades[k].pixels).sum();
    let wanted = ((weight as f64 * PUREST_SHARE).ceil() as usize).max(1);
    let mut taken = Vec::new();
    let mut seen = 0;
    for k in members {
        if seen >= wanted {
            break;
        }
        let n = shades[k].pixels.min(wanted - seen);
        taken.push((shades[k].rgb, n));
        seen += n;
    }
    weighted_median(&taken)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearer_than_skips_only_blends_that_cannot_be_nearer() {
        let known: Vec<Rgb> = vec![[214, 41, 28], [255, 255, 255], [30, 60, 200], [20, 20, 20], [250, 200, 0]];
        let mut seed = 11u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) as u8
        };
        for lossy in [false, true] {
            let explained = Explained::new([120, 30, 160], &known, lossy);
            for _ in 0..2000 {
                let lab = to_lab([next(), next(), next()]);
                let bound = [f32::INFINITY, 3.0, 12.0, 40.0][usize::from(next() % 4)];
                let measured = bound.min(explained.blend_distance(&lab)).min(explained.subsampled_distance(&lab));
                assert_eq!(explained.nearer_than(&lab, bound).to_bits(), measured.to_bits(), "{lab:?} within {bound}");
            }
        }
    }
}
