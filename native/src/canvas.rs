//! The working image: opaque-by-coverage pixels with their colors, downscaled
//! by an integer factor when the input is larger than the tracing budget.

use image::{RgbImage, RgbaImage};

use crate::color::Rgb;
use crate::grid;

/// Above this many pixels the image is traced at a reduced size: a logo keeps
/// its detail at 2 MP (1414 px square) and the time stays well within the
/// deadline (tracing costs about 40 ms per color per megapixel).
const LOSSLESS_BUDGET_PIXELS: u64 = 2_000_000;
/// A lossy source is traced at twice its resolution once the palette is
/// found (see `subpixel`), four times the pixels, so it gets half the budget:
/// at a JPEG's full size, most of what a larger canvas adds is its noise.
const LOSSY_BUDGET_PIXELS: u64 = LOSSLESS_BUDGET_PIXELS / 2;
/// Translucent art under half coverage is kept from this alpha up (6%):
/// fainter is a shadow's fringe or noise.
const MIN_TRANSLUCENT_ALPHA: u8 = 16;
/// ... where no neighbour's alpha differs by more than this.
const STEADY_ALPHA_STEP: u8 = 8;

pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<Rgb>,
    /// Coverage of at least half: the pixel belongs to the shape.
    pub opaque: Vec<bool>,
    /// Coverage itself, for placing edges between pixels.
    pub alpha: Vec<u8>,
    /// Output pixels per canvas pixel (1 unless downscaled).
    pub scale: u32,
}

impl Canvas {
    /// A fully opaque canvas of `rgb` (row by row), as the unit tests draw one.
    #[cfg(test)]
    pub fn opaque(width: usize, height: usize, rgb: Vec<Rgb>) -> Canvas {
        let n = width * height;
        Canvas { width, height, rgb, opaque: vec![true; n], alpha: vec![255; n], scale: 1 }
    }

    /// `flatten`: composite onto white and keep every pixel (transparent=false).
    pub fn from_rgba(image: &RgbaImage, flatten: bool, lossy: bool) -> Canvas {
        let (w, h) = (image.width() as u64, image.height() as u64);
        let budget = if lossy { LOSSY_BUDGET_PIXELS } else { LOSSLESS_BUDGET_PIXELS };
        let mut scale = 1u32;
        while (w.div_ceil(scale as u64)) * (h.div_ceil(scale as u64)) > budget {
            scale += 1;
        }
        if scale == 1 {
            return Canvas::at_full_size(image, flatten).with_translucent_art();
        }
        let width = w.div_ceil(scale as u64) as usize;
        let height = h.div_ceil(scale as u64) as usize;
        let mut rgb = Vec::with_capacity(width * height);
        let mut opaque = Vec::with_capacity(width * height);
        let mut coverage = Vec::with_capacity(width * height);
        let raw = image.as_raw();
        let stride = w as usize * 4;
        for cy in 0..height {
            for cx in 0..width {
                // Average the block with premultiplied alpha so transparent
                // pixels' hidden colors never bleed into the edges.
                let (x0, y0) = (cx * scale as usize, cy * scale as usize);
                let x1 = (x0 + scale as usize).min(w as usize);
                let y1 = (y0 + scale as usize).min(h as usize);
                let (mut sr, mut sg, mut sb, mut sa) = (0u64, 0u64, 0u64, 0u64);
                for y in y0..y1 {
                    let row = &raw[y * stride..];
                    for x in x0..x1 {
                        let p = &row[x * 4..x * 4 + 4];
                        let a = u64::from(p[3]);
                        sr += u64::from(p[0]) * a;
                        sg += u64::from(p[1]) * a;
                        sb += u64::from(p[2]) * a;
                        sa += a;
                    }
                }
                let n = ((x1 - x0) * (y1 - y0)) as u64;
                let alpha = sa / n;
                let color = if sa == 0 {
                    [255, 255, 255]
                } else if flatten {
                    // Over white: c*a + 255*(1-a), in 0..255 units.
                    let over = |s: u64| ((s + 255 * (255 * n - sa)) / (255 * n)).min(255) as u8;
                    [over(sr), over(sg), over(sb)]
                } else {
                    let un = |s: u64| ((s + sa / 2) / sa).min(255) as u8;
                    [un(sr), un(sg), un(sb)]
                };
                rgb.push(color);
                opaque.push(flatten || alpha >= 128);
                coverage.push(if flatten { 255 } else { alpha as u8 });
            }
        }
        Canvas { width, height, rgb, opaque, alpha: coverage, scale }.with_translucent_art()
    }

