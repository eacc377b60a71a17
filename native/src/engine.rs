//! The tracing pipeline, framework-free: bytes in, SVG and palette out.

use std::time::Instant;

use crate::background::{absorb_paper_noise, remove_paper, shapes_at_least, Removal};
use crate::border::{framed_paper, read_border, Border};
use crate::budget::Budget;
use crate::canvas::Canvas;
use crate::chroma::restored_fills;
use crate::color::{delta_e, distinct_in_lightness, hex, snapped_to_pure, to_lab, Rgb};
use crate::complexity;
use crate::decode::{decode, jpeg_ycbcr};
use crate::error::{EngineError, EngineResult};
use crate::fit::FitParams;
use crate::labels::LabelMap;
use crate::marks::residual_colors;
use crate::noise::carries_noise;
use crate::palette::{choose, find_clusters, Clusters, Tolerances};
use crate::subpixel::{self, refine_2x};
use crate::svg::document;
use crate::trace::trace_layers;

/// At most this many colors come from marks the interior test missed.
const MAX_MARKS: usize = 8;

/// A lossless image with at most this many pixels (after trimming) is traced
/// at twice its resolution, like a JPEG. Such an image is shown enlarged (a
/// logo cut from a page at 128 px, rendered at 1024): traced at 1x, its
/// edges step by whole pixels and its small letters come out angular (at 2x
/// the 128 px corpus PNGs come back 20% closer to their 512 px originals).
/// Larger ones keep 1x, at half the time.
const REFINE_LOSSLESS_MAX_PIXELS: usize = 400 * 400;

pub const ALLOWED_COLORS: [u32; 7] = [0, 1, 2, 3, 4, 6, 8];

#[derive(Clone, Debug)]
pub struct Settings {
    pub colors: u32,
    pub smoothing: u32,
    pub transparent: bool,
    pub trim: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { colors: 0, smoothing: 20, transparent: true, trim: true }
    }
}

impl Settings {
    pub fn validate(&self) -> EngineResult<()> {
        if !ALLOWED_COLORS.contains(&self.colors) {
            return Err(EngineError::InvalidOption(format!(
                "colors must be one of 0, 1, 2, 3, 4, 6, 8 (got {})",
                self.colors
            )));
        }
        if self.smoothing > 100 {
            return Err(EngineError::InvalidOption(format!("smoothing must be 0 to 100 (got {})", self.smoothing)));
        }
        Ok(())
    }
}

