//! The one place where hand validation learns what the ruleset's scoring system needs:
//! which context words and keys it reads.

use crate::notation::{ContextKey, Reader};
use crate::rules::{Ruleset, System};

/// What a scoring system reads from a hand beyond its tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capabilities {
    /// The system as the context vocabulary names its readers.
    pub reader: Reader,
}

impl Capabilities {
    /// The system reads `entry` itself (a criterion may read it besides).
    pub fn reads(&self, entry: &ContextKey) -> bool {
        entry.read_by.contains(&self.reader)
    }
}

/// What `system` reads from a hand.
pub fn capabilities(system: System) -> Capabilities {
    let reader = match system {
        System::Points => Reader::Points,
        System::Fan => Reader::Fan,
        System::HanFu | System::HanTable => Reader::Han,
    };
    Capabilities { reader }
}

/// Whether `rules` reads the context word or key `entry`: its system does, or a criterion it
/// scores does (each of [`crate::check::Facts::reads`] names an entry first: `dora=f`,
/// `last ron`).
pub fn ruleset_reads(rules: &Ruleset, entry: &ContextKey) -> bool {
    let named = |read: &str| read.split([' ', '=']).next() == Some(entry.name);
    capabilities(rules.system).reads(entry)
        || rules
            .criteria
            .iter()
            .any(|c| c.check.facts().reads.iter().any(|read| named(read)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{CONTEXT, context_key};

    #[test]
    fn every_system_reads_how_the_hand_was_won_and_only_the_fan_system_its_payment_keys() {
        let systems = [System::Points, System::Fan, System::HanFu, System::HanTable];
        for system in systems {
            let reads = capabilities(system);
            for name in ["tsumo", "ron", "seat", "round", "win", "discards", "robbed"] {
                let entry = context_key(name).expect("a context entry");
                assert!(reads.reads(entry), "{system:?} {name}");
            }
            for entry in CONTEXT.iter().filter(|e| e.refused_unread) {
                assert_eq!(reads.reads(entry), system == System::Fan, "{}", entry.name);
            }
        }
    }

    #[test]
    fn a_ruleset_reads_what_its_system_or_a_criterion_it_scores_reads() {
        let entry = |name| context_key(name).expect("a context entry");
        let korean = crate::rules::load("korean").expect("shipped");
        let sanma = crate::rules::load("sanma").expect("shipped");
        // Korean's points system pays no riichi, but its `ready` criterion reads it.
        assert!(ruleset_reads(&korean, entry("riichi")));
        assert!(!ruleset_reads(&korean, entry("ippatsu")));
        // Korean's dora criteria are off unless the dead-wall dora option is on.
        assert!(!ruleset_reads(&korean, entry("dora")));
        assert!(ruleset_reads(&sanma, entry("dora")));
        assert!(ruleset_reads(&sanma, entry("ippatsu")));
        assert!(!ruleset_reads(&sanma, entry("draws")));
    }
}
