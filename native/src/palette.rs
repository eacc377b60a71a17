//! Palette discovery: the flat interior colors of a logo, clustered in CIELAB,
//! and the choice of which clusters become the palette for a requested count.

use std::cell::OnceCell;

use crate::border::Spread;
use crate::budget::Budget;
use crate::canvas::Canvas;
use crate::chroma::MIN_LUMA_CONTRAST;
use crate::color::{
    delta_e, delta_e_squared, distinct_in_lightness, luma_step, pack, subsampled_blend_distance, to_lab, unpack,
    HashMap, Lab, LastColor, Rgb,
};
use crate::error::{EngineError, EngineResult};
use crate::grid;

/// How far colors may wander and still be "the same" color.
#[derive(Clone, Copy, Debug)]
pub struct Tolerances {
    /// The source carries compression noise or grain (by its pixels, not
    /// its container): its colors are medians of noisy members, and two
    /// close colors distinct in lightness stay apart.
    pub lossy: bool,
    /// Largest per-channel difference between a pixel and a like neighbour.
    pub flat_channel: u8,
    /// How many of its eight neighbours must be like a pixel for it to be
    /// interior.
    pub like_neighbours: usize,
    /// Colors closer than this (CIE76) are one palette color.
    pub merge_de: f32,
    /// A cluster this close to a heavier one, and much lighter, is that
    /// color's fringe (JPEG chroma bleeding), not a color of its own.
    pub fringe_de: f32,
    /// Colors this close to the paper are the paper: tighter than `merge_de`
    /// so a light plate (#f4f2ed, #eeeeee on #ffffff) stays a color of its own.
    pub paper_de: f32,
    /// Light colors this close to the paper may be its compression noise,
    /// when they lie scattered through it (`background::absorb_paper_noise`).
    pub paper_noise_de: f32,
    /// ... and within this many luma units of it: noise moves a flat
    /// paper's chroma, not its lightness, which a JPEG keeps at full
    /// resolution. Of the dev corpus's 860 traces, the paper noise folded
    /// lies at most 8.3 units off the paper, the light colors of art that
    /// stay 11.7 or more; a flag's #eeeeee band at 128 px (14 off) splits
    /// into tints scattered through each other along the paper, which read
    /// as its noise by where they lie alone.
    pub paper_noise_luma: f32,
    /// Art this close to the removed paper meets it along an edge that
    /// noise, not the art, places (`LabelMap::faint_on_paper`), and specks
    /// of the paper's color inside such art are noise (`remove_paper`): the
    /// merge tolerance, or three times the paper's measured spread on a
    /// noisy dark or colored paper.
    pub paper_flip_de: f32,
    /// How far the paper's own noise reaches, in CIE76 and in luma units:
    /// `FLIP_SPREADS` of its measured spreads, and in luma at least
    /// `CHROMA_NOISE_LUMA`. A color beyond both but within `paper_noise_de`
    /// is no grain of the paper; it is ringing only where it hugs other art
    /// (`background::absorb_paper_noise`).
    pub paper_grain: Spread,
    /// Two colors this close may be one brand color split by noise, when one
    /// lies scattered through the other (`LabelMap::fold_scattered_twins`).
    pub twin_de: f32,
    /// A pixel further than this from every palette color and every blend of
    /// two is residue: the color of a mark the interior test missed.
    pub residual_de: f32,
}

impl Tolerances {
    pub fn for_source(lossy: bool) -> Tolerances {
        if lossy {
            // JPEG q80 keeps flat interiors within a few units; 4:2:0 chroma and
            // ringing tint the pixels along every edge, which the stricter
            // neighbour count and the fringe folding keep out of the palette.
            Tolerances {
                lossy,
                flat_channel: 8,
                like_neighbours: 7,
                merge_de: 7.0,
                fringe_de: 16.0,
                paper_de: 3.0,
                paper_noise_de: 8.0,
                paper_noise_luma: 10.0,
                paper_flip_de: 7.0,
                paper_grain: Spread { de: 0.0, luma: CHROMA_NOISE_LUMA },
                twin_de: 11.0,
                residual_de: 12.0,
            }
        } else {
            // 2 px strokes qualify (5 of 8 like neighbours), 1 px
            // anti-aliasing ramps along an edge do not.
            Tolerances {
                lossy,
                flat_channel: 1,
                like_neighbours: 5,
                merge_de: 2.5,
                fringe_de: 0.0,
                paper_de: 2.5,
                paper_noise_de: 0.0,
                paper_noise_luma: 0.0,
                paper_flip_de: 2.5,
                paper_grain: Spread::default(),
                // Lossless anti-aliasing leaves only its own shades: a
                // highlight 7 units off its bun (#f6dece on #fbf0df) is a color.
                twin_de: 5.0,
                residual_de: 8.0,
            }
        }
    }

