//! Reading the frame's border, before colors are clustered: the paper that
//! surrounds the art, of any lightness or hue (white, cream, grey,
//! near-black, a brand blue), or art that fills the frame and so keeps every
//! color. Decided from measured properties of the border and of the pieces
//! of art that reach it, never from names.
//!
//! 1. The candidate is the color that three corners share (paper shows there
//!    even when a rounded plate or a disc covers most of each side), or else
//!    the border's most common color. Under a twentieth of the border, there
//!    is no paper.
//! 2. Paper surrounds the art, so it covers at least half of the border.
//!    Where the candidate covers less, the border shows several colors of
//!    the art, which fills the frame, unless the candidate holds three
//!    corners, what else lies on the border is one piece and the candidate
//!    stays in pockets along the frame: the plate of an app icon whose
//!    corners show the paper, however many colors the plate has. A saltire's
//!    field, cut into triangles by white diagonals that reach the corners, is
//!    several pieces; diagonals of the corners' color under a cross reach the
//!    middle; a tricolour's corners disagree.
//! 3. Paper surrounds the art on every side: a logo is cropped to its art on
//!    both sides of an axis or padded on both. Art anchored on the frame and
//!    clear of the opposite side (a canton in a corner, a band covering a
//!    whole side) is a field's design, whatever the field's color.
//! 4. A light candidate (white, cream, light grey, any pale tint: the pages
//!    logos sit on) is then the paper. A dark or colored one is as often a
//!    design's own field, and stays when the border or the art says so: its
//!    corners disagree and the border shows a second color while the frame
//!    cuts one piece of art
//!    at most (a bicolour, a band along the hoist, a diagonal band from
//!    corner to corner: one design crossing the field; a logo cropped to its
//!    art meets the frame with several letters and marks), a
//!    panel of art is anchored on the frame (a canton: with what it encloses,
//!    a rectangle covering a tenth of the image and holding the frame's
//!    corners it reaches, which a rounded icon leaves to the paper), a
//!    stripe is cut by the frame (a bar meeting one side with its whole
//!    end, the only art on that side, four times as long as wide: a
//!    yellow square icon whose dark stripes run off its edges), or the art keeps at least
//!    6% of the long side from every edge (a flag of one field with a cross,
//!    a yellow square icon with a robot inside), or light art covers an
//!    eighth of the border, the frame cuts one piece of art, and the
//!    candidate reaches past corner pockets (the white gaps of a pattern
//!    that runs off every side: the page shows there as often as art, so
//!    neither color is taken for it; letters cropped close are several
//!    pieces, a light plate's corners are pockets). A band of it along the
//!    whole border, as deep at the corners as along the sides, is a frame
//!    drawn at the edge: line art, whose paper is what it encloses, when a light
//!    paper inside lines at least half of each side (a flag laid on a page
//!    with an even margin meets it with its own colors: the margin is the
//!    page). Otherwise it is the paper.
//!
//! Art is what stands off the candidate further than a grainy paper's noise
//! (`BORDER_COLOR_DE`); when nothing does, further than the candidate's own
//! measured noise: a near-black logo on a clean charcoal page, 5 dE apart.
//!
//! The trade-offs. A border alone cannot tell a field from paper, so the
//! fourth rule is a prior. A pale tint (L* 85 and up, chroma 25 at most) is
//! a page: no flag's field is that pale, and an icon's pale square framing
//! its figure widely loses its square as a white one does; held out, 128 px
//! logos on pale pink and green papers kept them as fields before. Over the
//! dev corpora, the art of a logo on a dark or colored paper comes within
//! 5.7% of the frame at most (it is cropped to
//! the art, as logo files are), and designs on one field keep 6.4% (an icon's
//! square) to 19% (flags); app icons laid on a dark paper with an 11% margin
//! keep that paper too, and so will a logo screenshot with a wide dark
//! margin: the warning names the field and says to hide that color, which
//! removes it. The opposite error, a flag or an icon losing its field, would
//! delete art. The third rule reads only the art that stands off the paper:
//! a logo whose letters are nearly the paper's color (black on navy) and
//! whose colored mark sits in a corner looks anchored and keeps its paper.
//! On light paper that covers half of the border, everything is
//! decided as before, region by region (`background`). A logo cropped to
//! its art whose only contact with one side of the frame is the cut end of
//! a long bar reads as a stripe the frame cuts and keeps its dark paper;
//! the opposite error would delete the field the stripes run through.

use crate::canvas::Canvas;
use crate::color::{delta_e, hex, is_paper_like, luma_step, pack, to_lab, HashMap, Lab, Rgb};
use crate::grid::{canton_or_band_box, connected_runs, frame_sides, reached_from_edge, Run};
use crate::noise::MAX_SPECK_SHARE;
use crate::palette::{weighted_median, FLIP_SPREADS};

/// What the border says about the background.
#[derive(Debug, PartialEq)]
pub enum Border {
    /// The paper around the art, and how far its own noise spreads.
    Paper(Rgb, Spread),
    /// The art fills the frame: its border shows this many colors.
    FillsFrame { colors: usize },
    /// A dark or colored field that frames the art with a clear margin on
    /// every side: a design's own field (a flag's, an icon's square) as
    /// often as paper, so it stays.
    Field(Rgb),
    /// A dark or colored field with nothing standing off it further than
    /// this reach (CIE76): a blank image, or art within the paper's own
    /// noise of its color. It stays.
    Blank(Rgb, f32),
    /// A frame of one color drawn at the image's edge: line art, whose
    /// paper, if any, is the light color it encloses (`framed_paper`).
    Frame(Option<Rgb>),
    /// No one color covers enough of the border to be paper.
    NoPaper,
}

impl Border {
    /// The warning when no paper was removed, saying in words why.
    pub fn nothing_removed(&self) -> String {
        let kept = "so every color is kept";
        match self {
            Border::FillsFrame { colors } => {
                format!("No background removed: the art fills the frame (its border shows {colors} colors), {kept}")
            }
            Border::Field(field) => {
                let field = hex(*field);
                format!(
                    "No background removed: the art sits on a {field} field with a margin on every side, which a \
                     flag or an icon has as its own, {kept}; hiding {field} (or deleting its path) removes it"
                )
            }
            Border::Blank(field, reach) => {
                let field = hex(*field);
                format!(
                    "No background removed: nothing stands far off the {field} that fills the image (art within \
                     {reach:.0} dE of it cannot be told from paper), {kept}; hiding {field} (or deleting its path) \
                     removes it"
                )
            }
            Border::Frame(_) => {
                format!("No background removed: a frame drawn at the image's edge holds the art, {kept}")
            }
            Border::Paper(..) | Border::NoPaper => {
                format!("No background removed: no one color surrounds the art, {kept}")
            }
        }
    }
}

/// How far a paper's pixels stray from its color, measured on the border
/// where only paper lies: a JPEG's paper in a saturated or dark color is as
/// noisy as the format makes it (white alone clips its noise at 255), and a
/// grainy scan's more.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spread {
    /// CIE76 distance most paper pixels lie within.
    pub de: f32,
    /// Luma units most paper pixels lie within.
    pub luma: f32,
}

