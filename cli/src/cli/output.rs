//! The edge between mj3 and its terminal, pipes and files: one colour choice for every stream,
//! writes that fail instead of panicking, and input echoed without raw control characters.

use std::ffi::OsString;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use anstream::ColorChoice;
use anstyle::{AnsiColor, Style};

pub use mj3::escape::escape_control;
use mj3::escape::escaped_offset;
use mj3::notation::{self, Span};

/// The colour choice of the command line, read before clap parses the arguments so that
/// clap's own help and errors follow it too. `NO_COLOR` set to a non-empty value wins over
/// everything, `--color always` included.
pub fn color_choice(args: &[OsString]) -> ColorChoice {
    if anstyle_query::no_color() {
        return ColorChoice::Never;
    }
    let mut words = args.iter().skip(1).map(|a| a.to_string_lossy());
    let mut chosen = None;
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        let value = match word.strip_prefix("--color") {
            Some("") => words.next().map(|v| v.into_owned()),
            Some(rest) => rest.strip_prefix('=').map(str::to_string),
            None => None,
        };
        chosen = match value.as_deref() {
            Some("always") => Some(ColorChoice::Always),
            Some("never") => Some(ColorChoice::Never),
            Some("auto") => Some(ColorChoice::Auto),
            _ => chosen,
        };
    }
    chosen.unwrap_or(ColorChoice::Auto)
}

/// Whether `stream` is to be coloured under the global choice: `auto` colours a terminal
/// only (and honours `NO_COLOR`, `CLICOLOR`, `CLICOLOR_FORCE` and `TERM=dumb`).
pub fn colors(stream: &impl anstream::stream::RawStream) -> bool {
    anstream::AutoStream::choice(stream) != ColorChoice::Never
}

/// The narrowest width tables are fitted to.
const MIN_WIDTH: u16 = 40;
/// The width when neither `COLUMNS` nor a terminal gives one (a pipe, a file).
pub const DEFAULT_WIDTH: u16 = 80;

/// The width to fit tables and lines to: `COLUMNS` when it holds a number (at least 40 is
/// used), else the terminal's width when standard output is one, else 80.
pub fn terminal_width() -> u16 {
    let from_env = std::env::var("COLUMNS")
        .ok()
        .and_then(|columns| columns.trim().parse::<u16>().ok());
    let width = from_env
        .or_else(stdout_terminal_width)
        .unwrap_or(DEFAULT_WIDTH);
    width.max(MIN_WIDTH)
}

/// The width a `--brief` line is wrapped to: the terminal's ([`terminal_width`]) when standard
/// output is a terminal; none for a file or a pipe, whatever `COLUMNS` says, so that a script
/// reads one line per answer.
pub fn brief_width() -> Option<u16> {
    use std::io::IsTerminal;
    io::stdout().is_terminal().then(terminal_width)
}

/// The width of the terminal standard output is, asked of the controlling terminal
/// (`/dev/tty`) or, when there is none, of standard output itself (as comfy-table's `tty`
/// feature asks it); `None` when standard output is not a terminal or the terminal does not
/// tell.
#[cfg(unix)]
pub fn stdout_terminal_width() -> Option<u16> {
    use std::io::IsTerminal;
    let stdout = io::stdout();
    if !stdout.is_terminal() {
        return None;
    }
    let size = match std::fs::File::open("/dev/tty") {
        Ok(tty) => rustix::termios::tcgetwinsize(&tty),
        Err(_) => rustix::termios::tcgetwinsize(&stdout),
    };
    size.ok().map(|size| size.ws_col)
}

/// Elsewhere than on Unix the terminal's width is not asked: `COLUMNS` or 80.
#[cfg(not(unix))]
pub fn stdout_terminal_width() -> Option<u16> {
    None
}

/// Set once a write to standard error failed (a closed pipe, a full disk): standard error
/// carries only messages, so the lines after that are dropped and the run goes on, its
/// records on standard output written in full and its exit code unchanged.
static STDERR_LOST: AtomicBool = AtomicBool::new(false);

/// Writes `error: MESSAGE` and a newline to standard error, `error:` in bold red when
/// standard error is coloured; dropped once standard error cannot be written.
pub fn write_error(message: &str) {
    let stderr = io::stderr();
    let color = colors(&stderr);
    if color {
        let style = Style::new().bold().fg_color(Some(AnsiColor::Red.into()));
        write_stderr(format_args!("{style}error:{style:#} {message}\n"));
    } else {
        write_stderr(format_args!("error: {message}\n"));
    }
}

/// Writes a line (the hint or the summary) to standard error; dropped once standard error
/// cannot be written.
pub fn write_note(message: &str) {
    write_stderr(format_args!("{message}\n"));
}

fn write_stderr(text: std::fmt::Arguments) {
    if STDERR_LOST.load(Ordering::Relaxed) {
        return;
    }
    if io::stderr().lock().write_fmt(text).is_err() {
        STDERR_LOST.store(true, Ordering::Relaxed);
    }
}

/// The line with a caret under `span`, control characters escaped and the caret moved with
/// them, so that it still points at the character the error is about.
pub fn snippet(line: &str, span: Span) -> String {
    let shown = Span::new(
        escaped_offset(line, span.start),
        escaped_offset(line, span.end),
    );
    notation::caret_snippet(&escape_control(line), shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_caret_moves_with_the_escapes() {
        let line = "\u{1b}\u{1b}123x";
        let snippet = snippet(line, Span::new(5, 6));
        assert_eq!(snippet, "  \\x1b\\x1b123x\n             ^");
    }

    #[test]
    fn the_last_color_flag_counts_and_no_flag_is_auto() {
        if anstyle_query::no_color() {
            return;
        }
        let choice = |words: &[&str]| color_choice(&args(words));
        assert_eq!(choice(&["mj3", "--color", "never"]), ColorChoice::Never);
        assert_eq!(
            choice(&["mj3", "--color=never", "score", "--color=always"]),
            ColorChoice::Always
        );
        assert_eq!(choice(&["mj3", "score", "x"]), ColorChoice::Auto);
        assert_eq!(
            choice(&["mj3", "score", "--", "--color", "never"]),
            ColorChoice::Auto
        );
    }
}