    /// Widened to hold a paper's measured noise: its noise folding reaches as
    /// far as its own pixels stray, and noise flips pixels between it and art
    /// within three times that. Its cluster keeps the tight radius, so a light
    /// plate beside a white paper stays a color of its own.
    pub fn holding_paper(self, spread: Spread) -> Tolerances {
        Tolerances {
            paper_noise_de: self.paper_noise_de.max(spread.de),
            paper_noise_luma: self.paper_noise_luma.max(spread.luma),
            paper_flip_de: self.paper_flip_de.max(FLIP_SPREADS * spread.de),
            paper_grain: Spread {
                de: FLIP_SPREADS * spread.de,
                luma: (FLIP_SPREADS * spread.luma).max(CHROMA_NOISE_LUMA),
            },
            ..self
        }
    }
}

/// Noise flips pixels between the paper and art within this many of the
/// paper's spreads of it.
pub const FLIP_SPREADS: f32 = 3.0;

/// A lossy paper's chroma noise keeps its lightness within this many luma
/// units: the codec keeps luma at full resolution, and rounding back to RGB
/// moves it a unit or so (a JPEG's blotch on a near-black page, 3.7 dE off
/// it: 0.05). Art drawn near the paper's color differs in lightness too
/// (Qwen's wordmark on its purple page: 4.9 units).
const CHROMA_NOISE_LUMA: f32 = 2.0;

/// More color clusters than this and the image is not a logo: the dev
/// corpus's richest image has 27 (a JPEG round flag), a photo over a
/// thousand. Clustering costs colors x clusters, so the cap bounds it, and
/// it keeps every palette index within a byte.
const MAX_CLUSTERS: usize = 128;

/// A fringe cluster weighs less than this share of the color it borders.
const FRINGE_WEIGHT_SHARE: f64 = 0.25;

/// A fringe of chroma bleeding lies within this many pixels of another
/// color (a band at most 5 px wide): of the dev corpus's JPEG fringes, all
/// 91 at 512 px and 108 of 109 at 128 px do, while its close facets lie 4
/// to 27 px deep.
const MAX_FRINGE_DEPTH: u16 = 3;

/// A fringe of chroma bleeding lies within this many luma units of its host:
/// a JPEG keeps each pixel's luma at full resolution and bleeds its chroma.
/// Of the dev corpus's folds, every cluster further off is a facet nearer a
/// true color than its host is (at 128 px, 8 of them: Flutter's #1fbcfd,
/// 24 units off its #44d1fd; Marionette's dark grey, 38), but one of 2
/// pixels at 512 px; the 25 folds 10 to 20 units off at 128 px are all rims.
const MAX_FRINGE_LUMA_STEP: f32 = 20.0;

/// Beyond that reach, a cluster is still a fringe when it is what 4:2:0
/// chroma subsampling makes of the edge between its host and another color
/// (`subsampled_blend_distance`): its host's lightness, kept per pixel, and
/// a chroma partway to the other color's. A saturated paper bleeds that far
/// into grey letters (Apigee's on a purple page: #5f4a6d rims its #545859
/// letters, 19 dE off them, and #c39ad9 rims the page outside). It lies
/// within this distance (CIE76) of such a blend, as light as its host
/// (`distinct_in_lightness`: the rims above lie 2.5 and 2.7 luma units off
/// theirs) ...
const SUBSAMPLED_FRINGE_DE: f32 = 3.0;
/// ... and no deeper than this from other colors: one step wider than a
/// plain fringe, for a rim blown up with its image (Apigee's, 4). Of the
/// clusters of `dev-gradients` that lie on such a blend, the bands of a
/// ramp's body lie 5 to 9 deep, and stay.
const SUBSAMPLED_FRINGE_DEPTH: u16 = MAX_FRINGE_DEPTH + 1;
/// A rim of bled chroma lies within this many pixels of the color it bled
/// from, along a row or a column: 4:2:0 spreads chroma 2 px, and a copy blown
/// up from a small one (Apigee's, 3 times) spreads it as many times further.
/// A ramp's band lies on such a blend with the ramp's far end, further off.
const CHROMA_SPREAD: usize = 8;

