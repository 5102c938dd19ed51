//! Share links round-trip for random option sets, and no link text, however
//! garbled, makes the decoder panic.

use pinochle_engine::link::{decode_link, encode_link, SharedRules};
use pinochle_engine::options::{specs, OptionKind, VARIANT_KEYS};
use pinochle_engine::rules::{PresetId, Rules};
use proptest::prelude::*;

/// Candidate values for an option: its kind's values plus what every preset uses.
fn candidates(key: &str, kind: OptionKind) -> Vec<String> {
    let mut out: Vec<String> = match kind {
        OptionKind::Bool => vec!["true".into(), "false".into()],
        OptionKind::Number { min, max } => vec![
            min.to_string(),
            max.to_string(),
            ((min + max) / 2).to_string(),
        ],
        OptionKind::Choice(names) => names.iter().map(|s| s.to_string()).collect(),
        OptionKind::Text => vec![
            "off".into(),
            "240,390".into(),
            "meld+25".into(),
            "0:1,61:5,101:10".into(),
            "10,20".into(),
            // redeal_nines, lose_at
            "5".into(),
            "1000".into(),
        ],
    };
    for p in PresetId::ALL {
        if let Some((_, v)) = Rules::preset(p)
            .option_values()
            .into_iter()
            .find(|(k, _)| *k == key)
        {
            out.push(v);
        }
    }
    out
}

/// The RULES.md §6 table variants, with `head_rule` (which gained `strict`).
fn variant_keys() -> Vec<&'static str> {
    std::iter::once("head_rule").chain(VARIANT_KEYS).collect()
}

/// A preset with some of the variant options set.
fn random_variants(preset: usize, picks: &[(usize, usize)]) -> Rules {
    let mut rules = Rules::preset(PresetId::ALL[preset % PresetId::ALL.len()]);
    let keys = variant_keys();
    for &(k, v) in picks {
        let key = keys[k % keys.len()];
        let spec = pinochle_engine::options::spec(key).expect("a registered option");
        let values = candidates(key, spec.kind);
        let _ = rules.set_option(key, &values[v % values.len()]);
    }
    rules
}

fn random_rules(preset: usize, picks: &[(usize, usize)]) -> Rules {
    let mut rules = Rules::preset(PresetId::ALL[preset % PresetId::ALL.len()]);
    let all = specs();
    for &(k, v) in picks {
        let spec = &all[k % all.len()];
        let values = candidates(spec.key, spec.kind);
        // Options that do not fit the rule set are refused and change nothing.
        let _ = rules.set_option(spec.key, &values[v % values.len()]);
    }
    rules
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_rule_sets_round_trip(preset in 0usize..5, picks in prop::collection::vec((0usize..100, 0usize..100), 0..12), seed in prop::option::of(any::<u64>())) {
        let shared = SharedRules { rules: random_rules(preset, &picks), name: None, seed };
        prop_assert!(shared.rules.validate().is_ok());
        let link = encode_link(&shared);
        prop_assert_eq!(decode_link(&link).unwrap(), shared);
    }

    #[test]
    fn variant_options_round_trip(preset in 0usize..5, picks in prop::collection::vec((0usize..100, 0usize..100), 1..10)) {
        let shared = SharedRules { rules: random_variants(preset, &picks), name: Some("Kitchen table".into()), seed: None };
        prop_assert!(shared.rules.validate().is_ok());
        let link = encode_link(&shared);
        prop_assert_eq!(decode_link(&link).unwrap(), shared);
    }

    #[test]
    fn garbled_links_never_panic(text in ".{0,300}") {
        let _ = decode_link(&text);
    }

    #[test]
    fn truncated_and_mutated_links_never_panic(cut in 0usize..200, flip in 0usize..200, byte in any::<u8>()) {
        let shared = SharedRules { rules: random_rules(cut, &[(cut, flip), (flip, cut)]), name: Some("Friday".into()), seed: Some(7) };
        let link = encode_link(&shared);
        let truncated = &link[..cut.min(link.len())];
        let _ = decode_link(truncated);
        let mut bytes = link.into_bytes();
        let i = flip % bytes.len();
        bytes[i] = byte;
        if let Ok(mutated) = String::from_utf8(bytes) {
            let _ = decode_link(&mutated);
        }
    }
}

/// Every value of every variant option round-trips through a link wherever the
/// option applies, and each one shows in the link.
#[test]
fn each_variant_value_round_trips() {
    let mut covered = Vec::new();
    for preset in PresetId::ALL {
        for key in variant_keys() {
            let spec = pinochle_engine::options::spec(key).expect("a registered option");
            let base = Rules::preset(preset);
            if !spec.applies(&base) {
                continue;
            }
            for value in candidates(key, spec.kind) {
                let mut rules = base.clone();
                if rules.set_option(key, &value).is_err() || rules == base {
                    continue;
                }
                let shared = SharedRules {
                    rules,
                    name: None,
                    seed: None,
                };
                let link = encode_link(&shared);
                assert!(link.contains(&format!("{key}=")), "{link}");
                assert_eq!(decode_link(&link).unwrap(), shared, "{link}");
                covered.push(key);
            }
        }
    }
    for key in variant_keys() {
        assert!(covered.contains(&key), "{key} never differed from a preset");
    }
}