    /// Pixels of translucent art belong to the shape too, under half
    /// coverage: where the alpha holds steady over a pixel's neighbours (the
    /// inside of a shape painted at 30%), not where it ramps (an edge's
    /// anti-aliasing, which changes by a half or more per pixel).
    fn with_translucent_art(mut self) -> Canvas {
        let (w, h) = (self.width, self.height);
        let alpha = &self.alpha;
        let steady = |i: usize| {
            let a = alpha[i];
            a >= MIN_TRANSLUCENT_ALPHA && grid::neighbours8(i, w, h).all(|j| alpha[j].abs_diff(a) <= STEADY_ALPHA_STEP)
        };
        let added: Vec<usize> = (0..w * h).filter(|&i| !self.opaque[i] && steady(i)).collect();
        for i in added {
            self.opaque[i] = true;
        }
        self
    }

    /// A full-size image of three channels (a JPEG's YCbCr planes) averaged
    /// over this canvas's blocks, before any crop: an average keeps what
    /// each block holds.
    pub fn block_average(&self, planes: &RgbImage) -> Vec<Rgb> {
        let (w, h) = (planes.width() as usize, planes.height() as usize);
        let scale = self.scale as usize;
        let raw = planes.as_raw();
        let mut out = Vec::with_capacity(self.width * self.height);
        for cy in 0..self.height {
            for cx in 0..self.width {
                let (x0, y0) = (cx * scale, cy * scale);
                let (x1, y1) = ((x0 + scale).min(w), (y0 + scale).min(h));
                let mut sum = [0usize; 3];
                for y in y0..y1 {
                    for p in raw[(y * w + x0) * 3..(y * w + x1) * 3].chunks_exact(3) {
                        (0..3).for_each(|k| sum[k] += usize::from(p[k]));
                    }
                }
                let n = (x1 - x0) * (y1 - y0);
                out.push(sum.map(|s| ((s + n / 2) / n) as u8));
            }
        }
        out
    }

    /// `from_rgba` without the block averaging, for an image within budget.
    fn at_full_size(image: &RgbaImage, flatten: bool) -> Canvas {
        let pixels = || image.as_raw().chunks_exact(4);
        // Three passes that each collect a known length: no capacity check per pixel.
        let rgb = pixels()
            .map(|p| {
                let a = u32::from(p[3]);
                if a == 0 {
                    [255, 255, 255]
                } else if flatten {
                    let over = |c: u8| ((u32::from(c) * a + 255 * (255 - a)) / 255) as u8;
                    [over(p[0]), over(p[1]), over(p[2])]
                } else {
                    [p[0], p[1], p[2]]
                }
            })
            .collect();
        let opaque = pixels().map(|p| flatten || p[3] >= 128).collect();
        let coverage = pixels().map(|p| if flatten { 255 } else { p[3] }).collect();
        Canvas {
            width: image.width() as usize,
            height: image.height() as usize,
            rgb,
            opaque,
            alpha: coverage,
            scale: 1,
        }
    }

    pub fn crop(&mut self, x: usize, y: usize, width: usize, height: usize) {
        self.rgb = grid::crop(&self.rgb, self.width, x, y, width, height);
        self.opaque = grid::crop(&self.opaque, self.width, x, y, width, height);
        self.alpha = grid::crop(&self.alpha, self.width, x, y, width, height);
        self.width = width;
        self.height = height;
    }

    pub fn border_indices(&self) -> Vec<usize> {
        let (w, h) = (self.width, self.height);
        let mut out = Vec::with_capacity(2 * (w + h));
        for x in 0..w {
            out.push(x);
            if h > 1 {
                out.push((h - 1) * w + x);
            }
        }
        for y in 1..h.saturating_sub(1) {
            out.push(y * w);
            if w > 1 {
                out.push(y * w + w - 1);
            }
        }
        out
    }
}
