//! The indexed image: every canvas pixel labelled with a palette index or as
//! transparent, and the edits made on it (background, count, trim).

use std::collections::HashMap;

use crate::canvas::Canvas;
use crate::color::{delta_e, pack, rgb_distance2, to_lab, Lab, Rgb};
use crate::grid;

pub const TRANSPARENT: u8 = u8::MAX;
/// Edge pixels look for settled neighbours this far away.
const EDGE_RADIUS: isize = 2;

pub struct LabelMap {
    pub width: usize,
    pub height: usize,
    pub labels: Vec<u8>,
    pub palette: Vec<Rgb>,
}

struct Nearest {
    labs: Vec<Lab>,
    cache: HashMap<u32, (u8, f32)>,
}

impl Nearest {
    fn new(palette: &[Rgb]) -> Nearest {
        Nearest { labs: palette.iter().map(|&c| to_lab(c)).collect(), cache: HashMap::new() }
    }

    fn find(&mut self, rgb: Rgb) -> (u8, f32) {
        let labs = &self.labs;
        *self.cache.entry(pack(rgb)).or_insert_with(|| {
            let lab = to_lab(rgb);
            labs.iter()
                .enumerate()
                .map(|(i, l)| (i as u8, delta_e(l, &lab)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .expect("palette is never empty")
        })
    }
}

impl LabelMap {
    /// Pixels within `core_de` of a palette color take it; the rest are edge
    /// pixels (anti-aliasing, JPEG ringing) and take the settled neighbour
    /// color nearest in RGB, which is the color covering most of the pixel.
    pub fn assign(canvas: &Canvas, palette: Vec<Rgb>, core_de: f32) -> LabelMap {
        let (w, h) = (canvas.width, canvas.height);
        let mut nearest = Nearest::new(&palette);
        let mut core = vec![TRANSPARENT; w * h];
        for ((label, &opaque), &rgb) in core.iter_mut().zip(&canvas.opaque).zip(&canvas.rgb) {
            if opaque {
                let (index, distance) = nearest.find(rgb);
                if distance <= core_de {
                    *label = index;
                }
            }
        }
        let mut labels = core.clone();
        for y in 0..h as isize {
            for x in 0..w as isize {
                let i = y as usize * w + x as usize;
                if !canvas.opaque[i] || core[i] != TRANSPARENT {
                    continue;
                }
                let rgb = canvas.rgb[i];
                let mut best: Option<(u8, u32)> = None;
                for ny in (y - EDGE_RADIUS).max(0)..=(y + EDGE_RADIUS).min(h as isize - 1) {
                    for nx in (x - EDGE_RADIUS).max(0)..=(x + EDGE_RADIUS).min(w as isize - 1) {
                        let label = core[ny as usize * w + nx as usize];
                        if label == TRANSPARENT {
                            continue;
                        }
                        let d = rgb_distance2(rgb, palette[label as usize]);
                        if best.is_none_or(|b| d < b.1) {
                            best = Some((label, d));
                        }
                    }
                }
                labels[i] = best.map_or_else(|| nearest.find(rgb).0, |b| b.0);
            }
        }
        LabelMap { width: w, height: h, labels, palette }
    }

    /// Pairs of side-by-side or stacked pixels whose labels differ: the
    /// length of every boundary in the image, in pixel edges.
    pub fn edge_count(&self) -> usize {
        let w = self.width;
        let across = self.labels.chunks_exact(w).map(|row| row.windows(2).filter(|p| p[0] != p[1]).count());
        let down = self.labels.chunks_exact(w).zip(self.labels.chunks_exact(w).skip(1));
        across.sum::<usize>() + down.map(|(a, b)| a.iter().zip(b).filter(|(x, y)| x != y).count()).sum::<usize>()
    }

    pub fn areas(&self) -> Vec<usize> {
        let mut areas = vec![0usize; self.palette.len()];
        for &l in &self.labels {
            if l != TRANSPARENT {
                areas[l as usize] += 1;
            }
        }
        areas
    }

    /// Drop unused colors and order the palette by area, largest first.
    pub fn compact(&mut self) {
        let areas = self.areas();
        let mut order: Vec<usize> = (0..self.palette.len()).filter(|&i| areas[i] > 0).collect();
        order.sort_by(|&a, &b| areas[b].cmp(&areas[a]).then(a.cmp(&b)));
        let mut remap = vec![TRANSPARENT; self.palette.len()];
        for (new, &old) in order.iter().enumerate() {
            remap[old] = new as u8;
        }
        for l in self.labels.iter_mut() {
            if *l != TRANSPARENT {
                *l = remap[*l as usize];
            }
        }
        self.palette = order.iter().map(|&i| self.palette[i]).collect();
    }

    /// Bounding box of the labelled pixels: (x, y, width, height).
    pub fn content_box(&self) -> Option<(usize, usize, usize, usize)> {
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
        for (i, &l) in self.labels.iter().enumerate() {
            if l != TRANSPARENT {
                let (x, y) = (i % self.width, i / self.width);
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x);
                y1 = y1.max(y);
            }
        }
        (x0 != usize::MAX).then(|| (x0, y0, x1 - x0 + 1, y1 - y0 + 1))
    }

    pub fn crop(&mut self, x: usize, y: usize, width: usize, height: usize) {
        self.labels = grid::crop(&self.labels, self.width, x, y, width, height);
        self.width = width;
        self.height = height;
    }
}

#[cfg(test)]
impl LabelMap {
    /// A map drawn as text for tests: each digit is its label, '.' is `dot`.
    pub fn from_rows(rows: &[&str], dot: u8, palette: Vec<Rgb>) -> LabelMap {
        let labels = rows.iter().flat_map(|r| r.bytes().map(|b| if b == b'.' { dot } else { b - b'0' })).collect();
        LabelMap { width: rows[0].len(), height: rows.len(), labels, palette }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_count_is_the_length_of_every_boundary() {
        let palette = vec![[0, 0, 0], [255, 255, 255]];
        // A 2x2 square inside a 4x4 frame: its outline is 8 pixel edges long.
        assert_eq!(LabelMap::from_rows(&["0000", "0110", "0110", "0000"], 0, palette.clone()).edge_count(), 8);
        // A one-pixel checkerboard: every neighbour differs, 2 * 3 * 4 pairs.
        assert_eq!(LabelMap::from_rows(&["0101", "1010", "0101", "1010"], 0, palette.clone()).edge_count(), 24);
        assert_eq!(LabelMap::from_rows(&["000", "000"], 0, palette).edge_count(), 0);
    }
}
