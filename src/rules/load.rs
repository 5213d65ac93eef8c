//! Loading and layering: a shipped ruleset by name or a user file by path, each file laid over
//! the ruleset it `extends`, then the `--set` overrides; errors are placed at the layer, line
//! and column that wrote the key.

use std::borrow::Cow;
use std::path::Path;

use super::error::{KeyError, KeyPath, Location, RulesError, plain_number_message};
use super::registry::detector_for;
use super::resolve::bound_of;
use super::resolve::finish;
use super::schema::{RulesetFile, System};
use super::scope::scoped_keys;
use super::text::Text;
use super::{Changes, Ruleset, SHIPPED, SHIPPED_EMBEDDED};
use crate::diagnostic::nearest_name;

/// The names of the shipped rulesets.
pub fn shipped_names() -> Vec<&'static str> {
    SHIPPED.iter().map(|(name, _)| *name).collect()
}

/// Where a layer comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// A ruleset shipped in the binary (`rules/NAME.toml`).
    Shipped,
    /// A user file, named by path.
    File,
    /// A `--set KEY=VALUE` item (its text is generated, so it has no useful location).
    Set,
}

/// One layer of a ruleset as written, kept for placing errors.
struct Layer {
    /// The file name, `rules/NAME.toml`, or `--set ITEM`.
    label: String,
    origin: Origin,
    /// The TOML text (a shipped ruleset's is borrowed from the binary).
    text: Cow<'static, str>,
    /// The scoped keys it sets, with the systems that read each (none for a shipped
    /// ruleset: each sets only what its own system reads, as a unit test checks).
    scoped: Vec<(KeyPath, &'static [System])>,
    /// It sets `scoring.system`.
    sets_system: bool,
}

impl Layer {
    /// Where this layer writes `key` (`Some(None)`: a `--set` layer writes it).
    fn writes(&self, key: &KeyPath) -> Option<Option<Location>> {
        let at = Location::of_key(&self.text, key)?;
        Some((self.origin != Origin::Set).then_some(at))
    }
}

/// The layers of one load, bottom first.
struct Layers {
    layers: Vec<Layer>,
}

impl Layers {
    /// The topmost layer that writes `key`, and where.
    fn place(&self, key: &KeyPath) -> Option<(&Layer, Option<Location>)> {
        self.layers
            .iter()
            .rev()
            .find_map(|layer| layer.writes(key).map(|at| (layer, at)))
    }

    /// A value that parsed but makes no sense: in a user file it is reported at the file, line
    /// and column that wrote it; otherwise under `fallback` (the ruleset's name or path).
    fn invalid(&self, err: KeyError, fallback: String) -> RulesError {
        let (file, at) = match self.place(&err.key) {
            Some((layer, at)) if layer.origin == Origin::File => (layer.label.clone(), at),
            Some((layer, _)) if layer.origin == Origin::Set => (layer.label.clone(), None),
            _ => (fallback, None),
        };
        RulesError::Invalid {
            file,
            key: err.key,
            at,
            message: err.message,
        }
    }

    /// The shipped ruleset at the bottom (empty when a file extends nothing).
    fn base_name(&self) -> String {
        self.layers
            .first()
            .filter(|layer| layer.origin == Origin::Shipped)
            .and_then(|layer| layer.label.strip_prefix("rules/"))
            .and_then(|label| label.strip_suffix(".toml"))
            .unwrap_or_default()
            .to_string()
    }

    /// The user files, bottom first.
    fn files(&self) -> Vec<String> {
        self.layers
            .iter()
            .filter(|layer| layer.origin == Origin::File)
            .map(|layer| layer.label.clone())
            .collect()
    }

