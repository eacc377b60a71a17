//! napi entry: `traceImage`, plus the plain-vtracer benchmark baseline and a
//! test-only panic, each an async call whose work runs as a task on the libuv
//! threadpool. Everything below `engine` is plain Rust; its result type is
//! also the JavaScript object.

mod background;
mod border;
mod budget;
mod canvas;
mod chroma;
mod color;
mod complexity;
mod decode;
mod engine;
mod error;
mod fit;
mod grid;
mod labels;
mod marks;
mod noise;
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
}

/// The work of one threadpool job, plain Rust; `NapiTask` runs it.
pub trait EngineTask: Send {
    fn run(&self) -> EngineResult<Traced>;
}

/// The napi side of an `EngineTask`: runs it on the libuv threadpool and
/// settles its promise, with a panic or an `EngineError` becoming a rejection
/// that carries the error's code.
pub struct NapiTask<T>(T);

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}

impl<T: EngineTask> Task for NapiTask<T> {
    // The engine's own outcome: only the JS thread can build the coded JS error.
    type Output = EngineResult<Traced>;
    type JsValue = Traced;

    fn compute(&mut self) -> napi::Result<Self::Output> {
        // napi does not catch panics on the threadpool; a panic here must
        // become a rejected promise, not a dead server.
        Ok(catch_unwind(AssertUnwindSafe(|| self.0.run()))
            .unwrap_or_else(|payload| Err(EngineError::Internal(format!("panic: {}", panic_message(payload))))))
    }

    fn resolve(&mut self, env: Env, output: Self::Output) -> napi::Result<Self::JsValue> {
        output.map_err(|error| error.into_js_error(env))
    }
}

/// A trace with our cleanup: owns its input bytes and settings, and the flag
/// its AbortSignal sets, which the engine reads while it runs.
pub struct TraceTask {
    input: Vec<u8>,
    options: TraceOptions,
    cancelled: Arc<AtomicBool>,
}

impl EngineTask for TraceTask {
    fn run(&self) -> EngineResult<Traced> {
        let o = &self.options;
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

/// Trace a PNG, JPEG or WebP logo into an SVG with its exact palette.
/// Aborting `signal` cancels a queued trace and stops a running one.
/// A failure rejects with an Error whose `code` is the engine's stable code.
#[napi(ts_return_type = "Promise<TraceResult>")]
pub fn trace_image(
    input: Buffer,
    options: Option<TraceOptions>,
    signal: Option<AbortSignal>,
) -> AsyncTask<NapiTask<TraceTask>> {
    let cancelled = Arc::new(AtomicBool::new(false));
    if let Some(signal) = &signal {
        // napi only cancels work that has not started; the flag reaches the running engine.
        let flag = cancelled.clone();
        signal.on_abort(move || flag.store(true, Ordering::Relaxed));
    }
    let task = TraceTask { input: input.to_vec(), options: options.unwrap_or_default(), cancelled };
    AsyncTask::with_optional_signal(NapiTask(task), signal)
}

/// The benchmark baseline: plain vtracer with its default settings, none of our cleanup.
pub struct PlainVtracerTask {
    input: Vec<u8>,
}

impl EngineTask for PlainVtracerTask {
    fn run(&self) -> EngineResult<Traced> {
        engine::trace_plain(&self.input)
    }
}

/// Benchmark baseline: trace with plain vtracer and its default settings, none
/// of our cleanup. Failures reject like `traceImage`'s.
#[napi(ts_return_type = "Promise<TraceResult>")]
pub fn trace_with_plain_vtracer(input: Buffer) -> AsyncTask<NapiTask<PlainVtracerTask>> {
    AsyncTask::new(NapiTask(PlainVtracerTask { input: input.to_vec() }))
}

/// A job that panics, for the test that a panic on the threadpool becomes a rejection.
pub struct ForcedPanicTask;

impl EngineTask for ForcedPanicTask {
    fn run(&self) -> EngineResult<Traced> {
        panic!("forced panic requested by a test");
    }
}

/// Test only, not part of the tracing API: a threadpool job that panics, so a
/// test can prove the panic rejects with code INTERNAL and the process carries on.
#[napi(ts_return_type = "Promise<never>")]
pub fn panic_in_threadpool_for_test() -> AsyncTask<NapiTask<ForcedPanicTask>> {
    AsyncTask::new(NapiTask(ForcedPanicTask))
}