/// A color needs this many interior pixels, and this share of the logo, to be
/// a palette color on its own in automatic mode.
const MIN_INTERIOR_PIXELS: usize = 8;
const MIN_INTERIOR_SHARE: f64 = 0.0005;

/// How many interior pixels make a color of its own in a logo of
/// `opaque_pixels` (see `MIN_INTERIOR_PIXELS`).
pub fn color_floor(opaque_pixels: usize) -> usize {
    MIN_INTERIOR_PIXELS.max((opaque_pixels as f64 * MIN_INTERIOR_SHARE) as usize)
}

#[derive(Clone, Debug)]
pub struct Cluster {
    pub rgb: Rgb,
    pub lab: Lab,
    /// Interior pixels in this cluster.
    pub weight: usize,
    /// A peak kept apart across a valley from a color within the merge
    /// distance (see `PEAK_SHARE`): two colors by the pixels' own
    /// histogram, whatever their medians' distance.
    pub own_peak: bool,
}

/// How many pixels of each color `pixels` holds. Runs of one color (most of
/// a logo) cost one map update each.
fn count_colors(pixels: impl Iterator<Item = Rgb>) -> HashMap<u32, usize> {
    let mut histogram: HashMap<u32, usize> = HashMap::default();
    let mut run: Option<(u32, usize)> = None;
    for key in pixels.map(pack) {
        run = match run {
            Some((color, n)) if color == key => Some((color, n + 1)),
            Some((color, n)) => {
                *histogram.entry(color).or_default() += n;
                Some((key, 1))
            }
            None => Some((key, 1)),
        };
    }
    if let Some((color, n)) = run {
        *histogram.entry(color).or_default() += n;
    }
    histogram
}

/// The pixels with at least `like_neighbours` like pixels among their eight
/// neighbours: the flat interiors of shapes.
fn interior_pixels(canvas: &Canvas, tol: Tolerances) -> Vec<bool> {
    let w = canvas.width;
    let like = |(a, &a_opaque): (&Rgb, &bool), (b, &b_opaque): (&Rgb, &bool)| {
        u8::from(a_opaque && b_opaque && (a == b || (0..3).all(|c| a[c].abs_diff(b[c]) <= tol.flat_channel)))
    };
    let row = |y: usize| canvas.rgb[y * w..(y + 1) * w].iter().zip(&canvas.opaque[y * w..(y + 1) * w]);
    let alike = grid::count_pairs8(w, canvas.height, row, like);
    alike.iter().map(|&n| usize::from(n) >= tol.like_neighbours).collect()
}

/// How many pixels of the shape have each color.
pub fn full_histogram(canvas: &Canvas) -> HashMap<u32, usize> {
    count_colors(canvas.rgb.iter().zip(&canvas.opaque).filter(|(_, &o)| o).map(|(c, _)| *c))
}

/// Weighted per-channel median: robust to the noise around a lossy flat color.
pub fn weighted_median(members: &[(Rgb, usize)]) -> Rgb {
    let total: usize = members.iter().map(|m| m.1).sum();
    let mut out = [0u8; 3];
    for (channel, value) in out.iter_mut().enumerate() {
        let mut counts = [0usize; 256];
        for (rgb, n) in members {
            counts[rgb[channel] as usize] += n;
        }
        let mut seen = 0;
        for (v, n) in counts.iter().enumerate() {
            seen += n;
            if seen * 2 >= total {
                *value = v as u8;
                break;
            }
        }
    }
    out
}

