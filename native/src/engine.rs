//! The tracing pipeline, framework-free: bytes in, SVG and palette out.

use std::time::Instant;

use crate::background::{
    absorb_paper_grade, absorb_paper_noise, describe_removal, kept_shapes_fill, remove_paper, shapes_at_least, Removal,
};
use crate::border::{framed_paper, read_border, Border};
use crate::brand::{brand_color, describe_matches, parse_palette, snap_fills, split_by_brand};
use crate::budget::Budget;
use crate::canvas::Canvas;
use crate::chroma::restored_fills;
use crate::color::{hex, snapped_to_pure, Rgb};
use crate::complexity;
use image::metadata::Orientation;

use crate::cores;
use crate::decode::{decode, jpeg_ycbcr, Decoded};
use crate::error::{EngineError, EngineResult};
use crate::fit::FitParams;
use crate::labels::{LabelMap, Transitions};
use crate::marks::residual_colors;
use crate::noise::carries_noise;
use crate::palette::{choose, color_floor, find_clusters, without_twins, Clusters, Tolerances};
use crate::ramps::{find_ramps, Ramp};
use crate::subpixel::{self, refine_2x};
use crate::svg::{document, Layer};
use crate::trace::{trace_layers, LayerPaint};
use crate::translucency::{label_opacity, split_translucent_areas};

/// At most this many colors come from marks the interior test missed.
const MAX_MARKS: usize = 8;

/// A lossless image with at most this many pixels (after trimming) is traced
/// at twice its resolution, like a JPEG. Such an image is shown enlarged (a
/// logo cut from a page at 128 px, rendered at 1024): traced at 1x, its
/// edges step by whole pixels and its small letters come out angular (at 2x
/// the 128 px corpus PNGs come back 20% closer to their 512 px originals).
/// Larger ones keep 1x, at half the time.
const REFINE_LOSSLESS_MAX_PIXELS: usize = 400 * 400;

/// The trace settings as the TypeScript facade (`src/core/tracer.ts`) sends
/// them, its defaults filled in and every value checked against the one
/// schema of each (`src/core/settings.ts`): the engine takes them as given.
#[napi_derive::napi(object, js_name = "TraceSettings")]
#[derive(Clone, Debug)]
pub struct Settings {
    /// 0 (automatic), 1, 2, 3, 4, 6 or 8.
    pub colors: u32,
    /// 0 (follow the pixels) to 100 (fewest, roundest curves).
    pub smoothing: u32,
    /// Remove the background.
    pub transparent: bool,
    /// Crop to the content.
    pub trim: bool,
    /// Brand colors, '#rrggbb': each traced flat color near one becomes it
    /// (see `brand`). Empty: the traced colors stay as they are.
    pub palette: Vec<String>,
}

// Crosses into JavaScript as it is (napi's object mapping), so the boundary
// keeps no copy of its fields.
/// A finished trace: the SVG, its palette and what the engine noted.
#[napi_derive::napi(object, js_name = "TraceResult")]
pub struct Traced {
    pub svg: String,
    /// '#rrggbb' colors of the SVG, largest area first: its flat fills and
    /// its gradients' stops.
    pub palette: Vec<String>,
    /// Share of the logo's area each palette color covers, same order (a
    /// gradient's area shared among its stops).
    pub coverage: Vec<f64>,
    /// Each gradient's stop colors, in order along it.
    pub gradients: Vec<Vec<String>>,
    pub width: u32,
    pub height: u32,
    /// Where the SVG's top-left corner sits in the source image, in its
    /// pixels: not 0 when `trim` cropped the margin away.
    pub left: u32,
    pub top: u32,
    pub warnings: Vec<String>,
    /// Time spent in the engine for this image, in milliseconds.
    pub engine_ms: f64,
}

/// The pipeline, one stage a call, in order: decode, canvas, border (the
/// paper), palette and marks, labels, background, chroma, trim, gradients,
/// brand colors, then the layers (subpixel edges and our curve fitter) and
/// the SVG.
pub fn trace(bytes: &[u8], settings: &Settings, budget: &Budget) -> EngineResult<Traced> {
    trace_lapped(bytes, settings, budget, &mut |_| {})
}

