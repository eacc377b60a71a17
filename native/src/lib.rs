//! napi entry: one async `traceImage` call whose work runs as a task on the
//! libuv threadpool. Everything below `engine` is plain Rust.

mod background;
mod budget;
mod canvas;
mod color;
mod complexity;
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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use napi::bindgen_prelude::{AbortSignal, AsyncTask, Buffer};
use napi::{Env, Task};
use napi_derive::napi;

use crate::budget::Budget;
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
    /// Most CPU time the trace may use once started, in milliseconds; past
    /// it the trace stops with TOO_COMPLEX. Default: no limit.
    pub deadline_ms: Option<u32>,
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

/// One threadpool job: owns its input bytes and settings, and the flag its
/// AbortSignal sets, which the engine reads while it runs.
pub struct TraceTask {
    input: Vec<u8>,
    options: TraceOptions,
    cancelled: Arc<AtomicBool>,
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
        // The deadline counts this thread's work from when the job starts, not time spent queued.
        let deadline = o.deadline_ms.map(|ms| Duration::from_millis(ms.into()));
        engine::trace(&self.input, &settings, &Budget::of(deadline, Some(self.cancelled.clone())))
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
    // The engine's own outcome: only the JS thread can build the coded JS error.
    type Output = EngineResult<Traced>;
    type JsValue = TraceResult;

    fn compute(&mut self) -> napi::Result<Self::Output> {
        // napi does not catch panics on the threadpool; a panic here must
        // become a rejected promise, not a dead server.
        Ok(catch_unwind(AssertUnwindSafe(|| self.run()))
            .unwrap_or_else(|payload| Err(EngineError::Internal(format!("panic: {}", panic_message(payload))))))
    }

    fn resolve(&mut self, env: Env, output: Self::Output) -> napi::Result<Self::JsValue> {
        output.map(TraceResult::from).map_err(|error| error.into_js_error(env))
    }
}

/// Trace a PNG, JPEG or WebP logo into an SVG with its exact palette.
/// Aborting `signal` cancels a queued trace and stops a running one.
/// A failure rejects with an Error whose `code` is the engine's stable code.
#[napi(ts_return_type = "Promise<TraceResult>")]
pub fn trace_image(input: Buffer, options: Option<TraceOptions>, signal: Option<AbortSignal>) -> AsyncTask<TraceTask> {
    let cancelled = Arc::new(AtomicBool::new(false));
    if let Some(signal) = &signal {
        // napi only cancels work that has not started; the flag reaches the running engine.
        let flag = cancelled.clone();
        signal.on_abort(move || flag.store(true, Ordering::Relaxed));
    }
    let task = TraceTask { input: input.to_vec(), options: options.unwrap_or_default(), cancelled };
    AsyncTask::with_optional_signal(task, signal)
}
