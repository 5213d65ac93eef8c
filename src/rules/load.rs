//! Loading and layering: a shipped ruleset by name (its layers merged when it was built) or a
//! house file by path, each house file laid over the ruleset it `extends`, then the `--set`
//! overrides; errors are placed at the layer, line and column that wrote the key.

use std::borrow::Cow;

use super::bounds::bound_of;
use super::chain::{HouseFile, is_path, read_chain};
use super::error::{
    KeyError, KeyPath, Location, RulesError, plain_number_message, with_nearest_name,
};
use super::registry::detector_for;
use super::resolve::finish;
use super::schema::RulesetFile;
use super::scope::scoped_keys;
use super::system::System;
use super::text::Text;
use super::{Changes, Ruleset, SHIPPED, SHIPPED_EMBEDDED};
use crate::diagnostic::nearest_name;

/// Where a layer comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// A ruleset shipped in the binary (`rules/NAME.toml`).
    Shipped,
    /// A user file, named by path.
    File,
    /// A `--set KEY=VALUE` item, or a game record's `set KEY=VALUE` line (its text is
    /// generated, so it has no useful location).
    Set,
}

/// One layer of a ruleset as written, kept for placing errors.
struct Layer {
    /// The file name, `rules/NAME.toml`, `--set ITEM`, or a record's `set ITEM`.
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
    load_from(name_or_path, None, &[], overrides)
}

/// Loads a house ruleset given as TOML `text` rather than read from a file (a page has no
/// files), then applies `overrides`: as [`load_with`] would load a file named `file` holding
/// `text`, errors naming `file` with line and column. `file` should end in `.toml`; it
/// `extends` only a shipped ruleset (no file is read from disk for it).
pub fn load_text(file: &str, text: &str, overrides: &[String]) -> Result<Ruleset, RulesError> {
    load_from(file, Some(text), &[], overrides)
}

/// A game record's ruleset: `name_or_path` (its top file's `text` given as [`load_text`]
/// takes it, or read as [`load_with`] reads it) with the record's own `set` lines laid over
/// it, then `overrides`. An error in a `set` line names it as the record writes it,
/// `set KEY=VALUE`; an override's as the command line does, `--set KEY=VALUE`.
pub fn load_for_record(
    name_or_path: &str,
    text: Option<&str>,
    sets: &[String],
    overrides: &[String],
) -> Result<Ruleset, RulesError> {
    load_from(name_or_path, text, sets, overrides)
}