/// This share of the paper's border pixels measures its spread; the rest
/// may be anti-aliasing where art touches the border.
const SPREAD_SHARE: f64 = 0.9;

/// The paper must make up this share of the border at least, and so must a
/// color for the border to show it.
const MIN_BORDER_SHARE: f64 = 0.05;
/// Border pixels this close (CIE76) to the paper's mode give its color, their median.
const PAPER_SPREAD_DE: f32 = 3.0;
/// Border colors closer than this are one color of the border, its noise
/// and grain included (a grainy PNG's paper spreads about 8 dE); the colors
/// of a design lie further apart.
const BORDER_COLOR_DE: f32 = 12.0;
/// Paper covering at least this share of the border surrounds the art.
const SURROUNDING_SHARE: f64 = 0.5;
/// A piece of art touching this share of the border counts as one of the
/// pieces that fill the frame; a tangent contact does not.
const MIN_PIECE_SHARE: f64 = 0.02;
/// A stripe the frame cuts is at least this many times as long as it is wide ...
const STRIPE_LENGTH: usize = 4;
/// ... and meets the frame with its whole end but this many pixels: a soft
/// edge along its length may stand off the paper a pixel further each side
/// than at its end (a 128 px JPEG's 10 px end on a 12 px stripe).
const STRIPE_END_SLACK: usize = 2;
/// A panel of art (a canton, a band) covers this share of the image at least ...
const MIN_PANEL_SHARE: f64 = 0.1;
/// ... and, with what it encloses, this share of its box.
const PANEL_FILL: f64 = 0.95;
/// A dark or colored field whose art keeps at least this share of the long
/// side from every edge is kept as the design's own (see the module notes).
const FIELD_PADDING_SHARE: f64 = 0.06;
/// A light page's color (rule 4): at least this light (CIELAB L*) ...
const PAGE_MIN_LIGHTNESS: f32 = 85.0;
/// ... and a tint at most, this little chroma: white, cream (about 20),
/// light grey, pale blue or pink (the pale papers of `dev-papers` reach 20),
/// where the fields of flags and icons are saturated or darker.
const PAGE_MAX_CHROMA: f32 = 25.0;
/// Light art (a page's color, `is_light_page`) covering this share of the
/// border beside a dark or colored candidate, in one piece the frame cuts,
/// is the page as often as art (rule 4): the white gaps of a red pattern
/// that runs off every side. Over the dev corpora and 400 logos cropped to
/// their art on random dark and colored papers, the light art of a logo on
/// such a paper covers 7.4% of the border at most (JWT's rays, on pink),
/// the gaps of such a pattern at 128 px 26% (Serverless's, whose red
/// otherwise went as paper, leaving only the gaps); flags whose white
/// reaches the frame cover 11% to 19% and fill it by the other rules too.
/// The cost: one white shape cropped so tight on a colored paper that the
/// frame cuts an eighth of the border keeps that paper, which the warning
/// names.
const PAGE_ON_BORDER_SHARE: f64 = 0.125;
/// A soft edge (anti-aliasing, the blur of a shrink) reaches this many
/// pixels past the art's outline into the field, so the margin the padding
/// test reads is short by that much. It matters only in small images: a
/// 128 px copy of a yellow square icon whose brain keeps 6.6% of 512 px
/// from the edge reads 7 px against the 8 it needs; at 512 px the pixel is
/// 0.2%, well inside the gap between logos cropped on a paper (5.7% at most
/// in the dev corpora) and icons (6.4%).
const SOFT_EDGE: usize = 1;
/// Art anchored on the frame keeps at least this fraction of the long side
/// from the opposite side: a logo cropped to its art comes within 0.6% of
/// every side of the frame (the dev corpus), a flag's canton and stars stand
/// 2.5% off the far sides.
const ANCHOR_CLEAR_PARTS: usize = 64;
/// Paper in the corners of a plate reaches at most this fraction of the
/// short side into the frame (a disc's corner pockets 15%, a rounded
/// square's 7%); a field's diagonals reach the middle, a half.
const POCKET_MAX_PARTS: usize = 4;
/// A frame drawn at the edge is at most this fraction of the short side thick ...
const FRAME_MAX_PARTS: usize = 8;
/// ... and keeps its thickness within this many pixels all around (a band
/// of a fractional width rounds to a pixel more or less at either edge).
const FRAME_SLACK: usize = 2;
/// Paper inside a frame lies this many pixels past it at most: a JPEG's
/// blend and ringing along the frame's inner edge.
const FRAME_BLEND: usize = 4;
/// Paper inside a frame must cover this share of the image at least.
const MIN_FRAMED_PAPER_SHARE: f64 = 0.2;

/// Which colors stand off the paper, further than `reach` from it: art.
/// The answers for the colors met lately are kept in a direct-mapped table
/// (`KNOWN_BITS`, a color and its answer a slot): a JPEG's noise gives
/// tens of thousands of shades, mostly met again nearby, and the table
/// costs a multiply where a hash map of every shade missed the cache.
struct OffPaper {
    paper: Lab,
    reach: f32,
    known: Vec<u32>,
}

/// `OffPaper`'s table: 2^14 slots of a packed color shifted left, its answer in bit 0.
const KNOWN_BITS: u32 = 14;

impl OffPaper {
    fn new(paper: Rgb, reach: f32) -> OffPaper {
        OffPaper { paper: to_lab(paper), reach, known: vec![u32::MAX; 1 << KNOWN_BITS] }
    }

    fn is_art(&mut self, color: Rgb) -> bool {
        let key = pack(color);
        let slot = &mut self.known[(key.wrapping_mul(0x9e37_79b1) >> (32 - KNOWN_BITS)) as usize];
        if *slot >> 1 != key {
            *slot = key << 1 | u32::from(delta_e(&to_lab(color), &self.paper) >= self.reach);
        }
        *slot & 1 == 1
    }
}

/// Which pixels of a canvas stand off its paper, judged once each: the
/// border's tests walk them several times over (floods, margins, rays).
struct ArtMap {
    cells: Vec<bool>,
    width: usize,
    height: usize,
    /// The art's runs along rows, each with its piece (4-connected, named
    /// by its first run): the pieces on the border and the margins read them.
    runs: Vec<Run>,
    component: Vec<usize>,
}

impl ArtMap {
    fn of(canvas: &Canvas, off_paper: &mut OffPaper) -> ArtMap {
        let cells = canvas.rgb.iter().map(|&c| off_paper.is_art(c)).collect();
        ArtMap::new(cells, canvas.width, canvas.height)
    }

    fn new(cells: Vec<bool>, width: usize, height: usize) -> ArtMap {
        let (runs, component) = connected_runs(&cells, width, |is_art| is_art);
        ArtMap { cells, width, height, runs, component }
    }
}