/// The stages of `trace`, in order, as `lap` names them when each ends.
#[cfg(feature = "hooks")]
pub const STAGES: [&str; 14] = [
    "decode",
    "canvas",
    "border",
    "palette",
    "labels",
    "background",
    "chroma",
    "trim",
    "gradients",
    "brand",
    "opacity",
    "refine",
    "fit",
    "svg",
];

/// `trace`, calling `lap` with each stage's name as it ends: the hooks time
/// the stages with it (`hooks::trace_with_stage_times`); `trace` passes a
/// closure that does nothing, so the shipped addon keeps no clock.
pub(crate) fn trace_lapped(
    bytes: &[u8],
    settings: &Settings,
    budget: &Budget,
    lap: &mut impl FnMut(&'static str),
) -> EngineResult<Traced> {
    let started = Instant::now();
    let _running = cores::Running::start();
    debug_assert!(settings.smoothing <= 100, "the facade checks the settings");
    budget.check()?;
    let brand = parse_palette(&settings.palette)?;
    let decoded = decode(bytes)?;
    lap("decode");
    let mut source = prepare_canvas(decoded, settings, budget)?;
    lap("canvas");
    let paper = find_paper(&source, settings);
    lap("border");
    let palette = discover_palette(&source, &paper, settings, budget)?;
    lap("palette");
    let mut labels = label_pixels(&source, &paper, palette, budget)?;
    lap("labels");
    let removal = remove_background(&mut labels, &paper, &source.canvas, &mut source.warnings)?;
    lap("background");
    let fills = restore_chroma(bytes, &source, &paper, &mut labels, budget)?;
    lap("chroma");
    let placed = trim(&mut labels, &mut source, settings);
    lap("trim");
    let (fills, ramps) = find_gradients(&mut labels, &source.canvas, fills, paper.tolerances.lossy, budget)?;
    lap("gradients");
    let (fills, ramps) = snap_to_brand(&mut labels, &source, fills, ramps, &brand);
    lap("brand");
    let (fills, ramps) = split_translucent(&mut labels, &source.canvas, fills, ramps);
    let opacity = label_opacity(&labels.map, &source.canvas);
    lap("opacity");
    let paints = Paints { fills, layer: LayerPaint { ramps: &ramps, opacity: &opacity } };
    let layers = fit_layers(source.canvas, &mut labels, paints, paper.tolerances.lossy, settings, budget, lap)?;
    lap("fit");
    let traced = finish(labels, layers, &ramps, placed, removal, settings, &brand, source.warnings, started);
    lap("svg");
    Ok(traced)
}

/// The decoded image on the canvas the engine works on, with what was
/// judged of it.
struct Source {
    canvas: Canvas,
    opaque_pixels: usize,
    /// The decoded image's size; the canvas may be a reduction of it.
    width: u32,
    height: u32,
    /// A JPEG's orientation, to read its YCbCr planes again (`chroma`).
    jpeg_orientation: Option<Orientation>,
    tolerances: Tolerances,
    warnings: Vec<String>,
}

/// The canvas: the source judged lossy by its pixels, not its container (a
/// JPEG re-saved as PNG or a grainy scan is as lossy as a JPEG), reduced to
/// bound the work, and refused when empty or too complex for a logo.
fn prepare_canvas(decoded: Decoded, settings: &Settings, budget: &Budget) -> EngineResult<Source> {
    let (width, height) = (decoded.image.width(), decoded.image.height());
    let lossy = decoded.lossy || carries_noise(&decoded.image);
    budget.check()?;
    let canvas = Canvas::from_rgba(&decoded.image, !settings.transparent, lossy);
    let mut warnings = Vec::new();
    if canvas.scale > 1 {
        warnings.push(format!(
            "Traced at {}x{} (1/{} of {}x{}) to bound the work; the SVG keeps the original size",
            canvas.width, canvas.height, canvas.scale, width, height
        ));
    }
    let opaque_pixels = canvas.opaque.iter().filter(|&&o| o).count();
    if opaque_pixels == 0 {
        return Err(EngineError::NothingToTrace("the image is fully transparent"));
    }
    complexity::check_source(&canvas)?;
    budget.check()?;
    let tolerances = Tolerances::for_source(lossy);
    Ok(Source {
        canvas,
        opaque_pixels,
        width,
        height,
        jpeg_orientation: decoded.jpeg_orientation,
        tolerances,
        warnings,
    })
}

/// What the border says of the paper, and the tolerances that hold it.
struct Paper {
    /// An opaque image removing its background: only then is paper looked for
    /// (an image that uses transparency already says what its background is).
    looked_for: bool,
    border: Border,
    /// The paper's color, when there is one to remove.
    color: Option<Rgb>,
    tolerances: Tolerances,
}

fn find_paper(source: &Source, settings: &Settings) -> Paper {
    let looked_for = settings.transparent && source.opaque_pixels == source.canvas.opaque.len();
    let tolerances = source.tolerances;
    let border = if looked_for { read_border(&source.canvas, tolerances.paper_noise_de) } else { Border::NoPaper };
    let (color, tolerances) = match border {
        Border::Paper(paper, spread) => (Some(paper), tolerances.holding_paper(spread)),
        Border::Frame(inside) => (inside, tolerances),
        Border::NoPaper if looked_for => (framed_paper(&source.canvas), tolerances),
        _ => (None, tolerances),
    };
    Paper { looked_for, border, color, tolerances }
}

/// The art's colors: the clusters of its interiors, as many as asked,
/// the marks the interior test missed, pure colors snapped on a lossy
/// source, no near-twins, and the paper's cluster last.
struct Palette {
    colors: Vec<Rgb>,
    /// The paper's color as its cluster settled, and its label.
    paper: Option<(Rgb, u8)>,
}

fn discover_palette(source: &Source, paper: &Paper, settings: &Settings, budget: &Budget) -> EngineResult<Palette> {
    let tol = paper.tolerances;
    let Clusters { clusters, paper: background } = find_clusters(&source.canvas, tol, paper.color, budget)?;
    let chosen = choose(&clusters, settings.colors, source.opaque_pixels, background);
    let mut palette: Vec<_> = chosen.iter().map(|&i| (clusters[i].rgb, clusters[i].own_peak)).collect();
    let room = match settings.colors {
        0 => MAX_MARKS,
        n => (n as usize).saturating_sub(palette.len()),
    };
    let paper_rgb = background.map(|b| clusters[b].rgb);
    let known: Vec<_> = palette.iter().map(|&(rgb, _)| rgb).chain(paper_rgb).collect();
    let marks = residual_colors(&source.canvas, &known, tol, room, budget)?;
    palette.extend(marks.into_iter().map(|rgb| (rgb, false)));
    let snapped = |color: Rgb| if tol.lossy { snapped_to_pure(color) } else { color };
    // A color that would snap onto the paper keeps its shade: were it the
    // paper's twin, the paper's removal could not tell their pixels apart.
    let settled = |color: Rgb| Some(snapped(color)).filter(|&s| Some(s) != paper_rgb.map(snapped)).unwrap_or(color);
    let mut colors = without_twins(palette.into_iter().map(|(rgb, peak)| (settled(rgb), peak)).collect(), tol);
    let paper = paper_rgb.map(|rgb| {
        colors.push(rgb);
        (rgb, (colors.len() - 1) as u8)
    });
    Ok(Palette { colors, paper })
}

/// Labeled pixels, and the paper's color and label when it is to go.
struct Labels {
    map: LabelMap,
    paper: Option<(Rgb, u8)>,
    /// Per label: light art on the removed paper of a lossy source.
    faint: Vec<bool>,
}

fn label_pixels(source: &Source, paper: &Paper, palette: Palette, budget: &Budget) -> EngineResult<Labels> {
    let tol = paper.tolerances;
    budget.check()?;
    let transitions = tol.lossy.then_some(Transitions { on_blend_de: tol.merge_de, apart_de: tol.twin_de });
    let mut map = LabelMap::assign(&source.canvas, palette.colors, tol.merge_de, transitions);
    budget.check()?;
    map.fold_scattered_twins(tol.twin_de, palette.paper.map(|(_, label)| label), tol.lossy);
    Ok(Labels { map, paper: palette.paper, faint: Vec::new() })
}

/// The paper removed (or why it stays, in the warnings), colors no pixel
/// kept dropped, the outline of faint art on it smoothed and the shapes of
/// its color that stay measured on their own; refused when nothing but
/// background is left, or too many regions for a logo.
fn remove_background(
    labels: &mut Labels,
    paper: &Paper,
    canvas: &Canvas,
    warnings: &mut Vec<String>,
) -> EngineResult<Option<Removal>> {
    let tol = paper.tolerances;
    let map = &mut labels.map;
    let removal = match labels.paper {
        Some((_, label)) => {
            absorb_paper_grade(map, label, canvas);
            absorb_paper_noise(map, label, tol);
            Some(remove_paper(map, label, tol))
        }
        None if paper.looked_for => {
            warnings.push(paper.border.nothing_removed());
            None
        }
        None => None,
    };
    // `choose` already capped the count; drop colors no pixel kept.
    let order = map.compact();
    // Light art on the removed paper of a lossy source, whose outline noise
    // would fray (see `LabelMap::faint_on_paper`).
    labels.faint = match labels.paper.filter(|_| tol.lossy) {
        Some((rgb, _)) => map.faint_on_paper(rgb, tol.paper_flip_de),
        None => vec![false; map.palette.len()],
    };
    map.smooth_faint_outline(&labels.faint);
    let kept = labels.paper.and_then(|(_, label)| order.iter().position(|&old| old == usize::from(label)));
    if let Some(kept) = kept {
        if let Some(fill) = kept_shapes_fill(map, kept as u8, canvas, tol) {
            map.palette[kept] = fill;
        }
    }
    if map.palette.is_empty() {
        return Err(EngineError::NothingToTrace("only background was found"));
    }
    complexity::check_regions(map)?;
    Ok(removal)
}

/// The fills the SVG shows: a JPEG's thin marks get back the chroma 4:2:0
/// washed out of them (see `chroma`); their pixels keep the labels the
/// decoded colors gave them. Labels whose fills became equal merge.
fn restore_chroma(
    bytes: &[u8],
    source: &Source,
    paper: &Paper,
    labels: &mut Labels,
    budget: &Budget,
) -> EngineResult<Vec<Rgb>> {
    let map = &mut labels.map;
    budget.check()?;
    let fills = match source.jpeg_orientation {
        Some(orientation) => {
            // Planes that do not line up with the decoded image are not used.
            let planes = || {
                let planes =
                    jpeg_ycbcr(bytes, orientation).filter(|p| p.dimensions() == (source.width, source.height))?;
                Some(source.canvas.block_average(&planes))
            };
            restored_fills(map, labels.paper.map(|(rgb, _)| rgb), paper.tolerances.twin_de, planes)
        }
        None => map.palette.clone(),
    };
    map.merge_equal_fills(&fills);
    budget.check()?;
    Ok(fills)
}

/// Where the SVG lies in the source image, and its size there.
struct Placement {
    left: u32,
    top: u32,
    width: u32,
    height: u32,
}

/// With `trim`, the labels and the canvas cropped to the art.
fn trim(labels: &mut Labels, source: &mut Source, settings: &Settings) -> Placement {
    let (width, height, scale) = (source.width, source.height, source.canvas.scale);
    if !settings.trim {
        return Placement { left: 0, top: 0, width, height };
    }
    let (x, y, w, h) = labels.map.content_box().expect("a non-empty palette has pixels").xywh();
    let (left, top) = (x as u32 * scale, y as u32 * scale);
    labels.map.crop(x, y, w, h);
    source.canvas.crop(x, y, w, h);
    Placement {
        left,
        top,
        width: ((w as u32) * scale).min(width - left),
        height: ((h as u32) * scale).min(height - top),
    }
}

/// The ramps among the bands (see `ramps`), each a label of its own; the
/// labels, their fills and ramps then ordered by area again, largest
/// first, so a ramp's layer lies under the art drawn on it.
fn find_gradients(
    labels: &mut Labels,
    canvas: &Canvas,
    mut fills: Vec<Rgb>,
    lossy: bool,
    budget: &Budget,
) -> EngineResult<(Vec<Rgb>, Vec<Option<Ramp>>)> {
    budget.check()?;
    let ramps = find_ramps(&mut labels.map, canvas, &mut fills, lossy, f64::from(canvas.scale), budget)?;
    if ramps.iter().all(Option::is_none) {
        return Ok((fills, ramps));
    }
    Ok(ordered_by_area(labels, &fills, &ramps))
}

/// Translucent areas of colors that also paint opaque art, each a label of
/// its own (`split_translucent_areas`), with its color's fill and ramp.
fn split_translucent(
    labels: &mut Labels,
    canvas: &Canvas,
    mut fills: Vec<Rgb>,
    mut ramps: Vec<Option<Ramp>>,
) -> (Vec<Rgb>, Vec<Option<Ramp>>) {
    let added = split_translucent_areas(&mut labels.map, canvas);
    if added.is_empty() {
        return (fills, ramps);
    }
    ramps.resize(fills.len(), None);
    for from in added {
        let from = usize::from(from);
        fills.push(fills[from]);
        ramps.push(ramps[from].clone());
    }
    ordered_by_area(labels, &fills, &ramps)
}

/// The labels, their fills and ramps ordered by area, largest first, and
/// emptied labels dropped.
fn ordered_by_area(labels: &mut Labels, fills: &[Rgb], ramps: &[Option<Ramp>]) -> (Vec<Rgb>, Vec<Option<Ramp>>) {
    labels.faint.resize(fills.len(), false);
    let order = labels.map.compact();
    let faint = order.iter().map(|&i| labels.faint[i]).collect();
    labels.faint = faint;
    let ramp = |i: usize| ramps.get(i).cloned().flatten();
    (order.iter().map(|&i| fills[i]).collect(), order.iter().map(|&i| ramp(i)).collect())
}

/// With brand colors given, a label showing two of them splits, each flat
/// fill near one becomes it and the labels that became one color merge
/// (see `brand`). The paper keeps its measured color, which places the
/// edges against it; the removal's note names its brand color (`finish`).
fn snap_to_brand(
    labels: &mut Labels,
    source: &Source,
    mut fills: Vec<Rgb>,
    mut ramps: Vec<Option<Ramp>>,
    brand: &[Rgb],
) -> (Vec<Rgb>, Vec<Option<Ramp>>) {
    if brand.is_empty() {
        return (fills, ramps);
    }
    let floor = color_floor(source.opaque_pixels);
    let split = split_by_brand(&mut labels.map, &source.canvas, &mut fills, &mut ramps, brand, floor);
    if !snap_fills(&mut labels.map, &mut fills, &ramps, brand) && !split {
        return (fills, ramps);
    }
    ordered_by_area(labels, &fills, &ramps)
}

/// The shapes of each color, fitted with curves. A lossy source's 1x edges
/// carry its noise; tracing them at twice the resolution, placed by the
/// source's own blending, roughly halves the error for about twice the
/// time. Lossless edges are clean enough at 1x, unless the image is small
/// enough to be shown enlarged.
/// How each label is painted: its flat fill (a ramp's middle stop), and
/// its ramp and opacity.
struct Paints<'a> {
    fills: Vec<Rgb>,
    layer: LayerPaint<'a>,
}