// Crosses into JavaScript as it is (napi's object mapping), so the boundary
// keeps no copy of its fields.
/// A finished trace: the SVG, its palette and what the engine noted.
#[napi_derive::napi(object, js_name = "TraceResult")]
pub struct Traced {
    pub svg: String,
    /// '#rrggbb' fills of the SVG, largest area first.
    pub palette: Vec<String>,
    /// Share of the logo's area each palette color covers, same order.
    pub coverage: Vec<f64>,
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

/// The warning that says, in words a person understands, what the background
/// removal did; `kept` is how many shapes of the paper's color the SVG keeps.
fn describe_removal(removal: &Removal, kept: usize, paper: &str) -> String {
    let plural = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    if removal.paper_pixels == 0 && removal.holes == 0 {
        let kept = match removal.bands {
            0 => format!("its {paper} shapes are part of it"),
            n => format!("{} edge to edge", plural(n, &format!("{paper} band runs"), &format!("{paper} bands run"))),
        };
        return format!("No background removed: the art fills the frame ({kept}), so every color is kept");
    }
    let counters = plural(removal.holes, "counter", "counters");
    let mut text = if removal.paper_pixels == 0 {
        format!("Removed {counters} of {paper} inside the art, which fills the frame")
    } else if removal.holes > 0 {
        format!("Removed background {paper} (the paper around the art) and {counters} inside it")
    } else {
        format!("Removed background {paper} (the paper around the art)")
    };
    if kept > 0 {
        text += &format!("; kept {} of that color as part of the art", plural(kept, "shape", "shapes"));
    }
    text
}

/// Cluster colors are medians of their members, so two seeds further apart
/// than the merge tolerance can still end as near-twins: the heavier (earlier)
/// one stays. A `lossy` source's colors distinct in lightness are no twins.
fn without_twins(palette: Vec<Rgb>, merge_de: f32, lossy: bool) -> Vec<Rgb> {
    let mut distinct: Vec<Rgb> = Vec::with_capacity(palette.len());
    for color in palette {
        let lab = to_lab(color);
        let apart =
            |kept: Rgb| delta_e(&to_lab(kept), &lab) >= merge_de || (lossy && distinct_in_lightness(kept, color));
        if distinct.iter().all(|&kept| apart(kept)) {
            distinct.push(color);
        }
    }
    distinct
}

pub fn trace(bytes: &[u8], settings: &Settings, budget: &Budget) -> EngineResult<Traced> {
    let started = Instant::now();
    settings.validate()?;
    budget.check()?;
    let decoded = decode(bytes)?;
    let (source_w, source_h) = (decoded.image.width(), decoded.image.height());
    // Judged by its pixels, not its container: a JPEG re-saved as PNG or a
    // grainy scan is as lossy as a JPEG.
    let lossy = decoded.lossy || carries_noise(&decoded.image);
    budget.check()?;
    let mut canvas = Canvas::from_rgba(&decoded.image, !settings.transparent, lossy);
    drop(decoded.image);
    let mut warnings = Vec::new();
    if canvas.scale > 1 {
        warnings.push(format!(
            "Traced at {}x{} (1/{} of {}x{}) to bound the work; the SVG keeps the original size",
            canvas.width, canvas.height, canvas.scale, source_w, source_h
        ));
    }
    let opaque_pixels = canvas.opaque.iter().filter(|&&o| o).count();
    if opaque_pixels == 0 {
        return Err(EngineError::NothingToTrace("the image is fully transparent"));
    }
    complexity::check_source(&canvas)?;
    budget.check()?;

    let source_tolerances = Tolerances::for_source(lossy);
    // An image that uses transparency already says what its background is.
    let looks_for_paper = settings.transparent && opaque_pixels == canvas.opaque.len();
    let border = if looks_for_paper { read_border(&canvas, source_tolerances.paper_noise_de) } else { Border::NoPaper };
    let (paper, tolerances) = match border {
        Border::Paper(paper, spread) => (Some(paper), source_tolerances.holding_paper(spread)),
        Border::NoPaper | Border::Frame if looks_for_paper => (framed_paper(&canvas), source_tolerances),
        _ => (None, source_tolerances),
    };
    let Clusters { clusters, paper: background } = find_clusters(&canvas, tolerances, lossy, paper, budget)?;
    let chosen = choose(&clusters, settings.colors, opaque_pixels, background);
    let mut palette: Vec<_> = chosen.iter().map(|&i| clusters[i].rgb).collect();
    let room = match settings.colors {
        0 => MAX_MARKS,
        n => (n as usize).saturating_sub(palette.len()),
    };
    let known: Vec<_> = palette.iter().copied().chain(background.map(|b| clusters[b].rgb)).collect();
    palette.extend(residual_colors(&canvas, &known, tolerances, lossy, room, budget)?);
    let snapped = |color: Rgb| if lossy { snapped_to_pure(color) } else { color };
    let paper_rgb = background.map(|b| clusters[b].rgb);
    // A color that would snap onto the paper keeps its shade: were it the
    // paper's twin, the paper's removal could not tell their pixels apart.
    let settled = |color: Rgb| Some(snapped(color)).filter(|&s| Some(s) != paper_rgb.map(snapped)).unwrap_or(color);
    let mut palette = without_twins(palette.into_iter().map(settled).collect(), tolerances.merge_de, lossy);
    let background_label = paper_rgb.map(|rgb| {
        palette.push(rgb);
        (palette.len() - 1) as u8
    });

    budget.check()?;
    let mut map = LabelMap::assign(&canvas, palette, tolerances.merge_de);
    budget.check()?;
    map.fold_scattered_twins(tolerances.twin_de, background_label, lossy);
    let removal = match background_label {
        Some(label) => {
            absorb_paper_noise(&mut map, label, tolerances);
            Some(remove_paper(&mut map, label, tolerances))
        }
        None if looks_for_paper => {
            warnings.push(border.nothing_removed());
            None
        }
        None => None,
    };
    // `choose` already capped the count; drop colors no pixel kept.
    map.compact();
    // Light art on the removed paper of a lossy source, whose outline noise
    // would fray (see `LabelMap::faint_on_paper`).
    let faint = match paper_rgb.filter(|_| lossy) {
        Some(paper) => map.faint_on_paper(paper, tolerances.paper_flip_de),
        None => vec![false; map.palette.len()],
    };
    map.smooth_faint_outline(&faint);
    if map.palette.is_empty() {
        return Err(EngineError::NothingToTrace("only background was found"));
    }
    complexity::check_regions(&map)?;
    budget.check()?;
    // A JPEG's thin marks get back the chroma 4:2:0 washed out of them (see
    // `chroma`); their pixels keep the labels the decoded colors gave them.
    let fills = match decoded.jpeg_orientation {
        Some(orientation) => {
            // Planes that do not line up with the decoded image are not used.
            let planes = || {
                let planes = jpeg_ycbcr(bytes, orientation).filter(|p| p.dimensions() == (source_w, source_h))?;
                Some(canvas.block_average(&planes))
            };
            restored_fills(&map, paper_rgb, tolerances.twin_de, planes)
        }
        None => map.palette.clone(),
    };
    map.merge_equal_fills(&fills);
    budget.check()?;

    let scale = canvas.scale;
    let (mut width, mut height) = (source_w, source_h);
    let (mut left, mut top) = (0, 0);
    if settings.trim {
        let (x, y, w, h) = map.content_box().expect("a non-empty palette has pixels").xywh();
        (left, top) = (x as u32 * scale, y as u32 * scale);
        width = ((w as u32) * scale).min(source_w - left);
        height = ((h as u32) * scale).min(source_h - top);
        map.crop(x, y, w, h);
        canvas.crop(x, y, w, h);
    }

    let areas = map.areas();
    let total: usize = areas.iter().sum();
    // A lossy source's 1x edges carry its noise; tracing them at twice the
    // resolution, placed by the source's own blending, roughly halves the
    // error for about twice the time. Lossless edges are clean enough at 1x,
    // unless the image is small enough to be shown enlarged.
    let refined = lossy || map.width * map.height <= REFINE_LOSSLESS_MAX_PIXELS;
    let layers = if refined {
        let mut fine = refine_2x(&canvas, &map, &faint);
        // The edges are placed by the decoded colors; the fills are what the SVG shows.
        fine.palette.clone_from(&fills);
        map.palette = fills;
        drop(canvas);
        budget.check()?;
        // Clean anti-aliasing places a refined edge to a mask pixel, so the
        // fitter measures in image pixels. A JPEG's edges would allow it too
        // (its SVGs came out half the size, as close to the source), but its
        // larger masks make the wider polygon search cost a quarter more
        // time than the time target has room for; it measures in mask pixels.
        let grain = if lossy { 1.0 } else { subpixel::FACTOR };
        let scale = f64::from(scale) / subpixel::FACTOR;
        trace_layers(&fine, settings.smoothing, subpixel::FACTOR, grain, scale, budget)?
    } else {
        trace_layers(&map, settings.smoothing, 1.0, 1.0, f64::from(scale), budget)?
    };
    if layers.is_empty() {
        return Err(EngineError::NothingToTrace("every shape is smaller than the speckle filter"));
    }
    // The palette is exactly the set of fills: colors whose every shape fell
    // under the speckle filter, or that another label took over, are gone
    // from both.
    if let (Some(removal), Some(paper)) = (removal, paper_rgb) {
        // The warning names what the SVG shows: the kept shapes of the paper's
        // color the speckle filter left (not JPEG specks of it inside a
        // letter), none when the fitter left that color no shape.
        let speckle = FitParams::for_smoothing(settings.smoothing, 1.0).speckle_area;
        let kept = match map.palette.iter().position(|&c| c == paper) {
            Some(label) if layers.iter().any(|layer| layer.color == paper) => {
                shapes_at_least(&map, label as u8, speckle).max(1)
            }
            _ => 0,
        };
        warnings.push(describe_removal(&removal, kept, &hex(paper)));
    }
    let kept: Vec<usize> =
        (0..map.palette.len()).filter(|&i| areas[i] > 0 && layers.iter().any(|l| l.color == map.palette[i])).collect();
    Ok(Traced {
        svg: document(width, height, &layers),
        palette: kept.iter().map(|&i| hex(map.palette[i])).collect(),
        coverage: kept.iter().map(|&i| areas[i] as f64 / total as f64).collect(),
        width,
        height,
        left,
        top,
        warnings,
        engine_ms: started.elapsed().as_secs_f64() * 1000.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jpegs_close_colors_are_twins_unless_their_lightness_differs() {
        // Marionette's two dark reds at 128 px: 5.6 dE, 7 luma units apart.
        let reds = vec![[168, 30, 45], [154, 25, 43]];
        assert_eq!(without_twins(reds.clone(), 7.0, true), reds);
        assert_eq!(without_twins(reds.clone(), 7.0, false), vec![reds[0]], "lossless, the tolerance alone decides");
        // Two shades of one green, a luma unit apart: the heavier stays.
        let greens = vec![[57, 222, 128], [62, 219, 131]];
        assert_eq!(without_twins(greens.clone(), 7.0, true), vec![greens[0]]);
    }
}