/// The paper of an opaque canvas, or why there is none (see the module
/// notes). `noise_de` is the source's paper noise reach.
pub fn read_border(canvas: &Canvas, noise_de: f32) -> Border {
    let border = canvas.border_indices();
    let colors: Vec<Rgb> = border.iter().map(|&i| canvas.rgb[i]).collect();
    let groups = color_groups(&colors);
    // Corners that agree closely give the paper's color (a clean paper, a
    // JPEG's white); else it is the most common shade of the color that the
    // corners share within a grainy paper's spread, or of the border's
    // largest color.
    let close_corner = corner_color(canvas, PAPER_SPREAD_DE);
    let corner = close_corner.or_else(|| corner_color(canvas, BORDER_COLOR_DE));
    let Some(mode) =
        close_corner.or_else(|| corner.or(groups.first().map(|g| g.rgb)).map(|c| most_common_near(&colors, c)))
    else {
        return Border::NoPaper;
    };
    let Some(paper) = spread_median(&colors, mode) else {
        return Border::NoPaper;
    };
    let seen = BorderColors { colors, groups, corner, paper };
    let reach = BORDER_COLOR_DE.max(noise_de);
    match read_at(canvas, &seen, reach) {
        Border::Blank(..) => {
            // A clean paper's own noise reaches less far than a grainy one's:
            // what stands off it by more is art (a near-black logo on a
            // charcoal page, 5 dE apart), so the border is read again there.
            let own_noise = (FLIP_SPREADS * spread_of(&seen.colors, paper, reach).de).max(PAPER_SPREAD_DE);
            if own_noise >= reach {
                return Border::Blank(paper, reach);
            }
            read_at(canvas, &seen, own_noise)
        }
        read => read,
    }
}

/// The border's pixels and what they say before any reach is chosen: their
/// colors, the corners' color, and the paper candidate.
struct BorderColors {
    colors: Vec<Rgb>,
    groups: Vec<Group>,
    corner: Option<Rgb>,
    paper: Rgb,
}

/// The rules of the module notes, with the art being what stands further
/// than `reach` off the paper candidate.
fn read_at(canvas: &Canvas, border: &BorderColors, reach: f32) -> Border {
    let BorderColors { ref colors, ref groups, corner, paper } = *border;
    let mut off_paper = OffPaper::new(paper, reach);
    let share = |count: usize| count as f64 / colors.len() as f64;
    let covered = colors.iter().filter(|&&c| !off_paper.is_art(c)).count();
    if share(covered) < MIN_BORDER_SHARE {
        return Border::NoPaper;
    }
    let shown = groups.iter().filter(|g| share(g.count) >= MIN_BORDER_SHARE).count();
    let art = ArtMap::of(canvas, &mut off_paper);
    let pieces = border_pieces(&art);
    let min_contact = MIN_PIECE_SHARE * colors.len() as f64;
    let several_pieces = || pieces.iter().filter(|p| p.contact as f64 >= min_contact).count() >= 2;
    let fills_frame = Border::FillsFrame { colors: shown.max(2) };
    if share(covered) < SURROUNDING_SHARE && (corner.is_none() || several_pieces() || !paper_in_pockets(&art)) {
        return fills_frame;
    }
    let margins = art_margins(&art);
    let long_side = canvas.width.max(canvas.height);
    if margins.is_some_and(|m| anchored_on_frame(&art, m, long_side.div_ceil(ANCHOR_CLEAR_PARTS))) {
        return fills_frame;
    }
    if !is_light_page(&off_paper.paper) {
        // A dark or colored field: its own design's until the border says otherwise.
        let crossed_by_one_design = || cut_pieces(canvas, &pieces, min_contact) < 2;
        let mut light_art = || colors.iter().filter(|&&c| off_paper.is_art(c) && is_light_page(&to_lab(c))).count();
        if corner.is_none() && shown >= 2 && crossed_by_one_design()
            || pieces.iter().any(|p| {
                is_panel(p, canvas.width, canvas.height) || is_cut_stripe(p, &pieces, canvas.width, canvas.height)
            })
            || share(light_art()) >= PAGE_ON_BORDER_SHARE && crossed_by_one_design() && !paper_in_pockets(&art)
        {
            return fills_frame;
        }
        if let Some(thickness) = drawn_frame_thickness(&art) {
            // Line art's paper lines its frame; a page's even margin around a
            // flag or a plate meets the art's own colors, and is the paper.
            let inside = framed_paper(canvas);
            if inside.is_none_or(|inside| lines_the_frame(canvas, thickness, inside)) {
                return Border::Frame(inside);
            }
        }
        let Some(margins) = margins else { return Border::Blank(paper, reach) };
        let padded = (FIELD_PADDING_SHARE * long_side as f64).ceil() as usize;
        if margins.into_iter().min().unwrap_or(0) + SOFT_EDGE >= padded {
            return Border::Field(paper);
        }
    }
    Border::Paper(paper, spread_of(colors, paper, reach))
}

/// Whether a candidate is as light as the pages logos sit on (rule 4): a
/// pale tint of any hue counts, a saturated or darker color does not.
fn is_light_page(lab: &Lab) -> bool {
    lab[0] >= PAGE_MIN_LIGHTNESS && lab[1].hypot(lab[2]) <= PAGE_MAX_CHROMA
}

/// The paper's spread over the border `colors` within `reach` of it.
fn spread_of(colors: &[Rgb], paper: Rgb, reach: f32) -> Spread {
    let paper_lab = to_lab(paper);
    let (mut de, mut luma): (Vec<f32>, Vec<f32>) = colors
        .iter()
        .map(|&c| (delta_e(&to_lab(c), &paper_lab), luma_step(c, paper)))
        .filter(|&(d, _)| d < reach)
        .unzip();
    let quantile = |values: &mut Vec<f32>| {
        values.sort_by(f32::total_cmp);
        values
            .get(((values.len() as f64 * SPREAD_SHARE) as usize).min(values.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0.0)
    };
    Spread { de: quantile(&mut de), luma: quantile(&mut luma) }
}

/// The paper of art framed edge to edge (a thin square frame drawn at the
/// image's edge around a word): with no paper on the border, a light,
/// paper-like color covering at least a fifth of the image. Its regions are
/// all enclosed, so the counter and figure rule decides each (a frame's
/// inside is a counter; a white star in a full-bleed field a figure).
pub fn framed_paper(canvas: &Canvas) -> Option<Rgb> {
    let light: Vec<Rgb> = canvas.rgb.iter().copied().filter(|&c| is_paper_like(&to_lab(c))).collect();
    let (mode, _) = most_common(&light)?;
    let paper = spread_median(&light, mode)?;
    let paper_lab = to_lab(paper);
    let count = light.iter().filter(|&&c| delta_e(&to_lab(c), &paper_lab) <= PAPER_SPREAD_DE).count();
    ((count as f64) >= MIN_FRAMED_PAPER_SHARE * canvas.rgb.len() as f64).then_some(paper)
}

/// The most common of the `colors`, with how many carry it (ties go to the
/// lower color, so the answer does not depend on hashing).
fn most_common<'a>(colors: impl IntoIterator<Item = &'a Rgb>) -> Option<(Rgb, usize)> {
    let mut counts: HashMap<Rgb, usize> = HashMap::default();
    for &c in colors {
        *counts.entry(c).or_default() += 1;
    }
    counts.into_iter().max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
}

