//! napi entry: one async `traceImage` call whose work runs as a task on the
//! libuv threadpool. Everything below `engine` is plain Rust.

mod background;
mod canvas;
mod color;
mod decode;
mod engine;
mod error;
mod fit;
mod grid;
mod labels;
mod marks;
mod palette;
mod subpixel;
mod svg;
mod trace;

use std::panic::{catch_unwind, AssertUnwindSafe};

use napi::bindgen_prelude::{AbortSignal, AsyncTask, Buffer};
use napi::{Env, Task};
use napi_derive::napi;

use crate::engine::{Settings, Traced};
use crate::error::{EngineError, EngineResult};

#[napi(object)]
#[derive(Default)]
pub struct TraceOptions {
    /// 0 (automatic), 1, 2, 3, 4, 6 or 8.
    pub colors: Option<u32>,
    /// 0 (follow the pixels) to 100 (fewest, roundest curves). Default 20.
    pub smoothing: Option<u32>,
    /// Remove the background. Default true.
    pub transparent: Option<bool>,
    /// Crop to the content. Default true.
    pub trim: Option<bool>,
    /// Benchmark baseline: plain vtracer with its default settings, no cleanup.
    pub plain_vtracer: Option<bool>,
    /// Test hook: panic inside the threadpool job.
    pub force_panic: Option<bool>,
}

#[napi(object)]
pub struct TraceResult {
    pub svg: String,
    pub palette: Vec<String>,
    /// Share of the logo's area each palette color covers.
    pub coverage: Vec<f64>,
    pub width: u32,
    pub height: u32,
    pub warnings: Vec<String>,
    /// Time spent in the engine for this image, in milliseconds.
    pub engine_ms: f64,
}

impl From<Traced> for TraceResult {
    fn from(t: Traced) -> Self {
        TraceResult {
            svg: t.svg,
            palette: t.palette,
            coverage: t.coverage,
            width: t.width,
            height: t.height,
            warnings: t.warnings,
            engine_ms: t.engine_ms,
        }
    }
}

/// One threadpool job: owns its input bytes and settings.
pub struct TraceTask {
    input: Vec<u8>,
    options: TraceOptions,
}

impl TraceTask {
    fn run(&self) -> EngineResult<Traced> {
        let o = &self.options;
        if o.force_panic == Some(true) {
            panic!("forced panic requested by a test");
        }
        if o.plain_vtracer == Some(true) {
            return engine::trace_plain(&self.input);
        }
        let defaults = Settings::default();
        let settings = Settings {
            colors: o.colors.unwrap_or(defaults.colors),
            smoothing: o.smoothing.unwrap_or(defaults.smoothing),
            transparent: o.transparent.unwrap_or(defaults.transparent),
            trim: o.trim.unwrap_or(defaults.trim),
        };
        engine::trace(&self.input, &settings)
    }
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}

impl Task for TraceTask {
    type Output = Traced;
    type JsValue = TraceResult;

    fn compute(&mut self) -> napi::Result<Self::Output> {
        // napi does not catch panics on the threadpool; a panic here must
        // become a rejected promise, not a dead server.
        let outcome = catch_unwind(AssertUnwindSafe(|| self.run()))
            .unwrap_or_else(|payload| Err(EngineError::Internal(format!("panic: {}", panic_message(payload)))));
        Ok(outcome?)
    }

    fn resolve(&mut self, _env: Env, output: Self::Output) -> napi::Result<Self::JsValue> {
        Ok(output.into())
    }
}

/// Trace a PNG, JPEG or WebP logo into an SVG with its exact palette.
#[napi(ts_return_type = "Promise<TraceResult>")]
pub fn trace_image(input: Buffer, options: Option<TraceOptions>, signal: Option<AbortSignal>) -> AsyncTask<TraceTask> {
    AsyncTask::with_optional_signal(TraceTask { input: input.to_vec(), options: options.unwrap_or_default() }, signal)
}
