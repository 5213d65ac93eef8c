//! The `mj3` binary: argument parsing and exit codes live in [`mj3::cli`].

use std::process::ExitCode;

fn main() -> ExitCode {
    match mj3::cli::run(std::env::args_os()) {
        Ok(code) => code,
        Err(err) => {
            if mj3::cli::is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            if mj3::cli::is_write_error(&err) {
                eprintln!("error: could not write the output: {err:#}");
            } else {
                eprintln!("error: {err:#}");
            }
            mj3::cli::exit_code_for(&err)
        }
    }
}