/// The median of the `colors` within the paper's spread of `mode` (none
/// when the spread holds none).
fn spread_median(colors: &[Rgb], mode: Rgb) -> Option<Rgb> {
    let mode_lab = to_lab(mode);
    let near: Vec<(Rgb, usize)> =
        colors.iter().filter(|&&c| delta_e(&to_lab(c), &mode_lab) <= PAPER_SPREAD_DE).map(|&c| (c, 1)).collect();
    (!near.is_empty()).then(|| weighted_median(&near))
}

/// The most common of the `colors` of one border color with `near`
/// (`near` itself when no shade repeats, as on a grainy paper).
fn most_common_near(colors: &[Rgb], near: Rgb) -> Rgb {
    let near_lab = to_lab(near);
    let same_color = colors.iter().filter(|&&c| delta_e(&to_lab(c), &near_lab) < BORDER_COLOR_DE);
    most_common(same_color).filter(|&(_, n)| n > 1).map_or(near, |(c, _)| c)
}

/// The color that at least three corners share within `agree_de`, of any
/// lightness or hue: the median of those corners. Each corner is the median
/// of its pixel and the two border pixels beside it: noise does not split
/// them, and the paper in the corner of a rounded plate holds them even when
/// the plate nearly fills a small image (a dark terminal icon at 128 px,
/// whose corners' 3x3 blocks are mostly plate).
fn corner_color(canvas: &Canvas, agree_de: f32) -> Option<Rgb> {
    let (w, h) = (canvas.width, canvas.height);
    if w < 2 || h < 2 {
        return None;
    }
    let corner = |x: usize, y: usize, dx: usize, dy: usize| -> Rgb {
        let mut trio = [canvas.rgb[y * w + x], canvas.rgb[y * w + dx], canvas.rgb[dy * w + x]];
        trio.sort_unstable_by_key(|c| u32::from(c[0]) + u32::from(c[1]) + u32::from(c[2]));
        trio[1]
    };
    let (r, b) = (w - 1, h - 1);
    let corners = [corner(0, 0, 1, 1), corner(r, 0, r - 1, 1), corner(0, b, 1, b - 1), corner(r, b, r - 1, b - 1)];
    let agreeing = |c: &Rgb| -> Vec<(Rgb, usize)> {
        let lab = to_lab(*c);
        corners.iter().filter(|o| delta_e(&to_lab(**o), &lab) <= agree_de).map(|&o| (o, 1)).collect()
    };
    corners.iter().map(agreeing).find(|shared| shared.len() >= 3).map(|shared| weighted_median(&shared))
}

/// One color of the border: its pixels' mean and how many there are.
struct Group {
    rgb: Rgb,
    count: usize,
}

/// The border's colors, most common first: each pixel joins the group whose
/// mean lies nearest within `BORDER_COLOR_DE`, or starts one; grain moves a
/// group's mean, not its count.
fn color_groups(colors: &[Rgb]) -> Vec<Group> {
    let labs: Vec<Lab> = colors.iter().map(|&c| to_lab(c)).collect();
    let mut sums: Vec<([f32; 3], usize)> = Vec::new();
    for &lab in &labs {
        let mean = |(sum, n): &([f32; 3], usize)| sum.map(|s| s / *n as f32);
        let nearest = sums
            .iter()
            .enumerate()
            .map(|(k, s)| (k, delta_e(&mean(s), &lab)))
            .filter(|&(_, d)| d < BORDER_COLOR_DE)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        match nearest {
            Some((k, _)) => {
                (0..3).for_each(|i| sums[k].0[i] += lab[i]);
                sums[k].1 += 1;
            }
            None => sums.push((lab, 1)),
        }
    }
    let mut groups: Vec<Group> = sums
        .into_iter()
        .map(|(sum, count)| {
            let lab = sum.map(|s| s / count as f32);
            let rgb = colors
                .iter()
                .zip(&labs)
                .min_by(|a, b| delta_e(a.1, &lab).total_cmp(&delta_e(b.1, &lab)))
                .map_or([0; 3], |(&rgb, _)| rgb);
            Group { rgb, count }
        })
        .collect();
    groups.sort_by_key(|g| std::cmp::Reverse(g.count));
    groups
}

/// How far the art keeps from each side of the frame (left, top, right,
/// bottom), in pixels; None when nothing stands off the paper (a field of
/// one color, which stays as it is). Specks (`MAX_SPECK_SHARE`) beside
/// larger art do not count: a saturated field's JPEG noise strays past
/// `BORDER_COLOR_DE` in pieces of a few pixels, along the frame as anywhere,
/// and would read as art touching it. A sheet of nothing but specks is
/// grain on a paper, which they measure.
fn art_margins(art: &ArtMap) -> Option<[usize; 4]> {
    let (w, h) = (art.width, art.height);
    let (runs, component) = (&art.runs, &art.component);
    let mut size = vec![0usize; runs.len()];
    for (run, &first) in runs.iter().zip(component) {
        size[first] += run.end - run.start;
    }
    let speck = ((w * h) as f64 * MAX_SPECK_SHARE) as usize;
    let bounds_of = |counted: &dyn Fn(usize) -> bool| {
        let mut bounds: Option<[usize; 4]> = None;
        for (run, _) in runs.iter().zip(component).filter(|&(_, &first)| counted(size[first])) {
            let b = bounds.get_or_insert([run.start, run.y, run.end - 1, run.y]);
            *b = [b[0].min(run.start), b[1].min(run.y), b[2].max(run.end - 1), b[3].max(run.y)];
        }
        bounds
    };
    let bounds = bounds_of(&|pixels| pixels > speck).or_else(|| bounds_of(&|_| true));
    bounds.map(|[left, top, right, bottom]| [left, top, w - 1 - right, h - 1 - bottom])
}

/// Whether the art is anchored on the frame while keeping a clear margin
/// from the opposite side: a canton (its corner holds two sides, clear of
/// the two others) or a band (it covers a whole side, clear of the
/// opposite one). A figure laid on paper is cropped on both sides of an
/// axis or padded on both; the paper shows beside its tangent contacts.
fn anchored_on_frame(art: &ArtMap, margins: [usize; 4], clear: usize) -> bool {
    let [left, top, right, bottom] = margins;
    let hugs = |a: usize, b: usize| a.min(b) == 0 && a.max(b) >= clear;
    if hugs(left, right) && hugs(top, bottom) {
        return true;
    }
    let (w, h) = (art.width, art.height);
    let covers = |pixels: &mut dyn Iterator<Item = usize>, length: usize| {
        pixels.filter(|&i| art.cells[i]).count() as f64 >= PANEL_FILL * length as f64
    };
    let side_bands = [
        (left, right, covers(&mut (0..h).map(|y| y * w), h)),
        (right, left, covers(&mut (0..h).map(|y| y * w + w - 1), h)),
        (top, bottom, covers(&mut (0..w), w)),
        (bottom, top, covers(&mut (0..w).map(|x| (h - 1) * w + x), w)),
    ];
    side_bands.iter().any(|&(near, far, covered)| near == 0 && far >= clear && covered)
}

