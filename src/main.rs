//! The `mj3` binary: argument parsing and exit codes live in [`mj3::cli`].
//!
//! On Linux with glibc the binary starts from its own C `main` rather than through Rust's
//! runtime start, which spends 11 % of a one-hand `mj3 score` finding the main thread's stack
//! for its stack-overflow message; [`mj3::cli::process`] says what it does instead. The
//! arguments are read by `std::env::args_os`, which glibc's start provides to Rust without
//! Rust's runtime. (The test harness of this file keeps its own `main`.)
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[unsafe(no_mangle)]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    std::ffi::c_int::from(mj3::cli::process::start())
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(mj3::cli::main(std::env::args_os()))
}