/// The color clusters of a logo's interiors.
pub struct Clusters {
    /// Heaviest first.
    pub clusters: Vec<Cluster>,
    /// Index of the paper's cluster, when a paper color was given.
    pub paper: Option<usize>,
}

/// All color clusters of the logo's interiors, heaviest first. `paper`, when
/// given, seeds a cluster of its own that takes only colors within
/// `paper_de` of it and is never folded into another.
pub fn find_clusters(canvas: &Canvas, tol: Tolerances, paper: Option<Rgb>, budget: &Budget) -> EngineResult<Clusters> {
    let opaque = canvas.opaque.iter().filter(|&&o| o).count();
    let mut speaking = interior_pixels(canvas, tol);
    let interior = speaking.iter().filter(|&&s| s).count();
    if interior < MIN_INTERIOR_PIXELS.max(opaque / 100) {
        // Only thin strokes: every pixel has to speak.
        speaking.clone_from(&canvas.opaque);
    }
    let histogram = count_colors((0..speaking.len()).filter(|&i| speaking[i]).map(|i| canvas.rgb[i]));
    let mut colors: Vec<(u32, usize)> = histogram.into_iter().collect();
    colors.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let labs: Vec<(Lab, usize)> = colors.iter().map(|&(key, count)| (to_lab(unpack(key)), count)).collect();
    // Every shade of a grainy sheet is rare: none is a peak, none is tested.
    let speaking_pixels: usize = colors.iter().map(|&(_, count)| count).sum();
    let peak_floor = ((speaking_pixels as f64 * PEAK_SHARE) as usize).max(MIN_INTERIOR_PIXELS);

    // Greedy clustering around the most frequent colors: the seed of each
    // cluster is its mode, the exact hex of a lossless flat fill.
    let mut seeds: Vec<(Rgb, Lab, f32)> = paper.map(|p| (p, to_lab(p), tol.paper_de)).into_iter().collect();
    let mut members: Vec<Vec<(Rgb, usize)>> = seeds.iter().map(|_| Vec::new()).collect();
    let mut cluster_of: HashMap<u32, usize> = HashMap::default();
    let mut peaks: Vec<usize> = seeds.iter().map(|_| usize::MAX).collect();
    let mut split: Vec<bool> = seeds.iter().map(|_| false).collect();
    for (step, (key, count)) in colors.into_iter().enumerate() {
        budget.check_at(step)?;
        let rgb = unpack(key);
        let lab = labs[step].0;
        let nearest = seeds
            .iter()
            .enumerate()
            .map(|(i, s)| (i, delta_e(&s.1, &lab)))
            .filter(|&(i, d)| d < seeds[i].2)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        // A heavy shade across a valley from its seed is a color of its own
        // (see `PEAK_SHARE`).
        let own_peak = nearest.is_some_and(|(i, d)| {
            tol.lossy
                && d >= VALLEY_DE
                && count >= peak_floor
                && count * 4 >= peaks[i]
                && valley_between(&labs, &seeds[i].1, &lab, count)
        });
        let index = match nearest.filter(|_| !own_peak) {
            Some((i, _)) => i,
            None if seeds.len() == MAX_CLUSTERS => {
                return Err(EngineError::TooComplex(format!("it has more than {MAX_CLUSTERS} distinct colors")));
            }
            None => {
                seeds.push((rgb, lab, tol.merge_de));
                peaks.push(count);
                split.push(own_peak);
                members.push(Vec::new());
                seeds.len() - 1
            }
        };
        members[index].push((rgb, count));
        cluster_of.insert(key, index);
    }
    let mut clusters: Vec<Seeded> = seeds
        .iter()
        .zip(&members)
        .zip(&split)
        .enumerate()
        .map(|(i, ((seed, m), &own_peak))| {
            let rgb = if tol.lossy && !m.is_empty() { weighted_median(m) } else { seed.0 };
            let cluster = Cluster { rgb, lab: to_lab(rgb), weight: m.iter().map(|x| x.1).sum(), own_peak };
            Seeded { index: i, is_paper: paper.is_some() && i == 0, cluster }
        })
        .collect();
    clusters.sort_by_key(|c| std::cmp::Reverse(c.cluster.weight));
    // Where each cluster's pixels lie: a chroma fringe is a rim along an
    // edge, a facet has a body, and a rim of bled chroma meets the color it
    // bled from. Each is measured for every cluster in one pass, and only
    // when some cluster is a fringe candidate; a body deeper than a
    // subsampled fringe's reads as one step deeper, which is all the tests ask.
    let (w, h) = (canvas.width, canvas.height);
    let cluster_map: OnceCell<Vec<u8>> = OnceCell::new();
    let of = || {
        cluster_map.get_or_init(|| {
            // Runs of one color look their cluster up once.
            let last = LastColor::new();
            let cluster_at = |i: usize| {
                let color = canvas.rgb[i];
                last.get_or(color, || cluster_of[&pack(color)] as u8)
            };
            (0..speaking.len()).map(|i| if speaking[i] { cluster_at(i) } else { u8::MAX }).collect()
        })
    };
    let depths: OnceCell<Vec<u16>> = OnceCell::new();
    let depth = |index: usize| {
        depths.get_or_init(|| grid::label_depths(w, h, of(), seeds.len(), SUBSAMPLED_FRINGE_DEPTH + 1))[index]
    };
    let meetings: OnceCell<Vec<bool>> = OnceCell::new();
    let meet = |a: usize, b: usize| {
        meetings.get_or_init(|| grid::labels_within(w, h, of(), seeds.len(), CHROMA_SPREAD))[a * seeds.len() + b]
    };
    Ok(fold_fringes(clusters, tol, depth, meet))
}