/// Whether paper reached from the border stays in pockets along the frame
/// (the corners around a rounded plate or a disc), no deeper than a
/// `POCKET_MAX_PARTS`th of the short side; a field cut by diagonals reaches
/// the middle.
fn paper_in_pockets(art: &ArtMap) -> bool {
    let (w, h) = (art.width, art.height);
    let (reached, _) = reached_from_edge((w, h), |x, y| art.cells[y * w + x]);
    let deepest = w.min(h) / POCKET_MAX_PARTS;
    reached.iter().enumerate().filter(|&(_, &r)| r).all(|(i, _)| {
        let (x, y) = (i % w, i / w);
        x.min(y).min(w - 1 - x).min(h - 1 - y) <= deepest
    })
}

/// The thickness of the candidate when it is a frame drawn at the image's
/// edge: a band of one thickness all around, as deep at each corner (along
/// its diagonal) as at the middle of each side, and at most an eighth of the
/// short side. Paper around a rounded plate is deeper in the corners.
fn drawn_frame_thickness(art: &ArtMap) -> Option<usize> {
    let (w, h) = (art.width, art.height);
    let inside = |x: usize, y: usize| !art.cells[y * w + x];
    // How many steps from (x, y) along (dx, dy) stay on the candidate.
    let depth = |(x, y): (usize, usize), (dx, dy): (isize, isize)| {
        let mut steps = 0;
        let (mut x, mut y) = (x as isize, y as isize);
        while x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h && inside(x as usize, y as usize) {
            steps += 1;
            (x, y) = (x + dx, y + dy);
        }
        steps
    };
    let (r, b) = (w - 1, h - 1);
    let sides =
        [depth((w / 2, 0), (0, 1)), depth((w / 2, b), (0, -1)), depth((0, h / 2), (1, 0)), depth((r, h / 2), (-1, 0))];
    let corners = [depth((0, 0), (1, 1)), depth((r, 0), (-1, 1)), depth((0, b), (1, -1)), depth((r, b), (-1, -1))];
    let mut sorted = sides;
    sorted.sort_unstable();
    let thickness = sorted[1];
    (thickness > 0
        && thickness <= w.min(h) / FRAME_MAX_PARTS
        && sides.iter().chain(&corners).all(|&d| d.abs_diff(thickness) <= FRAME_SLACK))
    .then_some(thickness)
}

/// Whether the light `paper` inside a frame `thickness` deep lines at least
/// half of each of its four sides, as paper around what is drawn on it does
/// (rule 3: paper surrounds the art on every side). Each point along a side
/// looks inward past the frame and its blend (`FRAME_BLEND`) for the paper.
/// Italy's tricolour laid on a page with an even margin meets it with white
/// along a third of two sides and none of the others; a word framed on white
/// paper, all along all four.
fn lines_the_frame(canvas: &Canvas, thickness: usize, paper: Rgb) -> bool {
    let (w, h) = (canvas.width, canvas.height);
    let start = thickness + FRAME_SLACK;
    let mut off_paper = OffPaper::new(paper, BORDER_COLOR_DE);
    // `at(along, depth)`: the pixel that far along a side `len` long and
    // that deep in from it.
    let mut lined = |len: usize, at: &dyn Fn(usize, usize) -> (usize, usize)| {
        let along = start..len.saturating_sub(start);
        let met = along
            .clone()
            .filter(|&a| {
                (start..=start + FRAME_BLEND).any(|d| {
                    let (x, y) = at(a, d);
                    !off_paper.is_art(canvas.rgb[y * w + x])
                })
            })
            .count();
        met as f64 >= SURROUNDING_SHARE * along.len() as f64
    };
    w > 2 * (start + FRAME_BLEND)
        && h > 2 * (start + FRAME_BLEND)
        && lined(w, &|x, d| (x, d))
        && lined(w, &|x, d| (x, h - 1 - d))
        && lined(h, &|y, d| (d, y))
        && lined(h, &|y, d| (w - 1 - d, y))
}

/// A piece of what is not paper that touches the border: how many border
/// pixels it covers, its rows' runs and its box.
struct Piece {
    contact: usize,
    runs: Vec<Run>,
    /// Inclusive: left, top, right, bottom.
    bounds: (usize, usize, usize, usize),
}

/// The pieces of art, what stands off the paper, that touch the border
/// (4-connected).
fn border_pieces(art: &ArtMap) -> Vec<Piece> {
    let (w, h) = (art.width, art.height);
    let (runs, component) = (&art.runs, &art.component);
    let edge_pixels = |r: &Run| {
        if r.y == 0 || r.y == h - 1 {
            r.end - r.start
        } else {
            usize::from(r.start == 0) + usize::from(r.end == w && r.end - 1 != 0)
        }
    };
    let mut piece_of = vec![usize::MAX; runs.len()];
    let mut pieces: Vec<Piece> = Vec::new();
    for (run, &first) in runs.iter().zip(component) {
        if piece_of[first] == usize::MAX {
            piece_of[first] = pieces.len();
            pieces.push(Piece { contact: 0, runs: Vec::new(), bounds: (w, h, 0, 0) });
        }
        let piece = &mut pieces[piece_of[first]];
        piece.contact += edge_pixels(run);
        piece.runs.push(*run);
        let b = &mut piece.bounds;
        *b = (b.0.min(run.start), b.1.min(run.y), b.2.max(run.end - 1), b.3.max(run.y));
    }
    pieces.retain(|p| p.contact > 0);
    pieces
}

/// How many pieces of art the frame cuts: pieces touching the border over
/// `min_contact` pixels that reach deeper than a pocket along the frame
/// (a quarter of the short side). A logo cropped to its art on a colored
/// paper meets the frame with several (its letters and marks); a field is
/// crossed by one design (a diagonal band, a hoist triangle, rays), and
/// the real paper around a plate that covers most of the border lies in
/// shallow corner pockets. A one-pixel sliver along the edge is no piece.
fn cut_pieces(canvas: &Canvas, pieces: &[Piece], min_contact: f64) -> usize {
    let (w, h) = (canvas.width, canvas.height);
    let pocket = w.min(h) / POCKET_MAX_PARTS;
    let reaches_past_pocket = |piece: &Piece| {
        piece.runs.iter().any(|r| {
            // The run's pixel nearest the middle column lies deepest.
            let x = ((w - 1) / 2).clamp(r.start, r.end - 1);
            x.min(r.y).min(w - 1 - x).min(h - 1 - r.y) > pocket
        })
    };
    pieces.iter().filter(|p| p.contact as f64 >= min_contact && reaches_past_pocket(p)).count()
}

