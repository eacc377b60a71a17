//! Color math: sRGB to CIELAB (D65) and CIE76 distances, the perceptual space
//! in which palette colors are found and compared.

use std::cell::Cell;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

pub type Rgb = [u8; 3];
pub type Lab = [f32; 3];

/// The engine's hash maps, keyed by packed colors and small numbers and
/// filled pixel by pixel. std's SipHash guards against keys chosen to
/// collide; these keys come from a space of 2^24 colors, so no choice of
/// them costs more than that space, and SipHash cost 4% of a JPEG's trace.
pub type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// Multiply-xor mixing per word, then a final avalanche so the low bits
/// that pick a bucket depend on every bit of the key.
#[derive(Default)]
pub struct KeyHasher(u64);

impl KeyHasher {
    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.mix(u64::from(b)));
    }

    fn write_u32(&mut self, word: u32) {
        self.mix(u64::from(word));
    }

    fn write_u64(&mut self, word: u64) {
        self.mix(word);
    }

    fn write_usize(&mut self, word: usize) {
        self.mix(word as u64);
    }

    fn finish(&self) -> u64 {
        let h = (self.0 ^ (self.0 >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ (h >> 33)
    }
}

fn linear_table() -> &'static [f32; 256] {
    static TABLE: OnceLock<[f32; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [0f32; 256];
        for (i, value) in table.iter_mut().enumerate() {
            let c = i as f32 / 255.0;
            *value = if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) };
        }
        table
    })
}

fn lab_f(t: f32) -> f32 {
    if t > 0.008_856 {
        t.cbrt()
    } else {
        7.787 * t + 16.0 / 116.0
    }
}

