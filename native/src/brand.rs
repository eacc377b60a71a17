//! Brand colors (the `palette` setting): the colors a person gives are the
//! colors the SVG paints. Once the fills are final (after the chroma and
//! gradient stages), each flat fill within `BRAND_DE` of a listed color
//! becomes the nearest listed color exactly, and labels that become one
//! color merge into one label, so the fitter traces one shape. Gradient
//! stops keep their own colors.

use crate::color::{delta_e, hex, to_lab, unpack, Rgb};
use crate::error::{EngineError, EngineResult};
use crate::labels::LabelMap;
use crate::ramps::Ramp;

/// A traced color this close (CIE76) to a listed one is that brand color
/// moved by compression. Over the dev corpus's JPEGs (q80) every traced
/// color lies within 2.5 dE of its true color (90% within 0.8); over the
/// harder dev-papers JPEGs (q55-95, some noised or shrunk) 96.4% lie within
/// 4 (95.5% within 3, 96.8% within 5). The cost is on the other side: a
/// true color left out of the list is taken by a listed one within 4 dE,
/// which holds for 10 of the dev corpus's 461 true colors (6 of them within
/// 1.1 dE of their neighbour, one color to a JPEG; 23 within 8).
pub const BRAND_DE: f32 = 4.0;

/// The listed colors as RGB. The facade checks the setting, so a color
/// that is not `#rrggbb` here is our bug, not the caller's.
pub fn parse_palette(colors: &[String]) -> EngineResult<Vec<Rgb>> {
    colors
        .iter()
        .map(|color| {
            let digits = color.strip_prefix('#').filter(|d| d.len() == 6 && d.bytes().all(|b| b.is_ascii_hexdigit()));
            digits
                .and_then(|d| u32::from_str_radix(d, 16).ok())
                .map(unpack)
                .ok_or_else(|| EngineError::Internal(format!("palette color {color:?} is not #rrggbb")))
        })
        .collect()
}

/// The listed color nearest `color`, when one lies within `BRAND_DE`.
pub fn brand_color(color: Rgb, brand: &[Rgb]) -> Option<Rgb> {
    let lab = to_lab(color);
    brand
        .iter()
        .map(|&listed| (listed, delta_e(&lab, &to_lab(listed))))
        .filter(|&(_, distance)| distance <= BRAND_DE)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(listed, _)| listed)
}

/// Each flat label's fill (`fills`, one per label; `ramps` marks the
/// gradients) snapped to its brand color, and the labels whose fills became
/// one color merged into the first of them. Returns whether any merged.
pub fn snap_fills(map: &mut LabelMap, fills: &mut [Rgb], ramps: &[Option<Ramp>], brand: &[Rgb]) -> bool {
    let flat = |label: usize| ramps.get(label).is_none_or(Option::is_none);
    for (label, fill) in fills.iter_mut().enumerate() {
        if flat(label) {
            *fill = brand_color(*fill, brand).unwrap_or(*fill);
        }
    }
    let into: Vec<u8> = (0..fills.len())
        .map(|label| {
            let first = (0..label).find(|&other| flat(label) && flat(other) && fills[other] == fills[label]);
            first.unwrap_or(label) as u8
        })
        .collect();
    map.merge_labels(&into)
}

/// What the warning says of the match, from the SVG's flat colors: the
/// listed colors it does not paint, and its colors that are not listed.
pub fn describe_matches(brand: &[Rgb], painted: &[Rgb]) -> Option<String> {
    let listed = |colors: Vec<Rgb>| colors.iter().map(|&c| hex(c)).collect::<Vec<_>>().join(", ");
    let unmatched: Vec<Rgb> = brand.iter().copied().filter(|c| !painted.contains(c)).collect();
    let own: Vec<Rgb> = painted.iter().copied().filter(|c| !brand.contains(c)).collect();
    let mut notes = Vec::new();
    if !unmatched.is_empty() {
        notes.push(format!("brand colors that matched no traced color: {}", listed(unmatched)));
    }
    if !own.is_empty() {
        notes.push(format!(
            "traced colors that matched no brand color (none within {BRAND_DE} dE), kept: {}",
            listed(own)
        ));
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLUE: Rgb = [0x1d, 0x4e, 0xd8];
    const AMBER: Rgb = [0xf5, 0x9e, 0x0b];

    #[test]
    fn palette_colors_parse_and_a_malformed_one_is_an_internal_error() {
        assert_eq!(parse_palette(&["#1d4ED8".into()]).unwrap(), vec![BLUE]);
        assert!(matches!(parse_palette(&["#12345".into()]), Err(EngineError::Internal(_))));
        assert!(matches!(parse_palette(&["blue".into()]), Err(EngineError::Internal(_))));
    }

    #[test]
    fn a_color_near_a_listed_one_takes_the_nearest_and_a_far_one_none() {
        assert_eq!(brand_color([0x21, 0x52, 0xdc], &[AMBER, BLUE]), Some(BLUE));
        assert_eq!(brand_color([0x1d, 0x4e, 0xd8], &[[0x1d, 0x4e, 0xd9], BLUE]), Some(BLUE));
        assert_eq!(brand_color([0x40, 0x80, 0x40], &[AMBER, BLUE]), None);
    }

    #[test]
    fn two_labels_that_become_one_brand_color_merge_and_a_ramp_keeps_its_own() {
        let near_blues = vec![[0x1b, 0x4c, 0xd6], [0x21, 0x52, 0xdc], [0x20, 0x50, 0xda]];
        let mut map = LabelMap::from_rows(&["012", "012"], crate::labels::TRANSPARENT, near_blues.clone());
        let mut fills = near_blues.clone();
        let ramp = Some(Ramp {
            shape: crate::ramps::Shape::Radial { center: (1.0, 1.0), radius: 1.0 },
            stops: vec![(0.0, BLUE), (1.0, AMBER)],
        });
        assert!(snap_fills(&mut map, &mut fills, &[None, None, ramp], &[BLUE]));
        assert_eq!(fills, vec![BLUE, BLUE, near_blues[2]], "a gradient's label keeps its fill");
        assert_eq!(map.to_rows(), vec!["002", "002"]);
    }

    #[test]
    fn the_warning_names_unmatched_brand_colors_and_unlisted_traced_ones() {
        assert_eq!(describe_matches(&[BLUE], &[BLUE]), None);
        let warning = describe_matches(&[BLUE, AMBER], &[BLUE, [0, 0, 0]]).unwrap();
        assert!(warning.contains("matched no traced color: #f59e0b"), "{warning}");
        assert!(warning.ends_with("#000000"), "{warning}");
    }
}
