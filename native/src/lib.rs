//! napi entry: `traceImage`, an async call whose work runs as a task on the
//! libuv threadpool. Everything below `engine` is plain Rust; its result type
//! is also the JavaScript object. The test and benchmark hooks (`hooks`) are
//! built only with the `hooks` feature, never into the shipped addon.

// The engine's modules in the order its pipeline (`engine::trace`) calls
// them, then what several stages share.
mod engine;
mod decode;
mod noise;
mod canvas;
mod complexity;
mod border;
mod palette;
mod marks;
mod labels;
mod background;
mod chroma;
mod ramps;
mod brand;
mod translucency;
mod subpixel;
mod trace;
mod fit;
mod svg;

mod budget;
mod color;
mod cores;
mod error;
mod grid;
#[cfg(feature = "hooks")]
mod hooks;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use napi::bindgen_prelude::{AbortSignal, AsyncTask, Buffer, ToNapiValue, TypeName};
use napi::{Env, Task};
use napi_derive::napi;

use crate::budget::Budget;
use crate::engine::{Settings, Traced};
use crate::error::{EngineError, EngineResult};

/// The addon allocates its per-layer windows and distance maps afresh for
/// each layer; glibc's malloc hands such blocks back to the system and takes
/// new zeroed pages at the next, so a batch of traces spent about 7% of its
/// CPU in page faults. mimalloc keeps a thread's freed pages for its next
/// allocations (only the addon's own: the rest of the process keeps glibc's),
/// for `PURGE_DELAY_MS`. The price is memory: a threadpool thread holds what
/// its last traces freed, about 20 MB each after a burst of 512 px JPEGs,
/// until that delay has passed and it next allocates.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// How long mimalloc keeps freed pages before handing them back to the
/// system. Its default, 10 ms, is shorter than one trace's stages: each
/// stage's buffers came back as fresh pages to fault in again, and every
/// trace after a pause started cold. A quarter of a second spans a trace
/// and the gap to the next in a batch or a busy server: over the gradient
/// logos traced with pauses of 20 ms, a third of the page faults and about
/// 7% less engine time, as many faults saved as a whole second saves (100 ms
/// saves half as many), while a server's memory goes back soon after its
/// last trace (its load run's RSS holds steady: `npm run reliability`).
const PURGE_DELAY_MS: std::ffi::c_long = 250;

/// `mi_option_purge_delay` of mimalloc 2's `mi_option_e` (mimalloc.h),
/// which the Rust bindings do not name.
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

extern "C" {
    /// mimalloc's own (mimalloc.h), built into the addon with the allocator.
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

#[napi_derive::module_init]
fn keep_freed_pages() {
    // SAFETY: sets one number in mimalloc's table of options, which it
    // reads when it next considers purging; safe from any thread at any time.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS) }
}

/// The work of one threadpool job, plain Rust; `NapiTask` runs it.
pub trait EngineTask: Send {
    /// What its promise resolves to: a trace, for every task but the hooks'.
    type Output: ToNapiValue + TypeName + Send + 'static;
    fn run(&self) -> EngineResult<Self::Output>;
}

/// The napi side of an `EngineTask`: runs it on the libuv threadpool and
/// settles its promise, with a panic or an `EngineError` becoming a rejection
/// that carries the error's code.
pub struct NapiTask<T>(T);

/// Runs the task with a panic becoming an internal error: napi does not
/// catch panics on the threadpool, and one must reject its promise, not end
/// the server.
fn run_catching_panics<T: EngineTask>(task: &T) -> EngineResult<T::Output> {
    catch_unwind(AssertUnwindSafe(|| task.run()))
        .unwrap_or_else(|payload| Err(EngineError::Internal(format!("panic: {}", panic_message(payload)))))
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}

impl<T: EngineTask> Task for NapiTask<T> {
    // The engine's own outcome: only the JS thread can build the coded JS error.
    type Output = EngineResult<T::Output>;
    type JsValue = T::Output;

    fn compute(&mut self) -> napi::Result<Self::Output> {
        Ok(run_catching_panics(&self.0))
    }

    fn resolve(&mut self, env: Env, output: Self::Output) -> napi::Result<Self::JsValue> {
        output.map_err(|error| error.into_js_error(env))
    }
}

/// A trace with our cleanup: owns its input bytes and settings, and the flag
/// its AbortSignal sets, which the engine reads while it runs.
pub struct TraceTask {
    input: Vec<u8>,
    settings: Settings,
    deadline: Option<Duration>,
    cancelled: Arc<AtomicBool>,
}

impl EngineTask for TraceTask {
    type Output = Traced;

    fn run(&self) -> EngineResult<Traced> {
        engine::trace(&self.input, &self.settings, &Budget::of(self.deadline, Some(self.cancelled.clone())))
    }
}

/// Trace a PNG, JPEG or WebP logo into an SVG with its exact palette.
/// `deadline_ms` is the most CPU time the trace may use once started; past
/// it the trace stops with TOO_COMPLEX (it counts this thread's work from
/// when the job starts, not time spent queued). Aborting `signal` cancels a
/// queued trace and stops a running one. A failure rejects with an Error
/// whose `code` is the engine's stable code.
#[napi(ts_return_type = "Promise<TraceResult>")]
pub fn trace_image(
    input: Buffer,
    settings: Settings,
    deadline_ms: Option<u32>,
    signal: Option<AbortSignal>,
) -> AsyncTask<NapiTask<TraceTask>> {
    let cancelled = Arc::new(AtomicBool::new(false));
    if let Some(signal) = &signal {
        // napi only cancels work that has not started; the flag reaches the running engine.
        let flag = cancelled.clone();
        signal.on_abort(move || flag.store(true, Ordering::Relaxed));
    }
    let deadline = deadline_ms.map(|ms| Duration::from_millis(ms.into()));
    let task = TraceTask { input: input.to_vec(), settings, deadline, cancelled };
    AsyncTask::with_optional_signal(NapiTask(task), signal)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Panicking;

    impl EngineTask for Panicking {
        type Output = Traced;

        fn run(&self) -> EngineResult<Traced> {
            panic!("a bug in a stage");
        }
    }

    #[test]
    fn a_panic_in_a_task_becomes_an_internal_error_not_an_unwind() {
        match run_catching_panics(&Panicking) {
            Err(EngineError::Internal(message)) => assert_eq!(message, "panic: a bug in a stage"),
            other => panic!("expected an internal error, got {:?}", other.map(|t| t.svg)),
        }
    }

    extern "C" {
        fn mi_option_get(option: std::ffi::c_int) -> std::ffi::c_long;
    }

    #[test]
    fn the_allocator_keeps_freed_pages_for_the_delay_set_when_the_addon_loads() {
        // SAFETY: reads one number from mimalloc's table of options.
        let delay = unsafe { mi_option_get(MI_OPTION_PURGE_DELAY) };
        assert_eq!(delay, PURGE_DELAY_MS, "mimalloc's default is 10 ms");
    }
}
