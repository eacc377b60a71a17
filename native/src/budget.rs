//! How long one trace may run, and whether its caller still wants it. The
//! engine checks its budget inside its long loops, so a trace past its
//! deadline or cancelled (the client went away) stops within milliseconds
//! and frees its thread.
//!
//! The deadline is on the thread's CPU time: it measures the trace's own
//! work, so an image is never refused as too complex because other work
//! kept the machine busy while it ran.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// CPU time this thread has used.
#[cfg(unix)]
fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec through a valid pointer; the
    // thread CPU clock exists on every Unix this addon builds for.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    if status != 0 {
        return Duration::ZERO;
    }
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Elsewhere, wall time since the first call stands in for CPU time.
#[cfg(not(unix))]
fn thread_cpu_time() -> Duration {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

use crate::error::{EngineError, EngineResult};

/// How many steps of an inner loop may pass between two clock reads.
pub const CHECK_EVERY: usize = 1024;

/// The default budget never runs out.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// The thread CPU time at which it runs out, and the limit it was given.
    deadline: Option<(Duration, Duration)>,
    cancelled: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// A budget of `limit` (if any) of this thread's CPU time from now,
    /// ended early once `cancelled` (if given) is set. Checked on the same
    /// thread that made it.
    pub fn of(limit: Option<Duration>, cancelled: Option<Arc<AtomicBool>>) -> Budget {
        Budget { deadline: limit.map(|limit| (thread_cpu_time() + limit, limit)), cancelled }
    }

    pub fn check(&self) -> EngineResult<()> {
        if self.cancelled.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(EngineError::Aborted);
        }
        match self.deadline {
            Some((at, limit)) if thread_cpu_time() >= at => {
                Err(EngineError::TooComplex(format!("tracing did not finish within {} ms", limit.as_millis())))
            }
            _ => Ok(()),
        }
    }

    /// What a helper thread needs to work under this budget: what is left of
    /// the deadline on this thread's clock, and the same cancellation.
    pub fn handoff(&self) -> Handoff {
        let left = self.deadline.map(|(at, limit)| (at.saturating_sub(thread_cpu_time()), limit));
        Handoff { left, cancelled: self.cancelled.clone() }
    }

    /// `check`, on every `CHECK_EVERY`th step only.
    pub fn check_at(&self, step: usize) -> EngineResult<()> {
        if step.is_multiple_of(CHECK_EVERY) {
            self.check()
        } else {
            Ok(())
        }
    }
}

/// A budget on its way to a helper thread, which starts it on its own CPU
/// clock: the helper may spend what was left, as the thread that made it may.
pub struct Handoff {
    /// What was left of the deadline, and the limit it was given.
    left: Option<(Duration, Duration)>,
    cancelled: Option<Arc<AtomicBool>>,
}

impl Handoff {
    pub fn start(self) -> Budget {
        let deadline = self.left.map(|(left, limit)| (thread_cpu_time() + left, limit));
        Budget { deadline, cancelled: self.cancelled }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unlimited_budget_never_runs_out_and_a_spent_one_says_so() {
        assert!(Budget::default().check().is_ok());
        let spent = Budget::of(Some(Duration::ZERO), None);
        let error = spent.check().unwrap_err();
        assert_eq!(error.code(), "TOO_COMPLEX");
        assert!(error.to_string().contains("within 0 ms"), "{error}");
        assert!(spent.check_at(1).is_ok(), "only every CHECK_EVERY-th step reads the clock");
        assert!(spent.check_at(CHECK_EVERY).is_err());
    }

    #[test]
    fn the_deadline_counts_this_threads_work() {
        let budget = Budget::of(Some(Duration::from_millis(20)), None);
        std::thread::sleep(Duration::from_millis(40));
        assert!(budget.check().is_ok(), "sleeping is not work");
        let started = std::time::Instant::now();
        let mut spin = 0u64;
        while budget.check().is_ok() {
            spin = spin.wrapping_add(1);
            assert!(started.elapsed() < Duration::from_secs(5), "the budget never ran out");
        }
        assert!(spin > 0);
    }

    #[test]
    fn a_handed_off_budget_keeps_what_was_left_and_the_cancellation() {
        let on_helper = |handoff: Handoff| std::thread::spawn(move || handoff.start().check()).join().unwrap();
        let spent = on_helper(Budget::of(Some(Duration::ZERO), None).handoff()).unwrap_err();
        assert!(spent.to_string().contains("within 0 ms"), "the limit it was given: {spent}");
        let cancelled = Arc::new(AtomicBool::new(false));
        let roomy = Budget::of(Some(Duration::from_secs(60)), Some(cancelled.clone()));
        assert!(on_helper(roomy.handoff()).is_ok());
        cancelled.store(true, Ordering::Relaxed);
        assert_eq!(on_helper(roomy.handoff()).unwrap_err().code(), "ABORTED");
    }

    #[test]
    fn a_cancelled_budget_stops_at_the_next_check() {
        let cancelled = Arc::new(AtomicBool::new(false));
        let budget = Budget::of(None, Some(cancelled.clone()));
        assert!(budget.check().is_ok());
        cancelled.store(true, Ordering::Relaxed);
        assert_eq!(budget.check().unwrap_err().code(), "ABORTED");
    }
}
