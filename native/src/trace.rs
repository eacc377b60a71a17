//! Tracing the indexed image with vtracer's path pipeline (visioncortex): one
//! stacked binary layer per palette color, serialized by our compact writer.

use visioncortex::{BinaryImage, ColorImage, CompoundPathElement, PathSimplifyMode, PointF64};
use vtracer::Config;

use crate::error::{EngineError, EngineResult};
use crate::labels::{LabelMap, TRANSPARENT};
use crate::svg::{Layer, PathWriter};

/// Curve-fitting settings for vtracer's path pipeline (visioncortex).
pub struct FitSettings {
    /// Shapes smaller than this many traced pixels are dropped.
    pub speckle_area: usize,
    /// Radians; a sharper turn is a corner.
    pub corner_threshold: f64,
    /// Traced pixels per fitted segment.
    pub length_threshold: f64,
    pub max_iterations: usize,
    /// Radians; where a spline may be split.
    pub splice_threshold: f64,
}

/// Settings for a `smoothing` value from 0 to 100 (default 20, which lands on
/// vtracer's own defaults), in canvas pixels; `resolution` is how many traced
/// pixels make one canvas pixel. With s = smoothing / 100:
/// - speckle filter side = 2 + 10s px (area is its square): more smoothing drops bigger specks;
/// - corner threshold = 30 + 150s degrees: 0 keeps every corner, 100 rounds them all;
/// - segment length = 3.5 + 6.5s px: longer segments, fewer and rounder curves;
/// - splice threshold 45 degrees and 10 fitting iterations, vtracer's defaults.
pub fn fit_settings(smoothing: u32, resolution: f64) -> FitSettings {
    let s = f64::from(smoothing.min(100)) / 100.0;
    let speckle_side = ((2.0 + 10.0 * s) * resolution).round() as usize;
    FitSettings {
        speckle_area: speckle_side * speckle_side,
        corner_threshold: (30.0 + 150.0 * s).to_radians(),
        length_threshold: (3.5 + 6.5 * s) * resolution,
        max_iterations: 10,
        splice_threshold: 45f64.to_radians(),
    }
}

/// Coordinates: one decimal (a tenth of a pixel, below what a renderer
/// shows at 1x) unless the logo is small enough that the SVG will be scaled up.
fn decimals_for(width: usize, height: usize, scale: f64) -> u32 {
    if width.max(height) as f64 * scale >= 200.0 {
        1
    } else {
        2
    }
}

fn write_compound(writer: &mut PathWriter, path: &visioncortex::CompoundPath, scale: f64) {
    let p = |q: &PointF64| (q.x * scale, q.y * scale);
    for element in &path.paths {
        match element {
            CompoundPathElement::Spline(spline) => {
                let points = &spline.points;
                if points.len() < 4 {
                    continue;
                }
                writer.move_to(p(&points[0]));
                for curve in points[1..].chunks_exact(3) {
                    writer.cubic_to(p(&curve[0]), p(&curve[1]), p(&curve[2]));
                }
                writer.close();
            }
            CompoundPathElement::PathI32(path) => {
                let points: Vec<PointF64> =
                    path.path.iter().map(|q| PointF64::new(f64::from(q.x), f64::from(q.y))).collect();
                write_polygon(writer, &points, scale);
            }
            CompoundPathElement::PathF64(path) => write_polygon(writer, &path.path, scale),
        }
    }
}

fn write_polygon(writer: &mut PathWriter, points: &[PointF64], scale: f64) {
    let Some(first) = points.first() else { return };
    writer.move_to((first.x * scale, first.y * scale));
    for q in &points[1..] {
        writer.line_to((q.x * scale, q.y * scale));
    }
    writer.close();
}

/// Trace every color of `map` as a stacked layer: the layer of color k covers
/// the pixels of k and of every color above it, so adjacent colors overlap
/// instead of leaving seams. `resolution` is how many map pixels make one
/// canvas pixel and `scale` maps map pixels to output pixels.
pub fn trace_layers(map: &LabelMap, smoothing: u32, resolution: f64, scale: f64) -> EngineResult<Vec<Layer>> {
    let fit = fit_settings(smoothing, resolution);
    let decimals = decimals_for(map.width, map.height, scale);
    let mut layers = Vec::with_capacity(map.palette.len());
    for (rank, &color) in map.palette.iter().enumerate() {
        let mut mask = BinaryImage::new_w_h(map.width, map.height);
        for (i, &label) in map.labels.iter().enumerate() {
            if label != TRANSPARENT && label as usize >= rank {
                mask.set_pixel_index(i, true);
            }
        }
        let clusters = mask.to_clusters(false);
        let mut writer = PathWriter::new(decimals);
        for i in 0..clusters.len() {
            let cluster = clusters.get_cluster(i);
            if cluster.size() < fit.speckle_area {
                continue;
            }
            let path = cluster.to_compound_path(
                PathSimplifyMode::Spline,
                fit.corner_threshold,
                fit.length_threshold,
                fit.max_iterations,
                fit.splice_threshold,
            );
            write_compound(&mut writer, &path, scale);
        }
        if !writer.is_empty() {
            layers.push(Layer { color, d: writer.finish() });
        }
    }
    Ok(layers)
}

/// The benchmark baseline: vtracer with its default color settings on the
/// decoded pixels, none of our cleanup, vtracer's own SVG text.
pub fn plain_vtracer(rgba: &image::RgbaImage) -> EngineResult<String> {
    let image = ColorImage {
        pixels: rgba.as_raw().clone(),
        width: rgba.width() as usize,
        height: rgba.height() as usize,
    };
    let svg = vtracer::convert(image, Config::default()).map_err(EngineError::Internal)?;
    Ok(svg.to_string())
}