    /// The first key a layer sets that `system` never reads. Layers below the one that chose
    /// the system wrote for the system they chose, so a house file that switches system is
    /// not held to its base's options.
    fn check_read(&self, system: System) -> Result<(), RulesError> {
        let chosen = self.layers.iter().rposition(|l| l.sets_system).unwrap_or(0);
        for layer in self.layers.iter().skip(chosen) {
            let unread = layer
                .scoped
                .iter()
                .find(|(_, read_by)| !read_by.contains(&system));
            if let Some((key, read_by)) = unread {
                return Err(RulesError::NotRead {
                    file: layer.label.clone(),
                    at: layer.writes(key).flatten(),
                    key: key.clone(),
                    system,
                    read_by,
                });
            }
        }
        Ok(())
    }
}

/// Loads a shipped ruleset by name, or a user file by path (anything containing `/`,
/// `\` or ending in `.toml`).
pub fn load(name_or_path: &str) -> Result<Ruleset, RulesError> {
    load_with(name_or_path, &[])
}

/// Loads as [`load`] does, then applies `overrides` (`key=value` pairs as a TOML fragment
/// such as `options.red-dora=true`).
pub fn load_with(name_or_path: &str, overrides: &[String]) -> Result<Ruleset, RulesError> {
    load_from(name_or_path, None, overrides)
}

/// Loads a house ruleset given as TOML `text` rather than read from a file (a page has no
/// files), then applies `overrides`: as [`load_with`] would load a file named `file` holding
/// `text`, errors naming `file` with line and column. `file` should end in `.toml`; a base it
/// `extends` by path is read from disk as usual.
pub fn load_text(file: &str, text: &str, overrides: &[String]) -> Result<Ruleset, RulesError> {
    load_from(file, Some(text), overrides)
}

/// [`load_with`], the top file's text given when it is not to be read from disk.
fn load_from(
    name_or_path: &str,
    text: Option<&str>,
    overrides: &[String],
) -> Result<Ruleset, RulesError> {
    let mut layers = Layers { layers: Vec::new() };
    let mut layered = load_layers(name_or_path, text, &mut Vec::new(), &mut layers)?;
    for item in overrides {
        let label = format!("--set {item}");
        let well_formed = item
            .split_once('=')
            .is_some_and(|(key, value)| !key.trim().is_empty() && !value.trim().is_empty());
        if !well_formed || item.contains('\n') {
            return Err(RulesError::Invalid {
                file: label,
                key: KeyPath(Vec::new()),
                at: None,
                message:
                    "expected one KEY=VALUE, such as scoring.minimum=4 or options.red-dora=true"
                        .into(),
            });
        }
        // The TOML snippet toml would show is the generated document, not what was typed:
        // give its message alone, with what a value may be.
        let text = override_toml(item);
        let layer: RulesetFile = toml::from_str(&text).map_err(|err| {
            let key = item.split_once('=').map_or(item.as_str(), |(key, _)| key);
            let key = KeyPath(key.trim().split('.').map(str::to_string).collect());
            RulesError::Toml {
                file: label.clone(),
                message: format!(
                    "{} (KEY is a dotted ruleset key such as scoring.minimum; VALUE is TOML: a number, true or false, or a \"quoted string\")",
                    plain_number_message(err.message().trim_end(), bound_of(&key))
                ),
                span: None,
            }
        })?;
        check_criterion_ids(&label, "", &layer, &layered)?;
        layers.layers.push(Layer {
            label: label.clone(),
            origin: Origin::Set,
            scoped: scoped_keys(&layer),
            sets_system: sets_system(&layer),
            text: text.into(),
        });
        merge(&label, &mut layered, layer)?;
    }
    let fallback = if is_path(name_or_path) {
        name_or_path.to_string()
    } else {
        layered.name.clone().unwrap_or_else(|| "ruleset".into())
    };
    if let Some(system) = layered.scoring.as_ref().and_then(|s| s.system) {
        layers.check_read(system)?;
    }
    let mut ruleset = finish(layered).map_err(|err| layers.invalid(err, fallback))?;
    ruleset.changes = Changes {
        base: layers.base_name(),
        files: layers.files(),
        overrides: overrides.to_vec(),
    };
    Ok(ruleset)
}

/// `options.red-dora=true` becomes a TOML document with a table header.
fn override_toml(item: &str) -> String {
    let (key, value) = item.split_once('=').unwrap_or((item, "true"));
    let key = key.trim();
    match key.rsplit_once('.') {
        Some((table, leaf)) => format!("[{table}]\n{leaf} = {}\n", value.trim()),
        None => format!("{key} = {}\n", value.trim()),
    }
}

/// The scoped keys a layer from `origin` sets; a shipped ruleset's are not looked for.
fn scoped_keys_of(origin: Origin, file: &RulesetFile) -> Vec<(KeyPath, &'static [System])> {
    match origin {
        Origin::Shipped => Vec::new(),
        Origin::File | Origin::Set => scoped_keys(file),
    }
}

/// The file sets `scoring.system`.
fn sets_system(file: &RulesetFile) -> bool {
    file.scoring.as_ref().is_some_and(|s| s.system.is_some())
}

fn is_path(name: &str) -> bool {
    name.contains('/') || name.contains('\\') || name.ends_with(".toml")
}

/// Reads `name_or_path` (whose text is `given`, if it is not to be read) and every layer below it, records each in `layers` (bottom first), and
/// returns them merged.
fn load_layers(
    name_or_path: &str,
    given: Option<&str>,
    seen: &mut Vec<(String, usize)>,
    layers: &mut Layers,
) -> Result<RulesetFile, RulesError> {
    if let Some(first) = seen.iter().position(|(s, _)| s == name_or_path) {
        // The chain from the first visit back to it: `a.toml:1 → b.toml:2 → a.toml`.
        let mut chain: Vec<String> = seen[first..]
            .iter()
            .map(|(name, line)| format!("{name}:{line}"))
            .collect();
        chain.push(name_or_path.to_string());
        return Err(RulesError::Cycle(chain.join(" → ")));
    }
    seen.push((name_or_path.to_string(), 0));
    let (label, origin, text) = if let Some(text) = given {
        (
            name_or_path.to_string(),
            Origin::File,
            Cow::Owned(text.to_string()),
        )
    } else if is_path(name_or_path) {
        let text = std::fs::read_to_string(name_or_path).map_err(|source| {
            let stem = Path::new(name_or_path)
                .file_stem()
                .and_then(|s| s.to_str())
                .filter(|stem| shipped_names().contains(stem));
            match stem {
                // `--rules sanma.toml` where no such file exists: the shipped one was meant.
                Some(stem) if source.kind() == std::io::ErrorKind::NotFound => {
                    RulesError::Invalid {
                        file: name_or_path.to_string(),
                        key: KeyPath(Vec::new()),
                        at: None,
                        message: format!(
                            "no such file; the shipped ruleset is named without a path or .toml: `--rules {stem}`"
                        ),
                    }
                }
                _ => RulesError::Io {
                    file: name_or_path.to_string(),
                    source,
                },
            }
        })?;
        (name_or_path.to_string(), Origin::File, Cow::Owned(text))
    } else {
        let text = SHIPPED
            .iter()
            .find(|(name, _)| *name == name_or_path)
            .map(|(_, text)| *text)
            .ok_or_else(|| RulesError::Unknown(name_or_path.to_string()))?;
        let label = format!("rules/{name_or_path}.toml");
        // The built-in form reads without scanning text; should it not read, the TOML's
        // own error says where.
        let built_in = SHIPPED_EMBEDDED
            .iter()
            .find(|(name, _)| *name == name_or_path)
            .and_then(|(_, embedded)| embedded.ruleset_file().ok());
        if let Some(file) = built_in {
            return layered_over_base(
                name_or_path,
                label,
                Origin::Shipped,
                Cow::Borrowed(text),
                file,
                seen,
                layers,
            );
        }
        (label, Origin::Shipped, Cow::Borrowed(text))
    };
    let file: RulesetFile =
        toml::from_str(&text).map_err(|err| RulesError::from_toml(&label, &text, &err))?;
    layered_over_base(name_or_path, label, origin, text, file, seen, layers)
}

/// Records the layer `file` read from `name_or_path` and returns it laid over the layers
/// below it (its `extends`), which are read first.
fn layered_over_base(
    name_or_path: &str,
    label: String,
    origin: Origin,
    text: Cow<'static, str>,
    file: RulesetFile,
    seen: &mut Vec<(String, usize)>,
    layers: &mut Layers,
) -> Result<RulesetFile, RulesError> {
    // The line of `extends`, for a cycle's message (only a layer that extends is in a cycle).
    if file.extends.is_some()
        && let Some((_, line)) = seen.last_mut()
    {
        let extends = KeyPath::new(["extends"]);
        *line = Location::of_key(&text, &extends).map_or(1, |at| at.line);
    }
    let Some(base) = file.extends.clone() else {
        layers.layers.push(Layer {
            label,
            origin,
            scoped: scoped_keys_of(origin, &file),
            sets_system: sets_system(&file),
            text,
        });
        return Ok(file);
    };
    let base_ref = if is_path(&base) && !Path::new(&base).is_absolute() {
        Path::new(name_or_path)
            .parent()
            .map_or(base.clone(), |dir| dir.join(&base).display().to_string())
    } else {
        base
    };
    let mut layered = load_layers(&base_ref, None, seen, layers).map_err(|err| match err {
        RulesError::Unknown(name) => RulesError::Invalid {
            file: label.clone(),
            key: KeyPath::new(["extends"]),
            at: None,
            message: format!(
                "`extends = \"{name}\"` names no shipped ruleset (shipped: {}) and no file",
                shipped_names().join(", ")
            ),
        },
        other => other,
    })?;
    check_criterion_ids(&label, &text, &file, &layered)?;
    layers.layers.push(Layer {
        label: label.clone(),
        origin,
        scoped: scoped_keys_of(origin, &file),
        sets_system: sets_system(&file),
        text,
    });
    merge(&label, &mut layered, file)?;
    Ok(layered)
}

/// A `[criteria.ID]` table in a file that extends another changes the base's criterion `ID`
/// or adds a new one with `check = "…"`; an ID that does neither is most likely a misspelling,
/// so it is reported with the file, line and column and the nearest existing ID.
fn check_criterion_ids(
    label: &str,
    text: &str,
    file: &RulesetFile,
    base: &RulesetFile,
) -> Result<(), RulesError> {
    for (id, criterion) in &file.criteria {
        if base.criteria.contains_key(id) || detector_for(id, criterion.check).is_some() {
            continue;
        }
        let key = KeyPath::new(["criteria", id]);
        let nearest = nearest_name(id, base.criteria.keys().map(Text::as_str))
            .map_or(String::new(), |known| format!(" (did you mean `{known}`?)"));
        let base_name = base.name.as_deref().unwrap_or("the base ruleset");
        return Err(RulesError::Invalid {
            file: label.to_string(),
            at: Location::of_key(text, &key),
            key,
            message: format!(
                "`{base_name}` has no criterion `{id}`{nearest}; a new criterion needs `check = \"…\"` (`mj3 criteria --rules {base_name}` lists the IDs)"
            ),
        });
    }
    Ok(())
}

/// Layers `top` over `base`: every value `top` gives replaces the one in `base`; tables
/// (`[tiles]`, `[options]`, `[criteria.ID]`, …) are merged key by key, so every key of every
/// table is layered without a list of fields to keep in step, and a changed criterion keeps
/// its display position (a new one goes last). `extends` stays the base's.
fn merge(label: &str, base: &mut RulesetFile, top: RulesetFile) -> Result<(), RulesError> {
    let failed = |message: String| RulesError::Invalid {
        file: label.to_string(),
        key: KeyPath(Vec::new()),
        at: None,
        message,
    };
    let extends = base.extends.take();
    let mut merged = toml::Value::try_from(&*base).map_err(|e| failed(e.to_string()))?;
    let top = toml::Value::try_from(top).map_err(|e| failed(e.to_string()))?;
    overlay_value(&mut merged, top);
    *base = merged
        .try_into()
        .map_err(|e: toml::de::Error| failed(e.to_string()))?;
    base.extends = extends;
    Ok(())
}

/// Tables merge key by key; any other value of `top` replaces the base's.
fn overlay_value(base: &mut toml::Value, top: toml::Value) {
    match (base, top) {
        (toml::Value::Table(base), toml::Value::Table(top)) => {
            for (key, value) in top {
                match base.get_mut(&key) {
                    Some(slot) => overlay_value(slot, value),
                    None => {
                        base.insert(key, value);
                    }
                }
            }
        }
        (base, top) => *base = top,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_ruleset_reads_the_same_from_its_built_in_form_as_from_its_toml() {
        assert_eq!(SHIPPED.len(), SHIPPED_EMBEDDED.len());
        for ((name, toml_text), (built_in_name, embedded)) in SHIPPED.iter().zip(SHIPPED_EMBEDDED) {
            assert_eq!(name, built_in_name);
            let from_toml: RulesetFile = toml::from_str(toml_text).expect("the TOML reads");
            let built_in = embedded.ruleset_file().expect("the built-in form reads");
            assert!(from_toml == built_in, "{name}: the two forms differ");
        }
    }

    #[test]
    fn every_shipped_ruleset_sets_only_values_its_own_system_reads() {
        for (name, text) in SHIPPED {
            let file: RulesetFile = toml::from_str(text).expect("the TOML reads");
            let system = load(name).expect("a shipped ruleset loads").system;
            for (key, read_by) in scoped_keys(&file) {
                assert!(read_by.contains(&system), "{name}: {key:?} is not read");
            }
        }
    }
}