/// Two flat colors of a lossy source closer than its merge distance stay
/// apart when each is a peak of the histogram (the lighter holds a quarter of
/// the heavier's pixels and `PEAK_SHARE` of those that speak) with a valley
/// between them: black art on a near-black paper (#000000 on #0d130f, 6.9
/// dE), which one merged color would erase. A ramp's shades fill the colors
/// between, and a flat color's noise has one peak.
const PEAK_SHARE: f64 = 0.02;
/// Peaks closer than this (CIE76) are one color's noise whatever the valley.
const VALLEY_DE: f32 = 3.0;
/// The valley: the interior pixels within this (CIE76) of the two peaks'
/// midpoint ...
const VALLEY_RADIUS_DE: f32 = 1.5;
/// ... are fewer than this share of the lighter peak's own pixels.
const VALLEY_SHARE: f64 = 0.05;

/// Whether few interior pixels lie midway between two peaks (see `PEAK_SHARE`).
fn valley_between(labs: &[(Lab, usize)], a: &Lab, b: &Lab, lighter_peak: usize) -> bool {
    let middle = [0, 1, 2].map(|k| (a[k] + b[k]) / 2.0);
    let radius = VALLEY_RADIUS_DE * VALLEY_RADIUS_DE;
    let between: usize = labs.iter().filter(|(lab, _)| delta_e_squared(lab, &middle) <= radius).map(|(_, n)| n).sum();
    (between as f64) < VALLEY_SHARE * lighter_peak as f64
}

/// A cluster with its seed's index and whether it is the paper's.
struct Seeded {
    index: usize,
    is_paper: bool,
    cluster: Cluster,
}

