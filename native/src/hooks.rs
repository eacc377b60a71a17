//! Test and benchmark hooks, built only with the `hooks` feature (`npm run
//! build:native:hooks`), never into the shipped addon: plain vtracer with its
//! defaults as the benchmarks' baseline, our trace with the time of each of
//! its stages, and a threadpool job that panics, for the test that a panic
//! becomes a rejection. Each runs as a task like `traceImage`'s and rejects
//! the same way.

use std::time::Instant;

use napi::bindgen_prelude::{AsyncTask, Buffer};
use napi_derive::napi;
use visioncortex::ColorImage;
use vtracer::Config;

use crate::budget::Budget;
use crate::decode::decode;
use crate::engine::{trace_lapped, Settings, Traced, STAGES};
use crate::error::{EngineError, EngineResult};
use crate::{EngineTask, NapiTask};

/// The benchmark baseline: plain vtracer with its default settings, none of our cleanup.
pub struct PlainVtracerTask {
    input: Vec<u8>,
}

impl EngineTask for PlainVtracerTask {
    type Output = Traced;

    fn run(&self) -> EngineResult<Traced> {
        let started = Instant::now();
        let decoded = decode(&self.input)?;
        let rgba = &decoded.image;
        let image =
            ColorImage { pixels: rgba.as_raw().clone(), width: rgba.width() as usize, height: rgba.height() as usize };
        let svg = vtracer::convert(image, Config::default()).map_err(EngineError::Internal)?.to_string();
        let mut palette: Vec<String> = Vec::new();
        for fill in svg.split("fill=\"").skip(1) {
            let color = fill[..7].to_string();
            if !palette.contains(&color) {
                palette.push(color);
            }
        }
        // Coverage is not measured for the baseline.
        Ok(Traced {
            svg,
            palette,
            coverage: Vec::new(),
            gradients: Vec::new(),
            width: rgba.width(),
            height: rgba.height(),
            left: 0,
            top: 0,
            warnings: Vec::new(),
            engine_ms: started.elapsed().as_secs_f64() * 1000.0,
        })
    }
}

/// Benchmark baseline: trace with plain vtracer and its default settings, none
/// of our cleanup. Failures reject like `traceImage`'s.
#[napi(ts_return_type = "Promise<TraceResult>")]
pub fn trace_with_plain_vtracer(input: Buffer) -> AsyncTask<NapiTask<PlainVtracerTask>> {
    AsyncTask::new(NapiTask(PlainVtracerTask { input: input.to_vec() }))
}

/// A trace with the milliseconds each stage of the pipeline took.
#[napi(object)]
pub struct StagedTrace {
    pub result: Traced,
    /// Per stage, in the pipeline's order (`engine::STAGES`); 0 for a stage
    /// the trace skipped.
    pub stages: Vec<StageTime>,
}

#[napi(object)]
pub struct StageTime {
    pub stage: String,
    pub ms: f64,
}

/// Our trace, timed stage by stage, with no deadline.
pub struct StagedTraceTask {
    input: Vec<u8>,
    settings: Settings,
}

impl EngineTask for StagedTraceTask {
    type Output = StagedTrace;

    fn run(&self) -> EngineResult<StagedTrace> {
        let mut ms = [0.0; STAGES.len()];
        let mut last = Instant::now();
        let result = trace_lapped(&self.input, &self.settings, &Budget::default(), &mut |stage| {
            let now = Instant::now();
            let index = STAGES.iter().position(|&s| s == stage).expect("every lap names a stage");
            ms[index] += (now - last).as_secs_f64() * 1000.0;
            last = now;
        })?;
        let stages = STAGES.iter().zip(ms).map(|(stage, ms)| StageTime { stage: stage.to_string(), ms }).collect();
        Ok(StagedTrace { result, stages })
    }
}

/// Benchmark hook: `traceImage` (settings complete, no deadline) with the
/// time of each stage of the pipeline.
#[napi(ts_return_type = "Promise<StagedTrace>")]
pub fn trace_with_stage_times(input: Buffer, settings: Settings) -> AsyncTask<NapiTask<StagedTraceTask>> {
    AsyncTask::new(NapiTask(StagedTraceTask { input: input.to_vec(), settings }))
}

/// A job that panics, for the test that a panic on the threadpool becomes a rejection.
pub struct ForcedPanicTask;

impl EngineTask for ForcedPanicTask {
    type Output = Traced;

    fn run(&self) -> EngineResult<Traced> {
        panic!("forced panic requested by a test");
    }
}

/// A threadpool job that panics, so a test can prove the panic rejects with
/// code INTERNAL and the process carries on.
#[napi(ts_return_type = "Promise<never>")]
pub fn panic_in_threadpool_for_test() -> AsyncTask<NapiTask<ForcedPanicTask>> {
    AsyncTask::new(NapiTask(ForcedPanicTask))
}
