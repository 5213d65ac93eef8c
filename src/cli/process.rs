//! mj3's own process start on Linux with glibc, in place of Rust's runtime start
//! (`#![no_main]` in `src/main.rs`).
//!
//! Rust's start does four things before `main`: it reopens a closed standard stream on
//! `/dev/null`, ignores `SIGPIPE`, names the main thread, and installs the handler that
//! reports a stack overflow. The last needs the main thread's stack bounds, which glibc finds
//! by reading and parsing `/proc/self/maps`, and an alternate signal stack: about 100 k
//! instructions and a dozen system calls, 11 % of a one-hand `mj3 score` (issue 12: one hand
//! in under agari's time). [`start`] does the first two, as Rust's start does them, and
//! flushes standard output at the end as Rust's exit does. Left out: a stack overflow (mj3's
//! recursion is bounded by the 14 tiles of a hand) ends in a plain `SIGSEGV` without the
//! message, and a panic (a bug) is reported from thread `<unnamed>` rather than `main`, with
//! the same exit code, 101.

use std::fs::OpenOptions;
use std::io::{self, Write};
use std::os::fd::IntoRawFd;
use std::panic::{self, AssertUnwindSafe};

/// The exit code of a run that panicked, as Rust's start gives it.
const EXIT_PANIC: u8 = 101;

/// Prepares the process as Rust's start would, runs the command line of `std::env::args_os`
/// and returns the exit code, after flushing standard output.
pub fn start() -> u8 {
    reopen_closed_standard_streams();
    ignore_sigpipe();
    let code = panic::catch_unwind(AssertUnwindSafe(|| super::main(std::env::args_os())))
        .unwrap_or(EXIT_PANIC);
    // Rust's exit flushes standard output and ignores a failure: every command flushed what
    // it wrote and reported a failure already.
    let _ = io::stdout().flush();
    code
}

/// Opens `/dev/null` read-write in place of each standard stream (0, 1, 2) that is closed,
/// so that no file mj3 opens takes a standard stream's number and `stdout_was_closed` can
/// tell a closed standard output (as Rust's start does; it aborts when `/dev/null` cannot be
/// opened).
fn reopen_closed_standard_streams() {
    for fd in 0..3 {
        // SAFETY: F_GETFD only reads the descriptor's flags; a closed descriptor is EBADF.
        let closed = unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1
            && io::Error::last_os_error().raw_os_error() == Some(libc::EBADF);
        if closed {
            // Descriptors below `fd` are open, so the lowest free one, which `open` takes,
            // is `fd`. It stays open for the life of the process.
            match OpenOptions::new().read(true).write(true).open("/dev/null") {
                Ok(null) => {
                    let _ = null.into_raw_fd();
                }
                Err(_) => std::process::abort(),
            }
        }
    }
}

/// Ignores `SIGPIPE`, so that writing to a closed pipe is an error mj3 handles (it ends
/// quietly) rather than a signal that kills it.
fn ignore_sigpipe() {
    // SAFETY: sets the disposition of one signal to "ignore"; no handler runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}
