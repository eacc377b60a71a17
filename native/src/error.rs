//! The engine's one error type. Every failure inside a trace is one of these;
//! `EngineError::into_js_error` is the single place they become JS errors.

use napi::{Env, JsError};
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
    #[error("internal engine error: {0}")]
    Internal(String),
}

impl EngineError {
    /// Stable machine-readable code, the `code` property of the JS error.
    pub fn code(&self) -> &'static str {
        match self {
            EngineError::UnsupportedFormat => "UNSUPPORTED_FORMAT",
            EngineError::CorruptImage(_) => "CORRUPT_IMAGE",
            EngineError::TooSmall { .. } => "TOO_SMALL",
            EngineError::TooLarge { .. } => "TOO_LARGE",
            EngineError::NothingToTrace(_) => "NOTHING_TO_TRACE",
            EngineError::TooComplex(_) => "TOO_COMPLEX",
            EngineError::Aborted => "ABORTED",
            EngineError::Internal(_) => "INTERNAL",
        }
    }

    /// The JS error a failed trace rejects with: `code` is the stable code,
    /// `message` the plain reason. napi's `Task` fixes the error status type to
    /// `napi::Status`, so the error is built here, on the JS thread, as a JS
    /// object whose status is our code, and handed back to napi as that object.
    pub fn into_js_error(self, env: Env) -> napi::Error {
        let coded = napi::Error::new(self.code(), self.to_string());
        napi::Error::from(JsError::from(coded).into_unknown(env))
    }
}

pub type EngineResult<T> = Result<T, EngineError>;
