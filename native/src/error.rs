//! The engine's one error type. Every failure inside a trace is one of these;
//! `From<EngineError> for napi::Error` is the single place they become JS errors.

use thiserror::Error;

/// Largest accepted side, from the interface's limits (8 to 6000 px per side).
pub const MAX_SIDE: u32 = 6000;
/// Smallest accepted side.
pub const MIN_SIDE: u32 = 8;
/// Largest accepted area, 20 megapixels.
pub const MAX_PIXELS: u64 = 20_000_000;

#[derive(Debug, Error)]
pub enum EngineError {
    #[error("the file is not a PNG, JPEG or WebP image")]
    UnsupportedFormat,
    #[error("the image data is corrupt or truncated ({0})")]
    CorruptImage(String),
    #[error("the image is {width}x{height} px; each side must be at least {MIN_SIDE} px")]
    TooSmall { width: u32, height: u32 },
    #[error("the image is {width}x{height} px; the limit is {MAX_SIDE} px per side and 20 megapixels")]
    TooLarge { width: u32, height: u32 },
    #[error("nothing to trace: {0}")]
    NothingToTrace(&'static str),
    #[error("the image is too complex for a logo ({0}); a photo, a pattern or noise cannot be traced")]
    TooComplex(String),
    #[error("the trace was cancelled: its caller went away")]
    Aborted,
    #[error("invalid option: {0}")]
    InvalidOption(String),
    #[error("internal engine error: {0}")]
    Internal(String),
}

impl EngineError {
    /// Stable machine-readable code, the prefix of the JS error message.
    pub fn code(&self) -> &'static str {
        match self {
            EngineError::UnsupportedFormat => "UNSUPPORTED_FORMAT",
            EngineError::CorruptImage(_) => "CORRUPT_IMAGE",
            EngineError::TooSmall { .. } => "TOO_SMALL",
            EngineError::TooLarge { .. } => "TOO_LARGE",
            EngineError::NothingToTrace(_) => "NOTHING_TO_TRACE",
            EngineError::TooComplex(_) => "TOO_COMPLEX",
            EngineError::Aborted => "ABORTED",
            EngineError::InvalidOption(_) => "INVALID_OPTION",
            EngineError::Internal(_) => "INTERNAL",
        }
    }
}

pub type EngineResult<T> = Result<T, EngineError>;

/// napi's `Task` trait fixes the error status type, so the code travels as the
/// message prefix `CODE: message`; src/native.ts turns it back into a typed error.
impl From<EngineError> for napi::Error {
    fn from(error: EngineError) -> Self {
        napi::Error::new(napi::Status::GenericFailure, format!("{}: {}", error.code(), error))
    }
}