/// Whether a piece is a stripe the frame cuts: a bar meeting one side of
/// the frame with its whole end, the only art on that side, and running
/// square into the image, at least `STRIPE_LENGTH` times as long as it is
/// wide and past a pocket along the frame. The frame cuts a design there
/// (stripes of a field that run on beyond it). A logo cropped to its art
/// meets the frame with a letter's side or a curve; a stem cut at the
/// baseline has its letters beside it on the same side.
fn is_cut_stripe(piece: &Piece, pieces: &[Piece], width: usize, height: usize) -> bool {
    let sides = frame_sides(piece.bounds, width, height);
    let Some(side) = sides.iter().position(|&on_frame| on_frame) else { return false };
    if sides.iter().filter(|&&on_frame| on_frame).count() != 1 {
        return false;
    }
    let (x0, y0, x1, y1) = piece.bounds;
    let (across, along, frame_along) =
        if side % 2 == 0 { (y1 - y0 + 1, x1 - x0 + 1, width) } else { (x1 - x0 + 1, y1 - y0 + 1, height) };
    if along < STRIPE_LENGTH * across
        || along <= frame_along / POCKET_MAX_PARTS
        || piece.contact + STRIPE_END_SLACK < across
        || pieces.iter().filter(|other| frame_sides(other.bounds, width, height)[side]).count() != 1
    {
        return false;
    }
    // Its soft long sides may stand a pixel off its core each.
    let core = along * across.saturating_sub(STRIPE_END_SLACK);
    let (size, inside) = box_of(piece);
    filled_cells(size, &inside) as f64 >= PANEL_FILL * core as f64
}

/// A piece's box, its size and which of its cells the piece covers.
fn box_of(piece: &Piece) -> ((usize, usize), Vec<bool>) {
    let (x0, y0, x1, y1) = piece.bounds;
    let size = (x1 - x0 + 1, y1 - y0 + 1);
    let mut inside = vec![false; size.0 * size.1];
    for r in &piece.runs {
        let row = (r.y - y0) * size.0;
        inside[row + r.start - x0..row + r.end - x0].fill(true);
    }
    (size, inside)
}

/// How many cells of a box the covered ones fill with what they enclose.
fn filled_cells(size: (usize, usize), inside: &[bool]) -> usize {
    let (_, outside) = reached_from_edge(size, |bx, by| inside[by * size.0 + bx]);
    size.0 * size.1 - outside
}

/// Whether a piece is a canton or a band: with what it encloses, an
/// axis-aligned rectangle smaller than the frame, anchored in a corner or
/// running edge to edge, and covering a tenth of the image. A logo cropped
/// tight touches the frame with its outline, not with such a panel.
fn is_panel(piece: &Piece, width: usize, height: usize) -> bool {
    let (x0, y0, x1, y1) = piece.bounds;
    let [left, top, right, bottom] = frame_sides(piece.bounds, width, height);
    let area = (x1 - x0 + 1) * (y1 - y0 + 1);
    if !canton_or_band_box(piece.bounds, width, height) || (area as f64) < MIN_PANEL_SHARE * (width * height) as f64 {
        return false;
    }
    let (size, inside) = box_of(piece);
    // A canton or a band holds the frame's corners its box reaches; a
    // rounded plate laid against the frame leaves them to the paper.
    let (r, b) = (size.0 - 1, size.1 - 1);
    let frame_corners = [(left && top, 0, 0), (right && top, r, 0), (left && bottom, 0, b), (right && bottom, r, b)];
    if frame_corners.iter().any(|&(on_frame, bx, by)| on_frame && !inside[by * size.0 + bx]) {
        return false;
    }
    filled_cells(size, &inside) as f64 >= PANEL_FILL * area as f64
}

#[cfg(test)]
mod tests {
    use image::{Rgba, RgbaImage};

    use super::*;

    fn canvas(w: u32, h: u32, pixel: impl Fn(u32, u32) -> [u8; 3]) -> Canvas {
        let image = RgbaImage::from_fn(w, h, |x, y| {
            let [r, g, b] = pixel(x, y);
            Rgba([r, g, b, 255])
        });
        Canvas::from_rgba(&image, false, false)
    }

    const NAVY: Rgb = [16, 20, 48];
    const WHITE: Rgb = [255; 3];
    const RED: Rgb = [200, 16, 46];
    const BLUE: Rgb = [0, 56, 168];

