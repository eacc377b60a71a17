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

use std::collections::HashMap;

use crate::canvas::Canvas;
use crate::color::{delta_e, pack, to_lab, unpack, Lab, Rgb};
use crate::palette::{weighted_median, Tolerances};

/// Blends are sampled at this many steps between two colors.
const BLEND_STEPS: usize = 8;
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

/// The colors a new palette color `added` explains beside `known`: itself
/// and its blends with each of them.
fn explained_by(added: Rgb, known: &[Rgb]) -> Vec<Lab> {
    let mut labs = vec![to_lab(added)];
    for other in known {
        for step in 1..BLEND_STEPS {
            let t = step as f32 / BLEND_STEPS as f32;
            let mix = |k: usize| {
                (f32::from(added[k]) * (1.0 - t) + f32::from(other[k]) * t).round() as u8
            };
            labs.push(to_lab([mix(0), mix(1), mix(2)]));
        }
    }
    labs
}

/// Colors of marks that `palette` (the chosen colors and the paper) misses,
/// at most `limit`. One at a time, heaviest first: each found color and its
/// blends then explain their own pixels, so a mark's anti-aliased rim never
/// becomes a second color.
pub fn residual_colors(
    canvas: &Canvas,
    palette: &[Rgb],
    tol: Tolerances,
    limit: usize,
) -> Vec<Rgb> {
    // Every distinct opaque color, its pixel count and its distance to the
    // nearest explained color.
    let mut counts: HashMap<u32, usize> = HashMap::new();
    for (c, &opaque) in canvas.rgb.iter().zip(&canvas.opaque) {
        if opaque {
            *counts.entry(pack(*c)).or_default() += 1;
        }
    }
    let mut colors: Vec<(Rgb, Lab, usize, f32)> = counts
        .into_iter()
        .map(|(k, n)| (unpack(k), to_lab(unpack(k)), n, f32::INFINITY))
        .collect();
    colors.sort_unstable_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    let mut known: Vec<Rgb> = Vec::new();
    let explain = |colors: &mut [(Rgb, Lab, usize, f32)], known: &mut Vec<Rgb>, added: Rgb| {
        let labs = explained_by(added, known);
        for entry in colors.iter_mut() {
            let nearest = labs
                .iter()
                .map(|l| delta_e(l, &entry.1))
                .fold(entry.3, f32::min);
            entry.3 = nearest;
        }
        known.push(added);
    };
    for &c in palette {
        explain(&mut colors, &mut known, c);
    }
    let area_floor = MIN_MARK_PIXELS * (canvas.width * canvas.height).div_ceil(128 * 128);
    let floor = MIN_MARK_PIXELS.max(area_floor.min(4 * MIN_MARK_PIXELS));
    let mut marks = Vec::new();
    while marks.len() < limit {
        let Some(members) = strongest_cluster(&colors, tol.residual_de, floor) else {
            break;
        };
        let weight: usize = members.iter().map(|m| m.1).sum();
        let mark = purest(&members, weight);
        let mark_lab = to_lab(mark);
        let distinct = (0..known.len())
            .flat_map(|i| explained_by(known[i], &known[..i]))
            .all(|lab| delta_e(&lab, &mark_lab) >= DISTINCT_FACTOR * tol.residual_de);
        if distinct {
            marks.push(mark);
            explain(&mut colors, &mut known, mark);
        } else {
            // A rim of chroma bleeding or ringing, off the blend lines but
            // not a color of its own: its pixels are accounted for.
            for entry in colors
                .iter_mut()
                .filter(|c| members.iter().any(|m| m.0 == c.0))
            {
                entry.3 = 0.0;
            }
        }
    }
    marks
}

/// The residual cluster with the most residue (pixels times their distance
/// from everything explained) among those of at least `floor` pixels: a
/// mark's saturated core outweighs the pale rim around it.
fn strongest_cluster(
    colors: &[(Rgb, Lab, usize, f32)],
    radius: f32,
    floor: usize,
) -> Option<Vec<(Rgb, usize, f32)>> {
    let mut clusters: Vec<(Lab, Vec<(Rgb, usize, f32)>)> = Vec::new();
    for c in colors.iter().filter(|c| c.3 > radius) {
        match clusters
            .iter_mut()
            .find(|(seed, _)| delta_e(seed, &c.1) < radius)
        {
            Some((_, members)) => members.push((c.0, c.2, c.3)),
            None => clusters.push((c.1, vec![(c.0, c.2, c.3)])),
        }
    }
    let residue =
        |members: &[(Rgb, usize, f32)]| members.iter().map(|m| m.1 as f32 * m.2).sum::<f32>();
    clusters
        .into_iter()
        .map(|(_, members)| members)
        .filter(|members| members.iter().map(|m| m.1).sum::<usize>() >= floor)
        .max_by(|a, b| residue(a).total_cmp(&residue(b)))
}

/// The per-channel median of the pixels furthest from every known color.
fn purest(members: &[(Rgb, usize, f32)], weight: usize) -> Rgb {
    let mut members = members.to_vec();
    members.sort_by(|a, b| b.2.total_cmp(&a.2));
    let wanted = ((weight as f64 * PUREST_SHARE).ceil() as usize).max(1);
    let mut taken = Vec::new();
    let mut seen = 0;
    for (rgb, count, _) in members {
        if seen >= wanted {
            break;
        }
        let n = count.min(wanted - seen);
        taken.push((rgb, n));
        seen += n;
    }
    weighted_median(&taken)
}
