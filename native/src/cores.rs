//! Whether a trace may take a second core. A server tracing several images
//! at once keeps every core busy with one trace each, where a helper thread
//! would only take a core from another trace; when fewer traces run than
//! there are cores (one upload, a CLI's last file), a free core shortens
//! this one.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Traces running now, in this process.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// One running trace, counted while it lives.
pub struct Running(());

impl Running {
    pub fn start() -> Running {
        RUNNING.fetch_add(1, Ordering::Relaxed);
        Running(())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Whether fewer traces run than the machine has cores.
pub fn spare() -> bool {
    static CORES: OnceLock<usize> = OnceLock::new();
    let cores = *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    RUNNING.load(Ordering::Relaxed) < cores
}

/// `first` and `second`, the second on a helper thread when `worth_a_thread`
/// and a core is spare: the same results either way, sooner on a free core.
/// A panic on the helper resumes on this thread, as if it had run here.
pub fn join<A: Send, B: Send>(
    worth_a_thread: bool,
    first: impl FnOnce() -> A + Send,
    second: impl FnOnce() -> B + Send,
) -> (A, B) {
    if !(worth_a_thread && spare()) {
        return (first(), second());
    }
    std::thread::scope(|scope| {
        let helper = scope.spawn(second);
        let first = first();
        (first, helper.join().unwrap_or_else(|payload| std::panic::resume_unwind(payload)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joined_work_gives_both_results_in_order_on_one_thread_or_two() {
        let here = std::thread::current().id();
        for worth_a_thread in [false, true] {
            let (a, (b, ran_on)) = join(worth_a_thread, || 6 * 7, || ("second", std::thread::current().id()));
            assert_eq!((a, b), (42, "second"));
            if !worth_a_thread {
                assert_eq!(ran_on, here, "small work stays on the calling thread");
            }
        }
    }

    #[test]
    fn a_panic_on_the_helper_resumes_on_the_calling_thread() {
        let caught = std::panic::catch_unwind(|| join(true, || 1, || -> i32 { panic!("a bug in the helper") }));
        let payload = caught.expect_err("the helper's panic reaches the caller");
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"a bug in the helper"));
    }
}