/// Fold each light cluster that sits within `fringe_de` of a much heavier one
/// into it (clusters arrive heaviest first), when its pixels lie no deeper
/// than `MAX_FRINGE_DEPTH` from other colors (`depth`, by seed index) and
/// within `MAX_FRINGE_LUMA_STEP` of its lightness: JPEG chroma bleeding
/// leaves a rim along an edge, where a small facet of a close color
/// (Flutter's two blues, Tux on a dark plate) has a body, or, too thin for
/// one at 128 px, a lightness of its own.
/// The paper takes only the light clusters within `paper_de` of it: color
/// alone cannot tell its noise from a light color of the art (a round flag's
/// #eeeeee stars, 7 dE off white), so the rest stay colors here and the
/// label map later folds those that lie scattered through the paper
/// (`background::absorb_paper_noise`).
/// From a lossy source, a cluster beyond that reach folds when it is a
/// subsampled fringe (`subsampled_host`), its pixels within
/// `SUBSAMPLED_FRINGE_DEPTH` of other colors and within `CHROMA_SPREAD` of
/// the color whose chroma it took (`meet`, by seed index).
fn fold_fringes(
    clusters: Vec<Seeded>,
    tol: Tolerances,
    depth: impl Fn(usize) -> u16,
    meet: impl Fn(usize, usize) -> bool,
) -> Clusters {
    let mut kept: Vec<Cluster> = Vec::with_capacity(clusters.len());
    // Per kept cluster, the seed indices of its pixels: its own and its folds'.
    let mut kept_seeds: Vec<Vec<usize>> = Vec::with_capacity(clusters.len());
    let mut paper = None;
    for Seeded { index, is_paper, cluster } in clusters {
        let reach = |k: usize| if Some(k) == paper { tol.fringe_de.min(tol.paper_de) } else { tol.fringe_de };
        let of_its_lightness = |k: usize| luma_step(kept[k].rgb, cluster.rgb) < MAX_FRINGE_LUMA_STEP;
        // Whether the cluster lies near the pixels of kept color `j` (its own
        // and its folds') or of a twin of it within the merge distance.
        let meets = |j: usize| {
            (0..kept.len())
                .filter(|&m| delta_e(&kept[m].lab, &kept[j].lab) < tol.merge_de)
                .any(|m| kept_seeds[m].iter().any(|&seed| meet(index, seed)))
        };
        let host = kept
            .iter()
            .enumerate()
            .position(|(k, host)| outweighed(&cluster, host) && delta_e(&host.lab, &cluster.lab) < reach(k));
        let folds = match host {
            _ if is_paper => None,
            Some(k) if Some(k) == paper => Some(k),
            Some(k) if depth(index) <= MAX_FRINGE_DEPTH && of_its_lightness(k) => Some(k),
            _ if tol.lossy => {
                subsampled_host(&cluster, &kept, paper, tol, meets).filter(|_| depth(index) <= SUBSAMPLED_FRINGE_DEPTH)
            }
            _ => None,
        };
        match folds {
            Some(k) => {
                kept[k].weight += cluster.weight;
                kept_seeds[k].push(index);
            }
            None => {
                if is_paper {
                    paper = Some(kept.len());
                }
                kept.push(cluster);
                kept_seeds.push(vec![index]);
            }
        }
    }
    Clusters { clusters: kept, paper }
}

/// Whether `cluster` weighs little enough beside `host` to be a fringe of it
/// (`FRINGE_WEIGHT_SHARE`).
fn outweighed(cluster: &Cluster, host: &Cluster) -> bool {
    (cluster.weight as f64) < FRINGE_WEIGHT_SHARE * host.weight as f64
}

/// The kept cluster whose subsampled fringe `cluster` is (see
/// `SUBSAMPLED_FRINGE_DE`): beyond the reach of the plain fringe test (the
/// paper's noise reach for the paper, whose nearer tints its noise folding
/// judges), far heavier, as light, and on the blend of its edge with a color
/// whose lightness differs enough to tell the two apart, and which it meets
/// (`meets`, by kept index, within `CHROMA_SPREAD`).
fn subsampled_host(
    cluster: &Cluster,
    kept: &[Cluster],
    paper: Option<usize>,
    tol: Tolerances,
    meets: impl Fn(usize) -> bool,
) -> Option<usize> {
    let beyond_reach = |k: usize| {
        let reach = if Some(k) == paper { tol.paper_noise_de } else { tol.fringe_de };
        delta_e(&kept[k].lab, &cluster.lab) >= reach
    };
    let could_host =
        |k: usize| outweighed(cluster, &kept[k]) && !distinct_in_lightness(kept[k].rgb, cluster.rgb) && beyond_reach(k);
    (0..kept.len()).filter(|&k| could_host(k)).find(|&k| {
        kept.iter().enumerate().any(|(j, other)| {
            luma_step(kept[k].rgb, other.rgb) >= MIN_LUMA_CONTRAST
                && subsampled_blend_distance(&cluster.lab, &kept[k].lab, &other.lab) < SUBSAMPLED_FRINGE_DE
                && meets(j)
        })
    })
}

