//! What a shared house file cannot do to the loader: an `extends` chain deeper than
//! `MAX_HOUSE_FILES` house files, a cycle however its path is spelt, house files larger than
//! `MAX_HOUSE_BYTES` (one, or a chain together), or a path to something that is not a regular
//! file (a folder, a device, a FIFO) each give a clear error, without a crash, a hang or
//! unbounded memory.

use std::path::Path;

use mj3::rules::{self, MAX_HOUSE_BYTES, MAX_HOUSE_FILES, RulesError};

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write a house file");
    path.display().to_string()
}

/// `c0.toml` … `c{files - 1}.toml`, each extending the next, the last `extends = "korean"`;
/// the path of the first.
fn chain(dir: &Path, files: usize) -> String {
    for i in 0..files {
        let below = match i + 1 {
            last if last == files => "korean".to_string(),
            next => format!("c{next}.toml"),
        };
        write(
            dir,
            &format!("c{i}.toml"),
            &format!("extends = \"{below}\"\n"),
        );
    }
    dir.join("c0.toml").display().to_string()
}

#[test]
fn a_chain_of_the_most_house_files_loads() {
    let dir = tempfile::tempdir().expect("temp dir");
    let top = chain(dir.path(), MAX_HOUSE_FILES);
    let ruleset = rules::load(&top).expect("a chain of the most house files loads");
    assert_eq!(ruleset.changes.files.len(), MAX_HOUSE_FILES);
    assert_eq!(ruleset.changes.base, "korean");
}

#[test]
fn a_chain_deeper_than_the_most_house_files_is_refused_naming_the_chain() {
    let dir = tempfile::tempdir().expect("temp dir");
    let top = chain(dir.path(), 1_500);
    let err = rules::load(&top).expect_err("too deep");
    let RulesError::TooDeep { chain, most } = &err else {
        panic!("too deep: {err}")
    };
    assert_eq!(*most, MAX_HOUSE_FILES);
    let shown: Vec<&str> = chain.split(" → ").collect();
    assert_eq!(shown.len(), MAX_HOUSE_FILES + 1, "{err}");
    assert_eq!(shown.first(), Some(&format!("{top}:1").as_str()), "{err}");
    let next = format!("c{MAX_HOUSE_FILES}.toml");
    assert!(shown.last().is_some_and(|s| s.ends_with(&next)), "{err}");
    assert!(
        err.to_string()
            .contains(&format!("goes deeper than {MAX_HOUSE_FILES} house files")),
        "{err}"
    );
}

#[test]
fn a_cycle_through_a_path_that_grows_is_found_by_the_canonical_path() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("s")).expect("a subfolder");
    let y = write(
        dir.path(),
        "y.toml",
        "name = \"y\"\nextends = \"s/../y.toml\"\n",
    );
    let err = rules::load(&y).expect_err("a cycle");
    let RulesError::Cycle(chain) = &err else {
        panic!("a cycle: {err}")
    };
    let again = dir.path().join("s/../y.toml").display().to_string();
    assert_eq!(*chain, format!("{y}:2 → {again}"), "{err}");
}

#[test]
fn a_cycle_through_several_files_names_each_with_its_extends_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("s")).expect("a subfolder");
    let a = write(dir.path(), "a.toml", "extends = \"s/b.toml\"\n");
    write(dir.path(), "s/b.toml", "\nextends = \"../a.toml\"\n");
    let err = rules::load(&a).expect_err("a cycle");
    let b = dir.path().join("s/b.toml").display().to_string();
    let again = dir.path().join("s/../a.toml").display().to_string();
    assert!(
        err.to_string()
            .contains(&format!("circle: {a}:1 → {b}:2 → {again} ")),
        "{err}"
    );
}

#[test]
fn a_file_larger_than_the_limit_is_refused_and_one_at_the_limit_loads() {
    let dir = tempfile::tempdir().expect("temp dir");
    let head = "extends = \"korean\"\n#";
    let limit = usize::try_from(MAX_HOUSE_BYTES).expect("a limit that fits in memory");
    let at_limit = format!("{head}{}\n", "x".repeat(limit - head.len() - 1));
    assert_eq!(at_limit.len(), limit);
    let path = write(dir.path(), "at-limit.toml", &at_limit);
    rules::load(&path).expect("a file at the limit loads");
    let path = write(dir.path(), "over.toml", &format!("{at_limit} "));
    let err = rules::load(&path).expect_err("one byte over the limit");
    assert!(
        matches!(&err, RulesError::TooLarge { file, above: 0, most } if *file == path && *most == MAX_HOUSE_BYTES),
        "{err}"
    );
    assert!(
        err.to_string().contains("the most a house file may hold"),
        "{err}"
    );
}

#[test]
fn a_chain_whose_files_are_larger_than_the_limit_together_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let limit = usize::try_from(MAX_HOUSE_BYTES).expect("a limit that fits in memory");
    let padded = |extends: &str, bytes: usize| {
        let head = format!("extends = \"{extends}\"\n#");
        format!("{head}{}\n", "x".repeat(bytes - head.len() - 1))
    };
    let half = limit / 2;
    write(dir.path(), "bottom.toml", &padded("korean", limit - half));
    let top = write(dir.path(), "top.toml", &padded("bottom.toml", half));
    rules::load(&top).expect("two files of the limit together load");
    let top = write(dir.path(), "top.toml", &padded("bottom.toml", half + 1));
    let err = rules::load(&top).expect_err("two files over the limit together");
    let bottom = dir.path().join("bottom.toml").display().to_string();
    let above = u64::try_from(half + 1).expect("a size");
    assert!(
        matches!(&err, RulesError::TooLarge { file, above: a, .. } if *file == bottom && *a == above),
        "{err}"
    );
    assert!(
        err.to_string().contains("at most 1048576 bytes together"),
        "{err}"
    );
}

#[test]
fn a_folder_is_not_a_ruleset_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("folder.toml")).expect("a folder");
    let top = write(dir.path(), "top.toml", "extends = \"folder.toml\"\n");
    let err = rules::load(&top).expect_err("a folder");
    assert!(
        matches!(&err, RulesError::NotAFile { kind, .. } if *kind == "a folder"),
        "{err}"
    );
    assert!(
        err.to_string().ends_with("is a folder, not a regular file"),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn a_device_is_not_a_ruleset_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let top = write(dir.path(), "top.toml", "extends = \"/dev/zero\"\n");
    let err = rules::load(&top).expect_err("a device");
    assert!(
        matches!(&err, RulesError::NotAFile { file, kind } if file == "/dev/zero" && *kind == "a device"),
        "{err}"
    );
}

/// A FIFO would block the reader until something writes to it: it is refused unopened.
#[cfg(unix)]
#[test]
fn a_fifo_is_not_a_ruleset_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("pipe.toml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|status| status.success()) {
        eprintln!("mkfifo is not available: the FIFO case is not run");
        return;
    }
    let top = write(dir.path(), "top.toml", "extends = \"pipe.toml\"\n");
    let err = rules::load(&top).expect_err("a FIFO");
    assert!(
        matches!(&err, RulesError::NotAFile { kind, .. } if kind.starts_with("a FIFO")),
        "{err}"
    );
}