pub fn to_lab(rgb: Rgb) -> Lab {
    let lin = linear_table();
    let (r, g, b) = (lin[rgb[0] as usize], lin[rgb[1] as usize], lin[rgb[2] as usize]);
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b;
    let z = (0.019_333_9 * r + 0.119_192 * g + 0.950_304_1 * b) / 1.088_83;
    let (fx, fy, fz) = (lab_f(x), lab_f(y), lab_f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// Rec. 601 luma: the lightness a JPEG keeps at full resolution, while 4:2:0
/// halves its chroma.
pub fn luma(rgb: Rgb) -> f32 {
    let [r, g, b] = rgb.map(f32::from);
    0.299 * r + 0.587 * g + 0.114 * b
}

/// How far apart two colors lie in luma units.
pub fn luma_step(a: Rgb, b: Rgb) -> f32 {
    (luma(a) - luma(b)).abs()
}

/// Luma units between two colors of a lossy source that its noise does not
/// bridge. A JPEG keeps luma at full resolution and quantizes it finer than
/// chroma, so noise splits one color into shades of one lightness and
/// different chroma (Google PaLM's yellow at 128 px: 8 dE, one luma unit
/// apart), while close facets differ in lightness (Marionette's greys at
/// 128 px: 21 apart; its two dark reds, 7). The dev corpus's noise-split
/// shades of one color lie at most 3 apart.
const LOSSY_DISTINCT_LUMA: f32 = 6.0;

/// Whether two colors of a lossy source differ in lightness by more than
/// its noise can, and so are two colors however close in CIELAB.
pub fn distinct_in_lightness(a: Rgb, b: Rgb) -> bool {
    luma_step(a, b) >= LOSSY_DISTINCT_LUMA
}

/// CIE76 color difference.
pub fn delta_e(a: &Lab, b: &Lab) -> f32 {
    delta_e_squared(a, b).sqrt()
}

/// The square of the CIE76 difference: orders colors by nearness without a root.
pub fn delta_e_squared(a: &Lab, b: &Lab) -> f32 {
    (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)
}

/// Squared RGB distance: the space where anti-aliasing blends, so the nearer
/// of two colors is the one covering more than half of an edge pixel.
pub fn rgb_distance2(a: Rgb, b: Rgb) -> u32 {
    let d = |i: usize| (i32::from(a[i]) - i32::from(b[i])).pow(2) as u32;
    d(0) + d(1) + d(2)
}

/// Two colors' blends are sampled at this many steps between them.
const BLEND_STEPS: usize = 8;

/// The colors, in CIELAB, of the sRGB blends of `a` and `b` at each of
/// `BLEND_STEPS` steps strictly between them, rounded as a pixel's would be:
/// the anti-aliasing and bleeding an edge between the two can leave.
pub fn blend_labs(a: Rgb, b: Rgb) -> Vec<Lab> {
    let blend = |step: usize| {
        let t = step as f32 / BLEND_STEPS as f32;
        to_lab([0, 1, 2].map(|k| (f32::from(a[k]) * (1.0 - t) + f32::from(b[k]) * t).round() as u8))
    };
    (1..BLEND_STEPS).map(blend).collect()
}

/// Squared distance from `p` to the straight segment from `a` to `b` (to
/// `a` when they meet): how far a color is from every blend of two.
pub fn segment_distance2<const N: usize>(p: [f32; N], a: [f32; N], b: [f32; N]) -> f32 {
    let ab: [f32; N] = std::array::from_fn(|c| b[c] - a[c]);
    let length2: f32 = ab.iter().map(|v| v * v).sum();
    let t = if length2 == 0.0 {
        0.0
    } else {
        ((0..N).map(|c| (p[c] - a[c]) * ab[c]).sum::<f32>() / length2).clamp(0.0, 1.0)
    };
    (0..N).map(|c| (p[c] - a[c] - t * ab[c]).powi(2)).sum()
}

/// JPEG ringing overshoots a lightness step by up to this share of it (a
/// thin red stroke on white comes back darker than the red).
const RINGING_SHARE: f32 = 0.25;
/// A pixel's own chroma is at least this share of the 2x2 average 4:2:0
/// gives it (one pixel of four).
const OWN_CHROMA_SHARE: f32 = 0.25;
/// Below this lightness step between two colors, a pixel's lightness cannot
/// say which of them covers it.
const MIN_LIGHTNESS_STEP: f32 = 10.0;

/// How far `p` is from every color whose lightness lies between `a`'s and
/// `b`'s and whose chroma (a*, b*) lies between theirs: what JPEG's 4:2:0
/// subsampling makes of a thin line of `a` beside `b`, keeping each pixel's
/// lightness while it averages the chroma over 2x2 pixels (a 2 px red stroke
/// on white comes back a dull dark red, #91423c for #d6291c).
///
/// The average still weighs the pixel itself: a pixel as light as `a` keeps
/// at least `OWN_CHROMA_SHARE` of `a`'s chroma, so a grey word as dark as a
/// red beside it on white paper is not taken for that red's dulled rim.
pub fn subsampled_blend_distance(p: &Lab, a: &Lab, b: &Lab) -> f32 {
    // Ringing overshoots the step between the two lightnesses at both ends.
    let step = a[0] - b[0];
    let overshoot = RINGING_SHARE * step.abs();
    let (low, high) = (a[0].min(b[0]) - overshoot, a[0].max(b[0]) + overshoot);
    let dl = (low - p[0]).max(p[0] - high).max(0.0);
    // How much of the pixel `a` covers, by its lightness, and so how far
    // toward `b` its averaged chroma can lie.
    let (toward_b_min, toward_b_max) = if step.abs() < MIN_LIGHTNESS_STEP {
        (0.0, 1.0)
    } else {
        let covered = ((p[0] - b[0]) / step).clamp(0.0, 1.0);
        ((1.0 - covered) * OWN_CHROMA_SHARE, 1.0 - covered * OWN_CHROMA_SHARE)
    };
    let at = |t: f32| [a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
    (dl * dl + segment_distance2([p[1], p[2]], at(toward_b_min), at(toward_b_max))).sqrt()
}

pub fn pack(rgb: Rgb) -> u32 {
    (u32::from(rgb[0]) << 16) | (u32::from(rgb[1]) << 8) | u32::from(rgb[2])
}

pub fn unpack(key: u32) -> Rgb {
    [(key >> 16) as u8, (key >> 8) as u8, key as u8]
}

/// The answer for the last color asked, kept beside a per-color lookup:
/// full-image scans ask about runs of one color (a flat fill's row), which
/// then skip the lookup.
pub struct LastColor<V: Copy>(Cell<Option<(Rgb, V)>>);

impl<V: Copy> LastColor<V> {
    pub fn new() -> LastColor<V> {
        LastColor(Cell::new(None))
    }

    /// The answer for `color`: the last one when `color` was the last asked,
    /// else what `look_up` gives, kept for next time.
    pub fn get_or(&self, color: Rgb, look_up: impl FnOnce() -> V) -> V {
        if let Some((_, answer)) = self.0.get().filter(|&(last, _)| last == color) {
            return answer;
        }
        let answer = look_up();
        self.0.set(Some((color, answer)));
        answer
    }
}

/// `to_lab` remembered for the colors met lately, exactly: a direct-mapped
/// table for passes that convert the same few colors again and again (the
/// colors a ramp interpolates, pixel after pixel).
pub struct LabMemo(Vec<(u32, Lab)>);

impl LabMemo {
    const SLOTS: usize = 1 << 12;

    pub fn new() -> LabMemo {
        LabMemo(vec![(u32::MAX, [0.0; 3]); Self::SLOTS])
    }

    pub fn lab(&mut self, rgb: Rgb) -> Lab {
        let key = pack(rgb);
        let slot = &mut self.0[(key.wrapping_mul(0x9e37_79b1) >> 20) as usize % Self::SLOTS];
        if slot.0 != key {
            *slot = (key, to_lab(rgb));
        }
        slot.1
    }
}

pub fn hex(rgb: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

/// Levels per channel within which a lossy source's color is taken as pure
/// black or white: JPEG cannot tell #000102 from #000000, and a designer's
/// near-black is far more often #000000 than its next-door shade.
const PURE_SNAP_LEVELS: u8 = 2;

pub fn snapped_to_pure(rgb: Rgb) -> Rgb {
    if rgb.iter().all(|&c| c <= PURE_SNAP_LEVELS) {
        [0; 3]
    } else if rgb.iter().all(|&c| c >= u8::MAX - PURE_SNAP_LEVELS) {
        [u8::MAX; 3]
    } else {
        rgb
    }
}

/// Near-white or very light gray: the usual paper behind a logo.
pub fn is_paper_like(lab: &Lab) -> bool {
    lab[0] >= 88.0 && (lab[1] * lab[1] + lab[2] * lab[2]).sqrt() <= 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_is_l100() {
        let lab = to_lab([255, 255, 255]);
        assert!((lab[0] - 100.0).abs() < 0.01 && lab[1].abs() < 0.01 && lab[2].abs() < 0.01);
    }

    #[test]
    fn only_the_next_door_shades_of_black_and_white_snap() {
        assert_eq!(snapped_to_pure([0, 1, 2]), [0, 0, 0]);
        assert_eq!(snapped_to_pure([255, 253, 254]), [255, 255, 255]);
        assert_eq!(snapped_to_pure([0, 0, 3]), [0, 0, 3]);
        assert_eq!(snapped_to_pure([255, 252, 255]), [255, 252, 255]);
        assert_eq!(snapped_to_pure([128, 128, 128]), [128, 128, 128]);
    }

    #[test]
    fn lightness_tells_a_jpegs_facets_from_its_noise() {
        assert!(!distinct_in_lightness([255, 169, 0], [245, 176, 0]), "one yellow split by chroma noise");
        assert!(distinct_in_lightness([190, 190, 191], [168, 169, 171]), "two grey facets");
    }

    #[test]
    fn hex_round_trip() {
        assert_eq!(hex(unpack(pack([0xfc, 0x4c, 0x02]))), "#fc4c02");
    }
}
