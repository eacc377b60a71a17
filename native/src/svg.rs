//! Compact SVG output: fixed-point coordinates, relative commands, implicit
//! command repetition, and separators only where a number needs one.

use std::fmt::Write;

use crate::color::{hex, Rgb};
use crate::ramps::{Ellipse, Ramp, Shape};

/// Writes one `d` attribute. Coordinates are kept in fixed point so relative
/// steps are taken from the rounded previous point and never drift.
pub struct PathWriter {
    d: String,
    unit: f64,
    decimals: u32,
    current: (i64, i64),
    subpath_start: (i64, i64),
    last_command: char,
    last_number_has_dot: bool,
    at_number_start: bool,
}

impl PathWriter {
    pub fn new(decimals: u32) -> PathWriter {
        PathWriter {
            d: String::new(),
            unit: 10f64.powi(decimals as i32),
            decimals,
            current: (0, 0),
            subpath_start: (0, 0),
            last_command: ' ',
            last_number_has_dot: false,
            at_number_start: true,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.d.is_empty()
    }

    pub fn finish(self) -> String {
        self.d
    }

    fn fixed(&self, (x, y): (f64, f64)) -> (i64, i64) {
        ((x * self.unit).round() as i64, (y * self.unit).round() as i64)
    }

    fn command(&mut self, c: char) {
        // A repeated command letter is implied after its first use (m repeats as l).
        let implied = self.last_command == c || (c == 'l' && self.last_command == 'm');
        if !implied {
            self.d.push(c);
            self.at_number_start = true;
        }
        self.last_command = c;
    }

    /// Appends `value` (in units of the last decimal) as the shortest text
    /// that reads back to it, with a separator only where the text needs one:
    /// none before a minus, nor before a leading dot after a number that had
    /// its own dot. Written straight into the path: a path has tens of
    /// thousands of numbers.
    fn number(&mut self, value: i64) {
        let negative = value < 0;
        let magnitude = value.unsigned_abs();
        let scale = self.unit as u64;
        let (whole, mut frac) = (magnitude / scale, magnitude % scale);
        let has_dot = frac != 0;
        let shows_whole = whole != 0 || !has_dot;
        let starts_clean = negative || (!shows_whole && self.last_number_has_dot);
        if !self.at_number_start && !starts_clean {
            self.d.push(' ');
        }
        if negative {
            self.d.push('-');
        }
        if shows_whole {
            push_digits(&mut self.d, whole, 1);
        }
        if has_dot {
            let mut digits = self.decimals as usize;
            while frac % 10 == 0 {
                frac /= 10;
                digits -= 1;
            }
            self.d.push('.');
            push_digits(&mut self.d, frac, digits);
        }
        self.last_number_has_dot = has_dot;
        self.at_number_start = false;
    }

    fn relative(&mut self, point: (i64, i64)) {
        self.number(point.0 - self.current.0);
        self.number(point.1 - self.current.1);
    }

    pub fn move_to(&mut self, p: (f64, f64)) {
        let p = self.fixed(p);
        self.command('m');
        self.relative(p);
        self.current = p;
        self.subpath_start = p;
    }

    pub fn line_to(&mut self, p: (f64, f64)) {
        let p = self.fixed(p);
        if p == self.current {
            return;
        }
        if p.1 == self.current.1 {
            self.command('h');
            self.number(p.0 - self.current.0);
        } else if p.0 == self.current.0 {
            self.command('v');
            self.number(p.1 - self.current.1);
        } else {
            self.command('l');
            self.relative(p);
        }
        self.current = p;
    }

    pub fn cubic_to(&mut self, c1: (f64, f64), c2: (f64, f64), p: (f64, f64)) {
        let (c1, c2, p) = (self.fixed(c1), self.fixed(c2), self.fixed(p));
        self.command('c');
        self.relative(c1);
        self.relative(c2);
        self.relative(p);
        self.current = p;
    }

    pub fn close(&mut self) {
        self.command('z');
        self.current = self.subpath_start;
    }
}

/// Appends `value` in decimal, zero-padded to at least `width` digits.
fn push_digits(out: &mut String, mut value: u64, width: usize) {
    let mut digits = [b'0'; 20];
    let mut start = digits.len();
    while value > 0 || digits.len() - start < width {
        start -= 1;
        digits[start] = b'0' + (value % 10) as u8;
        value /= 10;
    }
    out.extend(digits[start..].iter().map(|&d| char::from(d)));
}

/// One filled path per palette color, bottom layer first: a flat fill, or
/// a ramp whose middle stop is `color`.
pub struct Layer {
    pub color: Rgb,
    pub ramp: Option<Ramp>,
    /// Below 1 for translucent art.
    pub opacity: f32,
    pub d: String,
}

pub fn document(width: u32, height: u32, layers: &[Layer]) -> String {
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let ramps: Vec<(&Ramp, String)> =
        layers.iter().filter_map(|l| l.ramp.as_ref()).map(|ramp| (ramp, ramp_id(ramp))).collect();
    if !ramps.is_empty() {
        svg.push_str("<defs>");
        for (ramp, id) in &ramps {
            write_ramp(&mut svg, ramp, id);
        }
        svg.push_str("</defs>");
    }
    for layer in layers {
        let fill = match &layer.ramp {
            Some(ramp) => format!("url(#{})", ramp_id(ramp)),
            None => hex(layer.color),
        };
        let opacity = if layer.opacity < 1.0 { format!(r#" fill-opacity="{}""#, layer.opacity) } else { String::new() };
        write!(svg, r#"<path fill="{fill}"{opacity} d="{}"/>"#, layer.d).ok();
    }
    svg.push_str("</svg>");
    svg
}

/// A gradient's id, from what it paints: SVGs shown on one page (the web
/// app's before and after, the kit's guide) never share an id unless they
/// share the gradient.
fn ramp_id(ramp: &Ramp) -> String {
    // FNV-1a over the gradient's own markup.
    let mut markup = String::new();
    write_ramp(&mut markup, ramp, "");
    let hash = markup.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
    format!("g{hash:08x}")
}

fn write_ramp(svg: &mut String, ramp: &Ramp, id: &str) {
    let n = |v: f64| (v * 10.0).round() / 10.0;
    let tag = match ramp.shape {
        Shape::Linear { from, to } => {
            write!(
                svg,
                r#"<linearGradient id="{id}" gradientUnits="userSpaceOnUse" x1="{}" y1="{}" x2="{}" y2="{}">"#,
                n(from.0),
                n(from.1),
                n(to.0),
                n(to.1)
            )
            .ok();
            "linearGradient"
        }
        Shape::Radial { center, radius, ellipse: None } => {
            write!(
                svg,
                r#"<radialGradient id="{id}" gradientUnits="userSpaceOnUse" cx="{}" cy="{}" r="{}">"#,
                n(center.0),
                n(center.1),
                n(radius)
            )
            .ok();
            "radialGradient"
        }
        Shape::Radial { center, radius, ellipse: Some(Ellipse { angle, ratio }) } => {
            // A circle of `radius` at the origin, squeezed across its long
            // axis, turned to it and moved to the center.
            // Adding zero turns a rounded -0 into 0.
            let unit = |v: f64| (v * 10_000.0).round() / 10_000.0 + 0.0;
            let (sin, cos) = angle.sin_cos();
            write!(
                svg,
                r#"<radialGradient id="{id}" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="{}" gradientTransform="matrix({} {} {} {} {} {})">"#,
                n(radius),
                unit(cos),
                unit(sin),
                unit(-ratio * sin),
                unit(ratio * cos),
                n(center.0),
                n(center.1)
            )
            .ok();
            "radialGradient"
        }
    };
    for (offset, color) in &ramp.stops {
        let offset = (offset.clamp(0.0, 1.0) * 1000.0).round() / 1000.0;
        write!(svg, r#"<stop offset="{offset}" stop-color="{}"/>"#, hex(*color)).ok();
    }
    write!(svg, "</{tag}>").ok();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_commands_and_tight_separators() {
        let mut w = PathWriter::new(1);
        w.move_to((10.0, 10.0));
        w.line_to((20.0, 10.0));
        w.line_to((20.0, 20.5));
        w.line_to((10.5, 15.0));
        w.close();
        assert_eq!(w.finish(), "m10 10h10v10.5l-9.5-5.5z");
    }

    /// Reads a run of path numbers back as SVG does: a minus, or a second
    /// dot in one number, starts the next number.
    fn read_numbers(text: &str, decimals: u32) -> Vec<i64> {
        let mut numbers = Vec::new();
        let mut current = String::new();
        for c in text.chars() {
            let starts_next = c == ' ' || c == '-' || (c == '.' && current.contains('.'));
            if starts_next && !current.is_empty() && current != "-" {
                numbers.push(current.parse::<f64>().unwrap());
                current.clear();
            }
            if c != ' ' {
                current.push(c);
            }
        }
        numbers.push(current.parse::<f64>().unwrap());
        numbers.into_iter().map(|n| (n * 10f64.powi(decimals as i32)).round() as i64).collect()
    }

    #[test]
    fn every_number_reads_back_as_written_and_as_short_as_it_can_be() {
        for decimals in 1..=3 {
            let values: Vec<i64> = (-2100..2100).step_by(7).chain([0, 1, -1, 10, -10, i64::from(u32::MAX)]).collect();
            let mut w = PathWriter::new(decimals);
            for &v in &values {
                w.number(v);
            }
            let text = w.finish();
            assert_eq!(read_numbers(&text, decimals), values, "{decimals} decimals");
            for n in text.split([' ', '-']).filter(|n| !n.is_empty()) {
                assert!(!(n.contains('.') && n.ends_with('0')), "no trailing zero: {n}");
                assert!(!(n.starts_with('0') && n.len() > 1), "no leading zero: {n}");
            }
        }
    }

    #[test]
    fn repeated_cubics_drop_the_letter() {
        let mut w = PathWriter::new(2);
        w.move_to((0.0, 0.0));
        w.cubic_to((0.25, 0.0), (0.5, 0.5), (1.0, 1.0));
        w.cubic_to((1.5, 1.5), (2.0, 1.0), (2.0, 0.0));
        assert_eq!(w.finish(), "m0 0c.25 0 .5.5 1 1 .5.5 1 0 1-1");
    }

    #[test]
    fn elliptical_rings_are_circles_drawn_through_a_matrix() {
        let ellipse = Ellipse { angle: std::f64::consts::FRAC_PI_2, ratio: 0.5 };
        let ramp = Ramp {
            shape: Shape::Radial { center: (40.0, 30.0), radius: 20.0, ellipse: Some(ellipse) },
            stops: vec![(0.0, [255, 0, 0]), (1.0, [0, 0, 255])],
        };
        let mut markup = String::new();
        write_ramp(&mut markup, &ramp, "g");
        // Long axis down the image: (1, 0) goes to (0, 1), (0, 1) to (-0.5, 0).
        assert!(
            markup.starts_with(
                r#"<radialGradient id="g" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="20" gradientTransform="matrix(0 1 -0.5 0 40 30)">"#
            ),
            "{markup}"
        );
    }
}
