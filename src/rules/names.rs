//! The names of the shipped rulesets (`rules/NAME.toml`), listed once: a leaf of `rules`,
//! so that the errors name them without reaching the loader.

/// Calls the macro `$then` with the name of every shipped ruleset, in order.
macro_rules! with_shipped_names {
    ($then:ident) => {
        $then!(
            "korean",
            "korean-lite",
            "malaysian",
            "sanma",
            "sanma-honshu",
            "sanma-tenhou",
            "sanma-mahjongsoul",
        );
    };
}
pub(super) use with_shipped_names;

/// Declares [`SHIPPED_NAMES`].
macro_rules! names {
    ($($name:literal),* $(,)?) => {
        /// The names of the shipped rulesets.
        const SHIPPED_NAMES: &[&str] = &[$($name),*];
    };
}
with_shipped_names!(names);

/// The names of the shipped rulesets.
pub fn shipped_names() -> Vec<&'static str> {
    SHIPPED_NAMES.to_vec()
}