/// Which clusters form the palette. `requested` 0 is automatic; otherwise at
/// most that many, and exactly that many when the logo has that many distinct
/// colors. `exclude` (the background) never counts.
pub fn choose(clusters: &[Cluster], requested: u32, opaque_pixels: usize, exclude: Option<usize>) -> Vec<usize> {
    let candidates: Vec<usize> = (0..clusters.len()).filter(|&i| Some(i) != exclude).collect();
    let floor = color_floor(opaque_pixels);
    let mut chosen: Vec<usize> = candidates.iter().copied().filter(|&i| clusters[i].weight >= floor).collect();
    if chosen.is_empty() {
        chosen.extend(candidates.first());
    }
    if requested == 0 {
        return chosen;
    }
    let requested = requested as usize;
    // Too few: add the next heaviest distinct colors.
    for &i in &candidates {
        if chosen.len() >= requested {
            break;
        }
        if !chosen.contains(&i) && clusters[i].weight >= MIN_INTERIOR_PIXELS {
            chosen.push(i);
        }
    }
    // Too many: drop the lightest; assignment gives its pixels to the nearest
    // remaining color.
    while chosen.len() > requested {
        chosen.sort_by(|&a, &b| clusters[b].weight.cmp(&clusters[a].weight));
        chosen.pop();
    }
    chosen
}

