//! Decoding: sniff the format from magic bytes, enforce the size limits from the
//! header alone (before any pixel is allocated), then decode to RGBA8 upright.

use std::io::Cursor;

use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbImage, RgbaImage};
use zune_core::bytestream::ZCursor;
use zune_core::colorspace::ColorSpace;
use zune_core::options::DecoderOptions;
use zune_jpeg::JpegDecoder;

use crate::error::{EngineError, EngineResult, MAX_PIXELS, MAX_SIDE, MIN_SIDE};

/// Generous ceiling for the decoder's own allocations: a 20 MP 16-bit RGBA
/// image plus its conversion, far below what a bomb header would ask for.
const MAX_DECODER_ALLOC: u64 = 512 * 1024 * 1024;

pub struct Decoded {
    pub image: RgbaImage,
    /// JPEG and lossy WebP: flat areas carry noise, so color tolerances widen.
    pub lossy: bool,
    /// A JPEG's orientation, for `jpeg_ycbcr`; None for other formats.
    pub jpeg_orientation: Option<Orientation>,
}

/// Identify the container by its first bytes; names and declared types are not trusted.
pub fn sniff(bytes: &[u8]) -> EngineResult<ImageFormat> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Ok(ImageFormat::Png)
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Ok(ImageFormat::Jpeg)
    } else if bytes.len() >= 12 && &bytes[0..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Ok(ImageFormat::WebP)
    } else {
        Err(EngineError::UnsupportedFormat)
    }
}

/// A WebP is lossless only when its image data is a VP8L chunk.
fn webp_is_lossy(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4096)];
    !head.windows(4).any(|w| w == b"VP8L")
}

pub fn check_dimensions(width: u32, height: u32) -> EngineResult<()> {
    if width < MIN_SIDE || height < MIN_SIDE {
        return Err(EngineError::TooSmall { width, height });
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(EngineError::TooLarge { width, height });
    }
    Ok(())
}

fn corrupt(error: image::ImageError) -> EngineError {
    match error {
        image::ImageError::Limits(_) => EngineError::CorruptImage("the decoder's memory limit was exceeded".into()),
        other => EngineError::CorruptImage(other.to_string().trim().to_string()),
    }
}

/// The JPEG decoder fills a truncated scan with gray instead of failing, so
/// check that the end-of-image marker follows the last start-of-scan (an
/// EXIF thumbnail carries markers of its own earlier in the file).
fn check_jpeg_complete(bytes: &[u8]) -> EngineResult<()> {
    let last = |marker: u8| bytes.windows(2).rposition(|w| w[0] == 0xFF && w[1] == marker);
    match (last(0xDA), last(0xD9)) {
        (Some(scan), Some(end)) if end > scan => Ok(()),
        _ => {
            Err(EngineError::CorruptImage("the JPEG data ends before its end-of-image marker (truncated file)".into()))
        }
    }
}

/// A color JPEG's own Y, Cb and Cr (upright and upsampled, one byte each, in
/// an RGB image's three channels), before the conversion to RGB clips the
/// chroma that spilled onto white (see `chroma`): a second decoding pass,
/// made only when a thin mark needs it. None for a grayscale or CMYK JPEG.
pub fn jpeg_ycbcr(bytes: &[u8], orientation: Orientation) -> Option<RgbImage> {
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::YCbCr)
        .set_strict_mode(false)
        .set_max_width(MAX_SIDE as usize)
        .set_max_height(MAX_SIDE as usize);
    let mut decoder = JpegDecoder::new_with_options(ZCursor::new(bytes), options);
    decoder.decode_headers().ok()?;
    if decoder.input_colorspace()? != ColorSpace::YCbCr {
        return None;
    }
    let info = decoder.info()?;
    let planes = RgbImage::from_raw(u32::from(info.width), u32::from(info.height), decoder.decode().ok()?)?;
    let mut upright = DynamicImage::ImageRgb8(planes);
    upright.apply_orientation(orientation);
    Some(upright.into_rgb8())
}

pub fn decode(bytes: &[u8]) -> EngineResult<Decoded> {
    let format = sniff(bytes)?;
    if format == ImageFormat::Jpeg {
        check_jpeg_complete(bytes)?;
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODER_ALLOC);
    reader.limits(Limits::no_limits());
    // Only the header is read here.
    let mut decoder = reader.into_decoder().map_err(corrupt)?;
    let (width, height) = decoder.dimensions();
    check_dimensions(width, height)?;
    decoder.set_limits(limits).map_err(corrupt)?;
    let orientation = decoder.orientation().map_err(corrupt)?;
    // For an animated WebP the decoder yields the first frame.
    let mut image = DynamicImage::from_decoder(decoder).map_err(corrupt)?;
    image.apply_orientation(orientation);
    let lossy = match format {
        ImageFormat::Jpeg => true,
        ImageFormat::WebP => webp_is_lossy(bytes),
        _ => false,
    };
    let jpeg_orientation = (format == ImageFormat::Jpeg).then_some(orientation);
    Ok(Decoded { image: image.into_rgba8(), lossy, jpeg_orientation })
}
