//! The `mj3` binary: the command line of [`cli`] over the `mj3` library.

#![forbid(unsafe_code)]

mod cli;

fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(cli::main(std::env::args_os()))
}
