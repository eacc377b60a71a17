//! Row-major grids shared by the canvas and the label map.

/// The `width` x `height` window at (`x`, `y`) of a grid `stride` wide.
pub fn crop<T: Copy>(values: &[T], stride: usize, x: usize, y: usize, width: usize, height: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(width * height);
    for row in y..y + height {
        out.extend_from_slice(&values[row * stride + x..row * stride + x + width]);
    }
    out
}
