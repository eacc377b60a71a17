//! The tracing pipeline, framework-free: bytes in, SVG and palette out.

use std::time::Instant;

use crate::canvas::Canvas;
use crate::color::{delta_e, hex, is_paper_like, to_lab};
use crate::decode::decode;
use crate::error::{EngineError, EngineResult};
use crate::labels::LabelMap;
use crate::palette::{choose, find_clusters, Cluster, Tolerances};
use crate::subpixel::{self, refine_2x};
use crate::svg::document;
use crate::trace::{plain_vtracer, trace_layers};

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

pub struct Traced {
    pub svg: String,
    pub palette: Vec<String>,
    /// Share of the traced area each palette color covers, same order.
    pub coverage: Vec<f64>,
    pub width: u32,
    pub height: u32,
    pub warnings: Vec<String>,
    pub engine_ms: f64,
}

/// A border color is the background when it is paper-like (white, off-white,
/// light gray) and this common on the border. Other colors are kept: a
/// full-bleed badge and a logo on a colored backdrop look the same, and
/// deleting a badge would destroy the logo.
const PAPER_BORDER_SHARE: f64 = 0.25;

/// The paper of an opaque image: the paper-like cluster most common on the
/// border when it is common enough there, or else (a full-bleed badge) the
/// heaviest paper-like cluster inside, the knocked-out shapes of the badge.
fn paper_background(canvas: &Canvas, clusters: &[Cluster]) -> Option<usize> {
    let border = canvas.border_indices();
    let mut votes = vec![0usize; clusters.len()];
    for &i in &border {
        if !canvas.opaque[i] {
            continue;
        }
        let lab = to_lab(canvas.rgb[i]);
        let nearest = clusters
            .iter()
            .enumerate()
            .min_by(|a, b| delta_e(&a.1.lab, &lab).total_cmp(&delta_e(&b.1.lab, &lab)))?
            .0;
        votes[nearest] += 1;
    }
    let paper = |i: &usize| is_paper_like(&clusters[*i].lab);
    // The logo itself may cover most of the border (a wide wordmark touching
    // both sides): the paper only has to be common there, not dominant.
    let on_border = (0..clusters.len()).filter(paper).max_by_key(|&i| votes[i]);
    match on_border {
        Some(i) if votes[i] as f64 / border.len() as f64 >= PAPER_BORDER_SHARE => Some(i),
        // Clusters come heaviest first.
        _ => (0..clusters.len()).find(paper),
    }
}

pub fn trace(bytes: &[u8], settings: &Settings) -> EngineResult<Traced> {
    let started = Instant::now();
    settings.validate()?;
    let decoded = decode(bytes)?;
    let (source_w, source_h) = (decoded.image.width(), decoded.image.height());
    let mut canvas = Canvas::from_rgba(&decoded.image, !settings.transparent);
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

    let tolerances = Tolerances::for_source(decoded.lossy);
    let clusters = find_clusters(&canvas, tolerances, decoded.lossy);
    // An image that uses transparency already says what its background is.
    let background = if settings.transparent && opaque_pixels == canvas.opaque.len() {
        paper_background(&canvas, &clusters)
    } else {
        None
    };
    let chosen = choose(&clusters, settings.colors, opaque_pixels, background);
    let mut palette: Vec<_> = chosen.iter().map(|&i| clusters[i].rgb).collect();
    let background_label = background.map(|b| {
        palette.push(clusters[b].rgb);
        (palette.len() - 1) as u8
    });

    let mut map = LabelMap::assign(&canvas, palette, tolerances.merge_de);
    if let Some(label) = background_label {
        // Enclosed areas of the background color go too. On an opaque image a
        // letter's counter and a white element inside a badge are the same
        // pixels; counters are far more common (64 against 19 logos in our
        // corpus), and a knocked-out element still reads right on any backdrop,
        // where a filled counter shows as a white blot.
        let cleared = map.clear_label(label);
        if cleared > 0 {
            warnings.push(format!("Removed background {}", hex(map.palette[label as usize])));
        }
    }
    // `choose` already capped the count; drop colors no pixel kept.
    map.compact();
    if map.palette.is_empty() {
        return Err(EngineError::NothingToTrace("only background was found"));
    }

    let scale = canvas.scale;
    let (mut width, mut height) = (source_w, source_h);
    if settings.trim {
        let (x, y, w, h) = map.content_box().expect("a non-empty palette has pixels");
        width = ((w as u32) * scale).min(source_w - x as u32 * scale);
        height = ((h as u32) * scale).min(source_h - y as u32 * scale);
        map.crop(x, y, w, h);
        canvas.crop(x, y, w, h);
    }

    let areas = map.areas();
    let total: usize = areas.iter().sum();
    // A lossy source's 1x edges carry its noise; tracing them at twice the
    // resolution, placed by the source's own blending, roughly halves the
    // error for about twice the time. Lossless edges are clean enough at 1x.
    let layers = if decoded.lossy {
        let fine = refine_2x(&canvas, &map);
        drop(canvas);
        trace_layers(&fine, settings.smoothing, subpixel::FACTOR, f64::from(scale) / subpixel::FACTOR)?
    } else {
        trace_layers(&map, settings.smoothing, 1.0, f64::from(scale))?
    };
    if layers.is_empty() {
        return Err(EngineError::NothingToTrace("every shape is smaller than the speckle filter"));
    }
    // The palette is exactly the set of fills: colors whose every shape fell
    // under the speckle filter are gone from both.
    let kept: Vec<usize> = map.palette.iter().enumerate().filter(|(_, c)| layers.iter().any(|l| l.color == **c)).map(|(i, _)| i).collect();
    Ok(Traced {
        svg: document(width, height, &layers),
        palette: kept.iter().map(|&i| hex(map.palette[i])).collect(),
        coverage: kept.iter().map(|&i| areas[i] as f64 / total as f64).collect(),
        width,
        height,
        warnings,
        engine_ms: started.elapsed().as_secs_f64() * 1000.0,
    })
}

/// vtracer alone with its defaults, for side-by-side benchmarks.
pub fn trace_plain(bytes: &[u8]) -> EngineResult<Traced> {
    let started = Instant::now();
    let decoded = decode(bytes)?;
    let (width, height) = (decoded.image.width(), decoded.image.height());
    let svg = plain_vtracer(&decoded.image)?;
    let mut palette: Vec<String> = Vec::new();
    for fill in svg.split("fill=\"").skip(1) {
        let color = fill[..7].to_string();
        if !palette.contains(&color) {
            palette.push(color);
        }
    }
    // Coverage is not measured for the baseline.
    Ok(Traced { svg, palette, coverage: Vec::new(), width, height, warnings: Vec::new(), engine_ms: started.elapsed().as_secs_f64() * 1000.0 })
}
