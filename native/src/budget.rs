//! How long one trace may run, and whether its caller still wants it. The
//! engine checks its budget inside its long loops, so a trace past its
//! deadline or cancelled (the client went away) stops within milliseconds
//! and frees its thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::error::{EngineError, EngineResult};

/// How many steps of an inner loop may pass between two clock reads.
pub const CHECK_EVERY: usize = 1024;

/// The default budget never runs out.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    deadline: Option<(Instant, Duration)>,
    cancelled: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// A budget of `limit` (if any) from now, ended early once `cancelled`
    /// (if given) is set.
    pub fn of(limit: Option<Duration>, cancelled: Option<Arc<AtomicBool>>) -> Budget {
        Budget { deadline: limit.map(|limit| (Instant::now() + limit, limit)), cancelled }
    }

    pub fn check(&self) -> EngineResult<()> {
        if self.cancelled.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(EngineError::Aborted);
        }
        match self.deadline {
            Some((at, limit)) if Instant::now() >= at => {
                Err(EngineError::TooComplex(format!("tracing did not finish within {} ms", limit.as_millis())))
            }
            _ => Ok(()),
        }
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
    fn a_cancelled_budget_stops_at_the_next_check() {
        let cancelled = Arc::new(AtomicBool::new(false));
        let budget = Budget::of(None, Some(cancelled.clone()));
        assert!(budget.check().is_ok());
        cancelled.store(true, Ordering::Relaxed);
        assert_eq!(budget.check().unwrap_err().code(), "ABORTED");
    }
}
