//! Translucent art: a shape whose inside is painted at partial alpha (not
//! just anti-aliased along its outline) keeps that alpha as its layer's
//! opacity, so overlapping translucent shapes look as in the source.

use crate::canvas::Canvas;
use crate::labels::LabelMap;

/// A shape whose inside holds at least this alpha is opaque.
const OPAQUE_ALPHA: u8 = 250;

/// Per label, the opacity of its shapes: the median alpha of its inside
/// pixels (those whose four neighbours share its label), 1 when opaque.
pub fn label_opacity(map: &LabelMap, canvas: &Canvas) -> Vec<f32> {
    let mut alphas: Vec<Vec<u8>> = vec![Vec::new(); map.palette.len()];
    for i in (0..map.labels.len()).filter(|&i| map.is_inside(i)) {
        alphas[usize::from(map.labels[i])].push(canvas.alpha[i]);
    }
    alphas
        .into_iter()
        .map(|mut values| {
            if values.is_empty() {
                return 1.0;
            }
            let middle = values.len() / 2;
            let median = *values.select_nth_unstable(middle).1;
            if median >= OPAQUE_ALPHA {
                1.0
            } else {
                (f32::from(median) / 255.0 * 100.0).round() / 100.0
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use image::{Rgba, RgbaImage};

    use super::*;

    #[test]
    fn a_shape_at_partial_alpha_keeps_it_and_an_opaque_ones_edges_do_not_count() {
        let image = RgbaImage::from_fn(40, 20, |x, y| match (x, y) {
            (2..=17, 2..=17) => Rgba([200, 0, 0, 102]),
            (22..=37, 2..=17) => Rgba([0, 0, 200, if x == 22 || x == 37 { 120 } else { 255 }]),
            _ => Rgba([0, 0, 0, 0]),
        });
        let canvas = Canvas::from_rgba(&image, false, false);
        let map = LabelMap::assign(&canvas, vec![[200, 0, 0], [0, 0, 200]], 10.0);
        assert_eq!(label_opacity(&map, &canvas), vec![0.4, 1.0]);
    }
}