/// [`load_with`], the top file's text given when it is not to be read from disk, a game
/// record's `sets` laid over it before the `overrides`.
fn load_from(
    name_or_path: &str,
    text: Option<&str>,
    sets: &[String],
    overrides: &[String],
) -> Result<Ruleset, RulesError> {
    let (mut layers, mut layered) = layered(name_or_path, text)?;
    let items = sets.iter().map(|item| ("set", item));
    for (word, item) in items.chain(overrides.iter().map(|item| ("--set", item))) {
        let label = format!("{word} {item}");
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
        // A bare word where the key takes text is text written without its quotes
        // (`game.bust=never`).
        if let Some((key, value)) = item.split_once('=') {
            let value = value.trim();
            let bare = value.starts_with(|c: char| c.is_ascii_alphabetic())
                && value
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                && !matches!(value, "true" | "false" | "inf" | "nan");
            // Said only when the key takes text: quoted, the value reads.
            let quoted = format!("{}=\"{value}\"", key.trim());
            if bare && toml::from_str::<RulesetFile>(&override_toml(&quoted)).is_ok() {
                return Err(RulesError::Invalid {
                    file: label,
                    key: KeyPath(key.trim().split('.').map(str::to_string).collect()),
                    at: None,
                    message: format!("text values are quoted: {}=\"{value}\"", key.trim()),
                });
            }
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
                    with_nearest_name(&plain_number_message(
                        err.message().trim_end(),
                        bound_of(&key.0)
                    ))
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
        layered.update(layer);
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
        record_sets: sets.to_vec(),
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

/// The file sets `scoring.system`.
fn sets_system(file: &RulesetFile) -> bool {
    file.scoring.as_ref().is_some_and(|s| s.system.is_some())
}

/// The layers of `name_or_path` (a shipped ruleset's, then each house file's, bottom first;
/// the top file's text `given` when it is not to be read) and the file they make, each laid
/// over those below it.
fn layered(name_or_path: &str, given: Option<&str>) -> Result<(Layers, RulesetFile), RulesError> {
    let chain = read_chain(name_or_path, given)?;
    let mut layers = Layers { layers: Vec::new() };
    let mut merged = match chain.shipped {
        Some(name) => shipped(name, &mut layers)?,
        None => RulesetFile::default(),
    };
    for HouseFile {
        label,
        text,
        mut file,
    } in chain.files.into_iter().rev()
    {
        // A house file without a name is called by its file's stem, not by its base's name.
        if file.name.is_none() {
            file.name = std::path::Path::new(&label)
                .file_stem()
                .map(|stem| stem.to_string_lossy().into_owned());
        }
        // A criterion of a file that extends nothing is not held to a base.
        if file.extends.is_some() {
            check_criterion_ids(&label, &text, &file, &merged)?;
        }
        layers.layers.push(Layer {
            label,
            origin: Origin::File,
            scoped: scoped_keys(&file),
            sets_system: sets_system(&file),
            text: text.into(),
        });
        merged.update(file);
    }
    Ok((layers, merged))
}

/// The shipped ruleset `name`, read in one step from the form build.rs writes (its layers
/// already merged), with its layers recorded for placing errors. Should that form not read,
/// the TOML of its layers is read instead, so that the TOML's own error says where.
fn shipped(name: &str, layers: &mut Layers) -> Result<RulesetFile, RulesError> {
    let embedded = SHIPPED_EMBEDDED
        .iter()
        .find(|(shipped, _)| *shipped == name)
        .map(|(_, embedded)| embedded)
        .ok_or_else(|| RulesError::Unknown(name.to_string()))?;
    for layer in embedded.layers {
        layers.layers.push(Layer {
            label: format!("rules/{layer}.toml"),
            origin: Origin::Shipped,
            text: Cow::Borrowed(shipped_text(layer)?),
            // A shipped layer sets only what its own system reads (a unit test checks), so
            // its keys are not looked for, and whether it chose the system does not matter.
            scoped: Vec::new(),
            sets_system: false,
        });
    }
    match embedded.ruleset_file() {
        Ok(file) => Ok(file),
        Err(_) => shipped_from_toml(embedded.layers),
    }
}

/// The TOML text of the shipped ruleset `name`.
fn shipped_text(name: &str) -> Result<&'static str, RulesError> {
    SHIPPED
        .iter()
        .find(|(shipped, _)| *shipped == name)
        .map(|(_, text)| *text)
        .ok_or_else(|| RulesError::Unknown(name.to_string()))
}

/// A shipped ruleset read from the TOML of its layers (bottom first), each laid over those
/// below it as a house file is.
fn shipped_from_toml(layers: &[&str]) -> Result<RulesetFile, RulesError> {
    let mut merged = RulesetFile::default();
    for name in layers {
        let label = format!("rules/{name}.toml");
        let text = shipped_text(name)?;
        let file: RulesetFile =
            toml::from_str(text).map_err(|err| RulesError::from_toml(&label, text, &err))?;
        if file.extends.is_some() {
            check_criterion_ids(&label, text, &file, &merged)?;
        }
        merged.update(file);
    }
    Ok(merged)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in form, merged by build.rs, equals the TOML of the same layers merged as
    /// a house file's are, and names the shipped rulesets it `extends`.
    #[test]
    fn every_shipped_ruleset_reads_the_same_from_its_built_in_form_as_from_its_toml() {
        assert_eq!(SHIPPED.len(), SHIPPED_EMBEDDED.len());
        for ((name, toml_text), (built_in_name, embedded)) in SHIPPED.iter().zip(SHIPPED_EMBEDDED) {
            assert_eq!(name, built_in_name);
            let own: RulesetFile = toml::from_str(toml_text).expect("the TOML reads");
            let mut below = embedded.layers.iter().rev().skip(1);
            assert_eq!(own.extends.as_deref(), below.next().copied(), "{name}");
            assert_eq!(embedded.layers.last(), Some(name), "{name}");
            let from_toml = shipped_from_toml(embedded.layers).expect("the TOML layers read");
            let built_in = embedded.ruleset_file().expect("the built-in form reads");
            assert!(from_toml == built_in, "{name}: the two forms differ");
        }
    }

    #[test]
    fn a_preset_is_laid_over_its_base() {
        let preset = "sanma-tenhou";
        let (_, embedded) = SHIPPED_EMBEDDED
            .iter()
            .find(|(name, _)| *name == preset)
            .expect("shipped");
        assert_eq!(embedded.layers, ["sanma", preset]);
        let merged = embedded.ruleset_file().expect("the built-in form reads");
        let base: RulesetFile =
            toml::from_str(shipped_text("sanma").expect("shipped")).expect("the TOML reads");
        let top: RulesetFile =
            toml::from_str(shipped_text(preset).expect("shipped")).expect("the TOML reads");
        // The base's criteria keep their order; the preset's new ones follow.
        let ids: Vec<&Text> = merged.criteria.keys().collect();
        let base_ids: Vec<&Text> = base.criteria.keys().collect();
        assert_eq!(ids.get(..base_ids.len()), Some(&base_ids[..]));
        assert!(
            top.criteria
                .keys()
                .all(|id| merged.criteria.contains_key(id))
        );
        assert_eq!(merged.name, top.name);
        assert_eq!(merged.extends, None);
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
