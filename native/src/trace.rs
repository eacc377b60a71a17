//! Tracing the indexed image with vtracer: one stacked binary layer per
//! palette color, serialized by our own compact path writer.

use visioncortex::{ColorImage, CompoundPathElement, PathSimplifyMode, PointF64};
use vtracer::{ColorMode, Config, Hierarchical};

use crate::error::{EngineError, EngineResult};
use crate::labels::{LabelMap, TRANSPARENT};
use crate::svg::{Layer, PathWriter};

/// vtracer settings for a `smoothing` value from 0 to 100 (default 20, which
/// lands on vtracer's own defaults). With s = smoothing / 100:
/// - speckle filter side = 2 + 10s px (area is its square): more smoothing drops bigger specks;
/// - corner threshold = 30 + 150s degrees: 0 keeps every corner, 100 rounds them all;
/// - segment length = 3.5 + 6.5s px: longer segments, fewer and rounder curves;
/// - splice threshold 45 degrees and 10 fitting iterations, vtracer's defaults.
pub fn vtracer_config(smoothing: u32) -> Config {
    let s = f64::from(smoothing.min(100)) / 100.0;
    Config {
        color_mode: ColorMode::Binary,
        hierarchical: Hierarchical::Stacked,
        filter_speckle: (2.0 + 10.0 * s).round() as usize,
        color_precision: 8,
        layer_difference: 0,
        mode: PathSimplifyMode::Spline,
        corner_threshold: (30.0 + 150.0 * s).round() as i32,
        length_threshold: 3.5 + 6.5 * s,
        max_iterations: 10,
        splice_threshold: 45,
        path_precision: None,
    }
}

/// Coordinates: two decimals on small images, one on larger ones, where a
/// tenth of a pixel is already below what a renderer shows.
fn decimals_for(width: usize, height: usize, scale: u32) -> u32 {
    if width.max(height) as u32 * scale > 1500 {
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
/// instead of leaving seams. `scale` maps canvas pixels to output pixels.
pub fn trace_layers(map: &LabelMap, smoothing: u32, scale: u32) -> EngineResult<Vec<Layer>> {
    let config = vtracer_config(smoothing);
    let decimals = decimals_for(map.width, map.height, scale);
    let mut layers = Vec::with_capacity(map.palette.len());
    for (rank, &color) in map.palette.iter().enumerate() {
        let mut pixels = Vec::with_capacity(map.width * map.height * 4);
        for &label in &map.labels {
            let inside = label != TRANSPARENT && label as usize >= rank;
            let v = if inside { 0 } else { 255 };
            pixels.extend_from_slice(&[v, v, v, 255]);
        }
        let image = ColorImage { pixels, width: map.width, height: map.height };
        let traced = vtracer::convert(image, config.clone()).map_err(EngineError::Internal)?;
        let mut writer = PathWriter::new(decimals);
        for path in &traced.paths {
            write_compound(&mut writer, &path.path, f64::from(scale));
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