/// Cluster colors are medians of their members, so two seeds further apart
/// than the merge tolerance can still end as near-twins: the heavier (earlier)
/// one stays. A lossy source's colors distinct in lightness are no twins, nor
/// is a color its histogram showed as a peak of its own (`Cluster::own_peak`,
/// given with each color): the plate (#f4f2ed) and the face (#fbf0df) of
/// Bun's JPEG, 6.8 dE apart, two peaks with a valley between.
pub fn without_twins(palette: Vec<(Rgb, bool)>, tol: Tolerances) -> Vec<Rgb> {
    let mut distinct: Vec<Rgb> = Vec::with_capacity(palette.len());
    for (color, own_peak) in palette {
        let lab = to_lab(color);
        let apart = |kept: Rgb| {
            delta_e(&to_lab(kept), &lab) >= tol.merge_de || (tol.lossy && distinct_in_lightness(kept, color))
        };
        if own_peak || distinct.iter().all(|&kept| apart(kept)) {
            distinct.push(color);
        }
    }
    distinct
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jpegs_close_colors_are_twins_unless_their_lightness_differs() {
        let lossy = Tolerances { merge_de: 7.0, ..Tolerances::for_source(true) };
        let candidates = |colors: &[Rgb]| colors.iter().map(|&rgb| (rgb, false)).collect::<Vec<_>>();
        // Marionette's two dark reds at 128 px: 5.6 dE, 7 luma units apart.
        let reds = vec![[168, 30, 45], [154, 25, 43]];
        assert_eq!(without_twins(candidates(&reds), lossy), reds);
        assert_eq!(
            without_twins(candidates(&reds), Tolerances { merge_de: 7.0, ..Tolerances::for_source(false) }),
            vec![reds[0]],
            "lossless, the tolerance alone decides"
        );
        // Two shades of one green, a luma unit apart: the heavier stays.
        let greens = vec![[57, 222, 128], [62, 219, 131]];
        assert_eq!(without_twins(candidates(&greens), lossy), vec![greens[0]]);
        // Bun's plate and face, 6.8 dE apart in a luma unit: two peaks of
        // the histogram stay two colors.
        let (plate, face) = ([243, 242, 237], [251, 239, 223]);
        assert_eq!(without_twins(candidates(&[plate, face]), lossy), vec![plate]);
        assert_eq!(without_twins(vec![(plate, false), (face, true)], lossy), vec![plate, face]);
    }

    fn canvas(w: u32, h: u32, pixel: impl Fn(u32, u32) -> Rgb) -> Canvas {
        let image = image::RgbaImage::from_fn(w, h, |x, y| {
            let [r, g, b] = pixel(x, y);
            image::Rgba([r, g, b, 255])
        });
        Canvas::from_rgba(&image, false, false)
    }

    fn cluster_colors(canvas: &Canvas) -> Vec<Rgb> {
        let found = find_clusters(canvas, Tolerances::for_source(true), None, &Budget::default()).unwrap();
        found.clusters.iter().map(|c| c.rgb).collect()
    }

    #[test]
    fn two_flat_colors_closer_than_the_merge_distance_stay_apart_and_a_ramp_between_them_does_not_split() {
        // Fastify's black panther on a near-black paper, 6.9 dE apart in a
        // JPEG: two peaks with nothing between them.
        let (paper, black) = ([13, 20, 15], [0, 0, 0]);
        let mark = canvas(80, 60, |x, y| if (20..60).contains(&x) && (15..45).contains(&y) { black } else { paper });
        assert_eq!(cluster_colors(&mark), vec![paper, black]);
        // The same two colors as the ends of a ramp: its shades fill the way.
        let ramp = canvas(80, 60, |x, _| [0, 1, 2].map(|k| (u32::from(paper[k]) * x / 79) as u8));
        assert_eq!(cluster_colors(&ramp).len(), 1);
    }

    fn seeded(index: usize, rgb: Rgb, weight: usize) -> Seeded {
        Seeded { index, is_paper: false, cluster: Cluster { rgb, lab: to_lab(rgb), weight, own_peak: false } }
    }

    #[test]
    fn a_thin_rim_of_the_hosts_lightness_folds_and_a_thin_facet_of_its_own_stays() {
        // Flutter at 128 px: the light blue, its middle facet (24 luma units
        // darker, 16 dE) and a rim of bled chroma (4 units lighter, 7 dE);
        // both lie within 2 px of other colors.
        let host = [69, 209, 254];
        let facet = [30, 187, 255];
        let rim = [95, 206, 240];
        let clusters = vec![seeded(0, host, 713), seeded(1, facet, 46), seeded(2, rim, 40)];
        let Clusters { clusters, paper } = fold_fringes(clusters, Tolerances::for_source(true), |_| 2, |_, _| true);
        assert_eq!(paper, None);
        let kept: Vec<(Rgb, usize)> = clusters.iter().map(|c| (c.rgb, c.weight)).collect();
        assert_eq!(kept, vec![(host, 753), (facet, 46)]);
    }

    #[test]
    fn a_rim_of_a_saturated_papers_chroma_at_the_letters_lightness_folds_and_a_dark_red_stays() {
        // Apigee on a purple page: its grey letters' rim takes the page's
        // chroma at the letters' lightness, 19 dE off them, within 4 px of
        // other colors.
        let (page, letters, rim) = ([205, 142, 232], [84, 88, 89], [95, 74, 109]);
        let clusters = vec![seeded(0, page, 21_778), seeded(1, letters, 7453), seeded(2, rim, 186)];
        let Clusters { clusters, .. } = fold_fringes(clusters, Tolerances::for_source(true), |_| 4, |_, _| true);
        let kept: Vec<(Rgb, usize)> = clusters.iter().map(|c| (c.rgb, c.weight)).collect();
        assert_eq!(kept, vec![(page, 21_778), (letters, 7639)]);
        // Kikuyu's shield at 128 px: a dark red as light as the dark grey
        // beside it, its chroma toward the red, the grey and the red only 18
        // luma units apart: a pixel's lightness cannot say it is the grey's.
        let (red, grey, dark_red) = ([216, 0, 39], [51, 51, 51], [162, 1, 29]);
        let clusters = vec![seeded(0, red, 4000), seeded(1, grey, 2000), seeded(2, dark_red, 239)];
        let Clusters { clusters, .. } = fold_fringes(clusters, Tolerances::for_source(true), |_| 2, |_, _| true);
        assert_eq!(clusters.len(), 3);
        // A rim as deep as a body stays, and so does one far from the color
        // whose chroma it holds (a ramp's band on its blend with the far end).
        for (depth, meets) in [(5, true), (2, false)] {
            let clusters = vec![seeded(0, page, 21_778), seeded(1, letters, 7453), seeded(2, rim, 186)];
            let Clusters { clusters, .. } =
                fold_fringes(clusters, Tolerances::for_source(true), |_| depth, |_, _| meets);
            assert_eq!(clusters.len(), 3);
        }
    }
}