    #[test]
    fn the_border_pieces_are_the_art_a_flood_from_the_border_reaches() {
        // Random art beside a plain 4-neighbour flood from each border pixel.
        let mut seed = 11u32;
        for (w, h) in [(1, 1), (1, 9), (9, 1), (2, 2), (17, 13), (31, 8)] {
            let cells: Vec<bool> = (0..w * h)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 16) % 5 < 3
                })
                .collect();
            let art = ArtMap::new(cells.clone(), w, h);
            let on_border = |i: usize| i % w == 0 || i / w == 0 || i % w == w - 1 || i / w == h - 1;
            let mut expected = Vec::new();
            let mut seen = vec![false; w * h];
            for start in (0..w * h).filter(|&i| on_border(i) && cells[i]) {
                if seen[start] {
                    continue;
                }
                seen[start] = true;
                let (mut stack, mut pixels) = (vec![start], Vec::new());
                while let Some(i) = stack.pop() {
                    pixels.push(i);
                    for j in crate::grid::neighbours4(i, w, h) {
                        if cells[j] && !seen[j] {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                }
                pixels.sort_unstable();
                let contact = pixels.iter().filter(|&&i| on_border(i)).count();
                let xs = || pixels.iter().map(|&i| i % w);
                let bounds = (xs().min().unwrap(), pixels[0] / w, xs().max().unwrap(), pixels[pixels.len() - 1] / w);
                expected.push((contact, pixels, bounds));
            }
            let mut found: Vec<_> = border_pieces(&art)
                .into_iter()
                .map(|piece| {
                    let mut pixels: Vec<usize> =
                        piece.runs.iter().flat_map(|r| (r.start..r.end).map(move |x| r.y * w + x)).collect();
                    pixels.sort_unstable();
                    (piece.contact, pixels, piece.bounds)
                })
                .collect();
            found.sort_by_key(|(_, pixels, _)| pixels[0]);
            expected.sort_by_key(|(_, pixels, _)| pixels[0]);
            assert_eq!(found, expected, "{w}x{h}");
        }
    }

    #[test]
    fn a_mark_cropped_close_on_dark_or_saturated_paper_has_that_paper() {
        for paper in [NAVY, BLUE, [128, 128, 128], WHITE] {
            let mark = canvas(60, 40, |x, y| if (2..58).contains(&x) && (10..30).contains(&y) { RED } else { paper });
            assert_eq!(read_border(&mark, 0.0), Border::Paper(paper, Spread::default()), "{paper:?}");
        }
    }

    #[test]
    fn a_pale_tint_framing_a_logo_widely_is_a_page_and_a_saturated_field_is_not() {
        const CREAM: Rgb = [255, 253, 208];
        const PALE_BLUE: Rgb = [200, 230, 255];
        const SKY: Rgb = [116, 172, 223];
        let framed = |paper: Rgb| {
            canvas(100, 80, move |x, y| if (25..75).contains(&x) && (20..60).contains(&y) { RED } else { paper })
        };
        for paper in [CREAM, PALE_BLUE] {
            assert_eq!(read_border(&framed(paper), 0.0), Border::Paper(paper, Spread::default()), "{paper:?}");
        }
        // A flag's light blue field (Argentina's) is a color, not a tint.
        assert_eq!(read_border(&framed(SKY), 0.0), Border::Field(SKY));
    }

    #[test]
    fn a_colored_field_framing_its_figure_widely_stays_and_white_paper_does_not() {
        let figure = |paper: Rgb, ink: Rgb| {
            canvas(60, 40, move |x, y| if (20..40).contains(&x) && (10..30).contains(&y) { ink } else { paper })
        };
        assert_eq!(read_border(&figure(RED, WHITE), 0.0), Border::Field(RED));
        // A soft edge reaches a pixel into the field: a margin of 6% of the
        // long side less that pixel still frames the figure; two pixels less
        // is a logo cropped close on a paper.
        let padded_by = |margin: u32| {
            canvas(100, 100, move |x, y| if x >= margin && y >= margin && x < 70 && y < 80 { WHITE } else { RED })
        };
        assert_eq!(read_border(&padded_by(5), 0.0), Border::Field(RED));
        assert_eq!(read_border(&padded_by(4), 0.0), Border::Paper(RED, Spread::default()));
        // Specks of noise along the frame (10 pixels of 10,000) narrow no margin.
        let specked = canvas(100, 100, |x, y| match (x, y) {
            (0, 50) | (1, 50) | (99, 20) | (60, 99) | (61, 99) | (60, 98) => WHITE,
            (5..70, 5..80) => WHITE,
            _ => RED,
        });
        assert_eq!(read_border(&specked, 0.0), Border::Field(RED));
        // A sheet of nothing but specks is grain on its paper: they still
        // measure the margins, and the sheet is paper, not a blank field.
        let grain = canvas(100, 100, |x, y| if (x * 7 + y * 13) % 97 == 0 { WHITE } else { RED });
        assert_eq!(read_border(&grain, 0.0), Border::Paper(RED, Spread::default()));
        assert_eq!(read_border(&figure(WHITE, RED), 0.0), Border::Paper(WHITE, Spread::default()));
        // A field of one color and nothing on it is kept as it is; clean, it
        // is read down to the least a color can stand off it.
        let blank = read_border(&figure(BLUE, BLUE), 0.0);
        assert_eq!(blank, Border::Blank(BLUE, PAPER_SPREAD_DE));
        let why = blank.nothing_removed();
        assert!(why.contains("nothing stands far off the #0038a8 that fills the image (art within 3 dE"), "{why}");
    }

    #[test]
    fn art_near_a_clean_papers_color_stands_off_it_and_grain_as_far_off_does_not() {
        // A near-black mark on a charcoal page, 5 dE apart (#1a1918 on
        // #261e1c), cropped close to the art: on a clean paper it is art.
        const CHARCOAL: Rgb = [0x26, 0x1e, 0x1c];
        const INK: Rgb = [0x1a, 0x19, 0x18];
        let mark = |x: u32, y: u32| (4..116).contains(&x) && (3..37).contains(&y) && (x / 8) % 2 == 0;
        let clean = canvas(120, 40, |x, y| if mark(x, y) { INK } else { CHARCOAL });
        assert!(matches!(read_border(&clean, 0.0), Border::Paper(CHARCOAL, _)), "{:?}", read_border(&clean, 0.0));
        // Grain that spreads the paper as far as the mark lies off it leaves
        // nothing standing off it: a blank field, kept.
        let grainy = canvas(120, 40, |x, y| {
            let [r, g, b] = if mark(x, y) { INK } else { CHARCOAL };
            let step = ((x * 7_919 + y * 104_729).wrapping_mul(2_654_435_761) >> 16) % 13;
            [r, g, b].map(|c| c + step as u8)
        });
        assert!(matches!(read_border(&grainy, 0.0), Border::Blank(..)), "{:?}", read_border(&grainy, 0.0));
    }

    #[test]
    fn a_thin_frame_drawn_at_the_edge_is_line_art() {
        let framed = canvas(60, 60, |x, y| if x.min(y).min(59 - x).min(59 - y) < 3 { NAVY } else { WHITE });
        assert_eq!(read_border(&framed, 0.0), Border::Frame(Some(WHITE)));
        // A word drawn on the framed paper, clear of the frame: still line art.
        let worded = canvas(60, 60, |x, y| match (x.min(y).min(59 - x).min(59 - y), x, y) {
            (0..3, _, _) => NAVY,
            (_, 15..45, 25..35) => RED,
            _ => WHITE,
        });
        assert_eq!(read_border(&worded, 0.0), Border::Frame(Some(WHITE)));
    }

    #[test]
    fn a_tricolour_laid_on_a_page_with_an_even_margin_loses_the_page_not_its_white() {
        // Green, white and red bands on a navy page 3 px wide all around: the
        // page is a band like a drawn frame, but the white inside meets it
        // along a third of two sides only.
        const GREEN: Rgb = [0, 146, 70];
        let laid = canvas(96, 66, |x, y| match (x.min(y).min(95 - x).min(65 - y), x) {
            (0..3, _) => NAVY,
            (_, 0..33) => GREEN,
            (_, 33..63) => WHITE,
            _ => RED,
        });
        assert_eq!(read_border(&laid, 0.0), Border::Paper(NAVY, Spread::default()));
    }

    #[test]
    fn a_tricolour_and_a_band_along_one_edge_fill_the_frame() {
        let tricolour = canvas(60, 40, |x, _| [BLUE, WHITE, RED][x as usize / 20]);
        assert_eq!(read_border(&tricolour, 0.0), Border::FillsFrame { colors: 3 });
        // White over red, a blue triangle at the hoist: no color holds three corners.
        let triangle = canvas(60, 40, |x, y| match (x < 20 - (y as i32 - 20).unsigned_abs(), y < 20) {
            (true, _) => BLUE,
            (false, true) => WHITE,
            (false, false) => RED,
        });
        assert_eq!(read_border(&triangle, 0.0), Border::FillsFrame { colors: 3 });
    }

    #[test]
    fn a_canton_or_a_band_hugging_one_side_of_the_frame_keeps_the_field() {
        // A navy field with a white and red canton that encloses none of its
        // own navy, and a white star standing off the other sides.
        let canton = canvas(80, 40, |x, y| match (x, y) {
            (0..30, 0..16) if (x * 16).abs_diff(y * 30) < 40 || (x * 16).abs_diff((15 - y) * 30) < 40 => WHITE,
            (0..30, 7..9) | (14..16, 0..16) => RED,
            (55..65, 20..30) => WHITE,
            _ => NAVY,
        });
        assert!(matches!(read_border(&canton, 0.0), Border::FillsFrame { .. }));
        // A speck of noise off the field on the far sides anchors nothing
        // (an 80 x 40 image's specks are up to 3 pixels).
        let specked = canvas(80, 40, |x, y| match (x, y) {
            (79, 30) | (40, 39) | (41, 39) => WHITE,
            _ => canton.rgb[(y * 80 + x) as usize],
        });
        assert!(matches!(read_border(&specked, 0.0), Border::FillsFrame { .. }));
        // White over red with a disc across the line: white holds half the border.
        let disc = canvas(60, 40, |x, y| {
            let inside = (x as i32 - 22).pow(2) + (y as i32 - 20).pow(2) < 100;
            if (y < 20) != inside {
                WHITE
            } else {
                RED
            }
        });
        assert_eq!(read_border(&disc, 0.0), Border::FillsFrame { colors: 2 });
    }

    #[test]
    fn letters_cut_by_the_frame_lie_on_paper_and_one_band_crossing_a_field_fills_it() {
        // Two slanted strokes cropped tight, their feet in the bottom corners:
        // the corners disagree, and the frame cuts two pieces of art.
        let stroke = |x: u32, y: u32| {
            let left = (79 - y) / 4;
            (left..left + 14).contains(&x)
        };
        let letters = canvas(120, 80, |x, y| if stroke(x, y) || stroke(120 - 1 - x, y) { WHITE } else { NAVY });
        assert_eq!(read_border(&letters, 0.0), Border::Paper(NAVY, Spread::default()));
        // One band from corner to corner across a field (a Congo or Trinidad
        // flag): the frame cuts it twice, and it is one piece.
        let band = canvas(120, 80, |x, y| {
            let along = x as i32 * 80 - (79 - y as i32) * 120;
            if along.abs() < 1600 {
                RED
            } else {
                BLUE
            }
        });
        assert_eq!(read_border(&band, 0.0), Border::FillsFrame { colors: 2 });
    }

    #[test]
    fn white_gaps_of_a_pattern_running_off_every_side_fill_the_frame_and_a_white_mark_on_red_does_not() {
        // Red bars whose white gaps run edge to edge, joined by a white slash
        // that runs off the top and the bottom: red holds the corners and
        // most of the border, but the page's white shows along a fifth of it.
        let slash = |x: u32, y: u32| (x as i32 - (44 - y as i32 / 2)).abs() < 4;
        let gap = |x: u32, y: u32| (12..18).contains(&y) || (30..36).contains(&y) || slash(x, y);
        let pattern = canvas(64, 48, |x, y| if gap(x, y) { WHITE } else { RED });
        assert_eq!(read_border(&pattern, 0.0), Border::FillsFrame { colors: 2 });
        // One white mark on red, cropped to touch the frame above and below.
        let mark = canvas(64, 48, |x, y| if slash(x, y) { WHITE } else { RED });
        assert_eq!(read_border(&mark, 0.0), Border::Paper(RED, Spread::default()));
    }

    #[test]
    fn a_rounded_icon_against_the_frame_is_no_canton() {
        // A wordmark's rounded square icon, as tall as the crop, at the left
        // of brown paper, its letters cut by the bottom edge: the icon spans
        // the hoist like a band but leaves the frame's corners to the paper.
        let brown = [56, 30, 17];
        let rounded = |x: u32, y: u32| {
            let (cx, cy) = (x.clamp(6, 33) as i32, y.clamp(6, 33) as i32);
            x < 40 && (x as i32 - cx).pow(2) + (y as i32 - cy).pow(2) <= 36
        };
        let letter = |x: u32, y: u32| y >= 14 && [50, 70, 90].iter().any(|&at| (at..at + 8).contains(&x));
        let logo = canvas(110, 40, |x, y| if rounded(x, y) || letter(x, y) { BLUE } else { brown });
        assert_eq!(read_border(&logo, 0.0), Border::Paper(brown, Spread::default()));
        // The same box with square corners is a band along the hoist.
        let band = canvas(110, 40, |x, y| if x < 40 || letter(x, y) { BLUE } else { brown });
        assert!(matches!(read_border(&band, 0.0), Border::FillsFrame { .. }));
    }

    #[test]
    fn stripes_the_frame_cuts_keep_their_field_and_stems_on_a_baseline_do_not() {
        // A yellow square icon whose dark stripes run off the left and the
        // right edge, dots between them: on dark paper the paper shows only
        // at the stripes' ends, and the yellow is the art.
        let yellow = [255, 198, 0];
        let stripes = canvas(120, 120, |x, y| match (x, y) {
            (40..120, 40..48) | (0..80, 72..80) | (56..64, 16..24) | (56..64, 96..104) => NAVY,
            // A soft edge along part of a stripe, a pixel wider than its end.
            (60..100, 39) => [150, 120, 40],
            _ => yellow,
        });
        assert_eq!(read_border(&stripes, 0.0), Border::FillsFrame { colors: 2 });
        // A wordmark cropped at its baseline on navy paper: a long stem (an
        // l) meets the bottom edge with its end, beside the other letters.
        let letters = canvas(120, 60, |x, y| {
            let stem = (10..16).contains(&x) && y >= 12;
            let bowls = [30, 60, 90].iter().any(|&at| (at..at + 20).contains(&x) && y >= 34);
            if stem || bowls {
                WHITE
            } else {
                NAVY
            }
        });
        assert_eq!(read_border(&letters, 0.0), Border::Paper(NAVY, Spread::default()));
    }

    #[test]
    fn diagonals_of_the_corner_color_reaching_the_middle_fill_the_frame() {
        // Green diagonals through the corners under a white cross, on red: the
        // corners agree and what else lies on the border is one piece, but
        // the corners' color runs to the middle, as no plate's paper does.
        let saltire = canvas(60, 40, |x, y| {
            let (x, y) = (x as i32 * 2, y as i32 * 3);
            if (57..63).contains(&x) || (57..63).contains(&y) {
                WHITE
            } else if (x - y).abs() < 10 || (x + y - 118).abs() < 10 {
                [0, 155, 72]
            } else {
                RED
            }
        });
        assert_eq!(read_border(&saltire, 0.0), Border::FillsFrame { colors: 3 });
    }

    #[test]
    fn white_diagonals_reaching_the_corners_fill_the_frame_and_an_icons_corners_are_paper() {
        // A saltire: white diagonals through the corners cut a blue field into four.
        let saltire = canvas(60, 60, |x, y| {
            let (x, y) = (x as i32, y as i32);
            if (x - y).abs() < 6 || (x + y - 59).abs() < 6 {
                WHITE
            } else {
                BLUE
            }
        });
        assert_eq!(read_border(&saltire, 0.0), Border::FillsFrame { colors: 2 });
        // An app icon's rounded plate, in two colors, leaves paper in its corners only.
        let icon = canvas(60, 60, |x, y| {
            let (dx, dy) = ((x as i32 - 30).abs() - 18, (y as i32 - 30).abs() - 18);
            let outside = dx > 0 && dy > 0 && dx * dx + dy * dy > 144;
            match (outside, y < 30) {
                (true, _) => NAVY,
                (false, true) => RED,
                (false, false) => BLUE,
            }
        });
        assert_eq!(read_border(&icon, 0.0), Border::Paper(NAVY, Spread::default()));
    }
}