fn fit_layers(
    canvas: Canvas,
    labels: &mut Labels,
    paints: Paints,
    lossy: bool,
    settings: &Settings,
    budget: &Budget,
    lap: &mut impl FnMut(&'static str),
) -> EngineResult<Vec<Layer>> {
    let map = &mut labels.map;
    let scale = canvas.scale;
    let refined = lossy || map.width * map.height <= REFINE_LOSSLESS_MAX_PIXELS;
    let layers = if refined {
        let paper = labels.paper.map(|(rgb, _)| rgb);
        let layer = &paints.layer;
        let mut fine =
            refine_2x(&canvas, map, &labels.faint, paper, layer.opacity, layer.ramps, f64::from(scale), lossy);
        // The edges are placed by the decoded colors; the fills are what the SVG shows.
        fine.palette.clone_from(&paints.fills);
        map.palette = paints.fills;
        drop(canvas);
        lap("refine");
        budget.check()?;
        // Clean anti-aliasing places a refined edge to a mask pixel, so the
        // fitter measures in image pixels. A JPEG's edges would allow it too
        // (its SVGs came out half the size, as close to the source), but its
        // larger masks make the wider polygon search cost a quarter more
        // time than the time target has room for; it measures in mask pixels.
        let grain = if lossy { 1.0 } else { subpixel::FACTOR };
        let scale = f64::from(scale) / subpixel::FACTOR;
        trace_layers(&fine, &paints.layer, settings.smoothing, subpixel::FACTOR, grain, scale, budget)?
    } else {
        // A lossless source's fills are its decoded colors, unless brand colors replaced them.
        map.palette = paints.fills;
        lap("refine");
        trace_layers(map, &paints.layer, settings.smoothing, 1.0, 1.0, f64::from(scale), budget)?
    };
    if layers.is_empty() {
        return Err(EngineError::NothingToTrace("every shape is smaller than the speckle filter"));
    }
    Ok(layers)
}

/// The SVG and its palette: exactly the set of fills (colors whose every
/// shape fell under the speckle filter, or that another label took over,
/// are gone from both), with the warning of what the background removal did.
#[allow(clippy::too_many_arguments)]
fn finish(
    labels: Labels,
    layers: Vec<Layer>,
    ramps: &[Option<Ramp>],
    placed: Placement,
    removal: Option<Removal>,
    settings: &Settings,
    brand: &[Rgb],
    mut warnings: Vec<String>,
    started: Instant,
) -> Traced {
    let map = labels.map;
    let areas = map.areas();
    let total: usize = areas.iter().sum();
    if let (Some(removal), Some((measured, _))) = (removal, labels.paper) {
        let paper_rgb = brand_color(measured, brand).unwrap_or(measured);
        // The warning names what the SVG shows: the kept shapes of the paper's
        // color the speckle filter left (not JPEG specks of it inside a
        // letter), none when the fitter left that color no shape.
        let speckle = FitParams::for_smoothing(settings.smoothing, 1.0).speckle_area;
        let kept = match map.palette.iter().position(|&c| c == paper_rgb) {
            Some(label) if layers.iter().any(|layer| layer.color == paper_rgb) => {
                shapes_at_least(&map, label as u8, speckle).max(1)
            }
            _ => 0,
        };
        warnings.push(describe_removal(&removal, kept, &hex(paper_rgb)));
    }
    let kept: Vec<usize> =
        (0..map.palette.len()).filter(|&i| areas[i] > 0 && layers.iter().any(|l| l.color == map.palette[i])).collect();
    // Each kept label's colors: its fill, or its ramp's stops sharing its area.
    let mut shares: Vec<(String, f64)> = Vec::new();
    let mut gradients = Vec::new();
    for &i in &kept {
        let share = areas[i] as f64 / total as f64;
        let colors: Vec<String> = match ramps.get(i).and_then(Option::as_ref) {
            Some(ramp) => ramp.stops.iter().map(|&(_, c)| hex(c)).collect(),
            None => vec![hex(map.palette[i])],
        };
        for color in &colors {
            match shares.iter_mut().find(|(c, _)| c == color) {
                Some((_, s)) => *s += share / colors.len() as f64,
                None => shares.push((color.clone(), share / colors.len() as f64)),
            }
        }
        if colors.len() > 1 || ramps.get(i).is_some_and(Option::is_some) {
            gradients.push(colors);
        }
    }
    shares.sort_by(|a, b| b.1.total_cmp(&a.1));
    if !brand.is_empty() {
        let flat: Vec<Rgb> =
            kept.iter().filter(|&&i| ramps.get(i).is_none_or(Option::is_none)).map(|&i| map.palette[i]).collect();
        warnings.extend(describe_matches(brand, &flat));
    }
    Traced {
        svg: document(placed.width, placed.height, &layers),
        palette: shares.iter().map(|(c, _)| c.clone()).collect(),
        coverage: shares.iter().map(|&(_, s)| s).collect(),
        gradients,
        width: placed.width,
        height: placed.height,
        left: placed.left,
        top: placed.top,
        warnings,
        engine_ms: started.elapsed().as_secs_f64() * 1000.0,
    }
}
