//! Judging the pixels, not the container: whether an image's flat areas
//! carry compression noise or grain, as a JPEG re-saved as PNG, a scan or an
//! image generator's PNG do. Such an image is traced as the lossy image it
//! is, with the tolerances that fold its noise into its colors.

use image::RgbaImage;

use crate::color::Rgb;
use crate::grid::EQUAL_STRETCH;

/// Side-by-side pixels this close in every channel lie in one flat area (or
/// along a soft edge): a clear edge steps further.
const NEAR_STEP: u8 = 24;

/// A drawing saved losslessly repeats one exact color across a flat area,
/// so nearly all of its near-equal neighbours are equal. Measured over the
/// corpora's lossless drawings (215 logos, 90 flags and 27 PNGs on papers,
/// some softened): at least 0.905 of those pairs are equal (0.964 and more
/// unsoftened); over their JPEG re-saved as PNG and their noised PNGs, at
/// most 0.918, most below 0.8 (a noised PNG below 0.05). A softened drawing
/// near the line is traced either way with a small difference; a gradient
/// drawn losslessly has unequal near neighbours too, and takes the lossy
/// tolerances, which merge its steps into fewer bands.
const MIN_EQUAL_SHARE: f64 = 0.95;

/// A piece of this share of the image or less is a speck, not a shape: a
/// lossy source's noise makes them (a 128 px JPEG q70 of a saturated blue
/// field strays more than 12 dE off it in pieces of up to 8 pixels, 0.05%),
/// and one speck neither frames nor anchors art.
pub const MAX_SPECK_SHARE: f64 = 0.001;

/// At most this many rows are sampled: a 20 MP image answers as well from a
/// few hundred rows, at a few milliseconds.
const MAX_SAMPLED_ROWS: u32 = 512;

/// Whether the image's near-equal side-by-side opaque pixels differ too
/// often for a lossless drawing: the noise of lossy compression or grain.
pub fn carries_noise(image: &RgbaImage) -> bool {
    let (width, height) = image.dimensions();
    let stride = height.div_ceil(MAX_SAMPLED_ROWS).max(1);
    let (mut near, mut equal) = (0u64, 0u64);
    let row_bytes = width as usize * 4;
    let pairs = (width as usize).saturating_sub(1);
    for y in (0..height).step_by(stride as usize) {
        let row = &image.as_raw()[y as usize * row_bytes..][..row_bytes];
        // A stretch of equal pixels (`EQUAL_STRETCH`) is all equal pairs.
        for start in (0..pairs).step_by(EQUAL_STRETCH) {
            let n = EQUAL_STRETCH.min(pairs - start);
            let (a, b) = (&row[start * 4..(start + n) * 4], &row[(start + 1) * 4..(start + 1 + n) * 4]);
            if a == b {
                if a[3] == u8::MAX {
                    near += n as u64;
                    equal += n as u64;
                }
                continue;
            }
            for (a, b) in a.chunks_exact(4).zip(b.chunks_exact(4)) {
                if a[3] != u8::MAX || b[3] != u8::MAX {
                    continue;
                }
                let (a, b): (Rgb, Rgb) = ([a[0], a[1], a[2]], [b[0], b[1], b[2]]);
                let step = (0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap_or(0);
                if step <= NEAR_STEP {
                    near += 1;
                    equal += u64::from(step == 0);
                }
            }
        }
    }
    near > 0 && (equal as f64) < MIN_EQUAL_SHARE * near as f64
}

#[cfg(test)]
mod tests {
    use image::Rgba;

    use super::*;

    fn image(pixel: impl Fn(u32, u32) -> [u8; 4]) -> RgbaImage {
        RgbaImage::from_fn(64, 64, |x, y| Rgba(pixel(x, y)))
    }

    #[test]
    fn a_flat_drawing_is_clean_and_the_same_drawing_with_grain_is_not() {
        let disc = |x: u32, y: u32| (x as i32 - 32).pow(2) + (y as i32 - 32).pow(2) < 400;
        let drawing = image(|x, y| if disc(x, y) { [200, 30, 30, 255] } else { [20, 20, 40, 255] });
        assert!(!carries_noise(&drawing));
        // A deterministic grain of +-2 levels, as a scan or an encoder leaves.
        let grain = |x: u32, y: u32| ((x * 7 + y * 13) % 5) as u8;
        let grainy = image(|x, y| {
            let [r, g, b, a] = drawing.get_pixel(x, y).0;
            [r + grain(x, y), g + grain(y, x), b, a]
        });
        assert!(carries_noise(&grainy));
    }

    #[test]
    fn long_stretches_of_equal_transparent_pixels_do_not_outvote_a_grainy_mark() {
        // A grainy mark on the left 16 pixels, and transparency (equal pixels, in
        // stretches longer than EQUAL_STRETCH) across the rest.
        let grain = |x: u32, y: u32| ((x * 7 + y * 13) % 5) as u8;
        let wide = RgbaImage::from_fn(640, 64, |x, y| {
            Rgba(if x < 16 { [120 + grain(x, y), 60 + grain(y, x), 60, 255] } else { [0, 0, 0, 0] })
        });
        assert!(carries_noise(&wide));
    }

    #[test]
    fn transparent_pixels_do_not_count() {
        let mark = image(|x, _| if x < 8 { [10, 10, 10, 255] } else { [(x * 3) as u8, 0, 0, 0] });
        assert!(!carries_noise(&mark));
    }
}
