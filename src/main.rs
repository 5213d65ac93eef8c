//! The `mj3` binary: argument parsing and exit codes live in [`mj3::cli`].

use std::process::ExitCode;

fn main() -> ExitCode {
    match mj3::cli::run(std::env::args_os()) {
        Ok(code) => code,
        Err(err) => mj3::cli::report_failure(&err),
    }
}
