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
