//! Share links for rule sets: the compact, versioned text that the app puts in its
//! URL fragment and `pinochle link` prints.
//!
//! Format (version 2): `v=2&game=PRESET[&name=TEXT][&seed=N][&KEY=VALUE]...&check=HHHHHH`
//! — the preset id, then only the options that differ from that preset, in the
//! option registry's order, values percent-encoded, and last a check of all the
//! parts before it, so a link cut short (a chat app ending it at an `&`) or
//! changed on the way is refused instead of read as other rules. Old links keep
//! working: a decoder accepts every version up to its own (version 1 is version 2
//! without the check).

use crate::options::{spec, RulesError};
use crate::rules::{PresetId, Rules};
use std::fmt::Write as _;

/// The link format this build writes.
pub const LINK_VERSION: u32 = 2;
/// The first version whose links end in a check.
const CHECKED_VERSION: u32 = 2;
/// The key of the check, the last part of a link from version 2 on.
const CHECK_KEY: &str = "check";
/// Longest link text accepted.
pub const MAX_LINK_LEN: usize = 4096;
/// Longest custom rule-set name.
pub const MAX_NAME_LEN: usize = 60;

/// What a share link carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedRules {
    pub rules: Rules,
    /// A custom preset's name ("our Friday rules").
    pub name: Option<String>,
    /// A deal seed, so two tables play the same deals.
    pub seed: Option<u64>,
}

/// Why a link could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("the link is empty")]
    Empty,
    #[error("the link is too long ({0} characters; at most {MAX_LINK_LEN})")]
    TooLong(usize),
    #[error("the link has no format version (v=…); it may be truncated")]
    NoVersion,
    #[error(
        "link format version '{0}' is not supported by this app (it reads up to {LINK_VERSION})"
    )]
    UnsupportedVersion(String),
    #[error("the link names no game (game=…); it may be truncated")]
    NoGame,
    #[error("unknown game '{0}' in the link")]
    UnknownGame(String),
    #[error("'{0}' appears twice in the link")]
    Duplicate(String),
    #[error("the link part '{0}' is not of the form key=value")]
    NotKeyValue(String),
    #[error("the link part '{0}' is garbled (bad %-encoding)")]
    BadEncoding(String),
    #[error("the deal number (seed) '{0}' in the link is not a whole number")]
    BadSeed(String),
    #[error("the rules name is too long or has control characters")]
    BadName,
    #[error("the link is cut short (its end is missing); ask for the whole link")]
    Unchecked,
    #[error("the link was cut short or changed on the way (its check does not match); ask for the whole link")]
    CheckMismatch,
    #[error("the link's rules are not valid: {0}")]
    Rules(#[from] RulesError),
}

fn is_plain(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b':' | b',')
}

fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        if is_plain(b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// One `%`-encoded part of an address (a key or a value; `+` is a space)
/// as text: [`LinkError::BadEncoding`] when its escapes are not hex or not
/// UTF-8.
pub fn decode_part(part: &str) -> Result<String, LinkError> {
    let bad = || LinkError::BadEncoding(part.chars().take(40).collect());
    let bytes = part.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = part.get(i + 1..i + 3).ok_or_else(bad)?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| bad())?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| bad())
}

/// Writes the link text for a rule set (without a leading `#` or `?`).
pub fn encode_link(shared: &SharedRules) -> String {
    let mut parts = vec![
        ("v".to_string(), LINK_VERSION.to_string()),
        ("game".to_string(), shared.rules.preset.id().to_string()),
    ];
    parts.extend(
        shared
            .name
            .iter()
            .map(|name| ("name".to_string(), name.clone())),
    );
    parts.extend(
        shared
            .seed
            .map(|seed| ("seed".to_string(), seed.to_string())),
    );
    parts.extend(
        shared
            .rules
            .differences()
            .into_iter()
            .map(|(key, value)| (key.to_string(), value)),
    );
    parts.push((CHECK_KEY.to_string(), check_of(&parts)));
    let mut out = String::new();
    for (i, (key, value)) in parts.iter().enumerate() {
        let sep = if i == 0 { "" } else { "&" };
        let _ = write!(out, "{sep}{key}={}", encode(value));
    }
    out
}

/// The check of a link's parts: FNV-1a over the decoded `key=value` lines, so
/// percent-encoding one character or another gives the same check.
fn check_of(parts: &[(String, String)]) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for (key, value) in parts {
        for &b in key
            .as_bytes()
            .iter()
            .chain(b"=")
            .chain(value.as_bytes())
            .chain(b"\n")
        {
            hash = (hash ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
    }
    format!("{:06x}", hash >> 8)
}

/// The decoded `key=value` parts of link text (a bare string, or a whole URL
/// whose query or fragment holds it), in order, each key once.
fn link_parts(text: &str) -> Result<Vec<(String, String)>, LinkError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(LinkError::Empty);
    }
    if text.len() > MAX_LINK_LEN {
        return Err(LinkError::TooLong(text.len()));
    }
    let body = link_body(text);
    let mut parts: Vec<(String, String)> = Vec::new();
    for part in body.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| LinkError::NotKeyValue(part.chars().take(40).collect()))?;
        let key = decode_part(k)?;
        if parts.iter().any(|(seen, _)| *seen == key) {
            return Err(LinkError::Duplicate(key));
        }
        parts.push((key, decode_part(v)?));
    }
    Ok(parts)
}

/// The `key=value&…` part of link text: after a URL's `#` or `?`.
fn link_body(text: &str) -> &str {
    match text.find(['#', '?']) {
        Some(i) => &text[i + 1..],
        None => text,
    }
}

/// The game link text names, whether or not the rest of it can be used: a
/// link refused for one bad option, or cut short after its game (even in
/// the middle of a part), still says which game it was for.
pub fn linked_game(text: &str) -> Option<PresetId> {
    link_body(text.trim())
        .split('&')
        .find_map(|part| part.strip_prefix("game="))
        .and_then(|game| decode_part(game).ok())
        .and_then(|game| PresetId::from_id(&game))
}

/// Reads link text: a bare `v=2&…` string, or a whole URL whose query or fragment
/// holds it. All or nothing: any problem is an error naming it.
pub fn decode_link(text: &str) -> Result<SharedRules, LinkError> {
    let mut parts = link_parts(text)?;
    let version = parts
        .iter()
        .find(|(key, _)| key == "v")
        .map(|(_, value)| value.clone())
        .ok_or(LinkError::NoVersion)?;
    let version = match version.parse::<u32>() {
        Ok(v) if (1..=LINK_VERSION).contains(&v) => v,
        _ => return Err(LinkError::UnsupportedVersion(version)),
    };
    if version >= CHECKED_VERSION {
        match parts.pop() {
            Some((key, check)) if key == CHECK_KEY => {
                if !check.eq_ignore_ascii_case(&check_of(&parts)) {
                    return Err(LinkError::CheckMismatch);
                }
            }
            // Parts after the check were added on the way.
            _ if parts.iter().any(|(key, _)| key == CHECK_KEY) => {
                return Err(LinkError::CheckMismatch)
            }
            _ => return Err(LinkError::Unchecked),
        }
    }
    let mut game = None;
    let mut name = None;
    let mut seed = None;
    let mut settings: Vec<String> = Vec::new();
    for (key, value) in parts {
        match key.as_str() {
            "v" => {}
            "game" => game = Some(value),
            "name" => {
                if value.chars().count() > MAX_NAME_LEN || value.chars().any(char::is_control) {
                    return Err(LinkError::BadName);
                }
                name = Some(value);
            }
            "seed" => {
                seed = Some(
                    value
                        .parse::<u64>()
                        .map_err(|_| LinkError::BadSeed(value))?,
                )
            }
            _ => {
                if spec(&key).is_none() {
                    return Err(RulesError::UnknownOption(key).into());
                }
                settings.push(format!("{key}={value}"));
            }
        }
    }
    let game = game.ok_or(LinkError::NoGame)?;
    let preset = PresetId::from_id(&game).ok_or(LinkError::UnknownGame(game))?;
    let rules = Rules::preset(preset).with_settings(&settings)?;
    Ok(SharedRules { rules, name, seed })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shared(id: &str, settings: &[&str]) -> SharedRules {
        SharedRules {
            rules: Rules::from_preset_id(id, settings).unwrap(),
            name: None,
            seed: None,
        }
    }

    #[test]
    fn a_refused_link_still_names_its_game() {
        let good = encode_link(&shared("bison", &["target=1000"]));
        assert_eq!(linked_game(&good), Some(PresetId::Bison));
        let bad_option = "v=1&game=bison&no_such_option=1";
        assert!(decode_link(bad_option).is_err());
        assert_eq!(linked_game(bad_option), Some(PresetId::Bison));
        let cut = &good[..good.find("&check").unwrap()];
        assert!(decode_link(cut).is_err());
        assert_eq!(linked_game(cut), Some(PresetId::Bison));
        assert_eq!(
            linked_game("v=2&game=double-deck&seed=5&tar"),
            Some(PresetId::DoubleDeck)
        );
        assert_eq!(
            linked_game("https://x.test/#v=1&game=bison&target"),
            Some(PresetId::Bison)
        );
        assert_eq!(linked_game("v=2&game=poker"), None);
        assert_eq!(linked_game("v=2&target=7"), None);
    }

    #[test]
    fn presets_encode_to_their_id_only() {
        for p in PresetId::ALL {
            let s = SharedRules {
                rules: Rules::preset(p),
                name: None,
                seed: None,
            };
            let link = encode_link(&s);
            assert!(
                link.starts_with(&format!("v=2&game={}&check=", p.id())),
                "{link}"
            );
            assert_eq!(link.split('&').count(), 3, "{link}");
            assert_eq!(decode_link(&link).unwrap(), s);
        }
    }

    #[test]
    fn options_name_and_seed_round_trip() {
        let mut s = shared(
            "double-deck",
            &[
                "meld.pinochle=14,30,60,90",
                "bid_bands=0:1,61:5,101:10",
                "surrender=meld+25",
            ],
        );
        s.name = Some("Our Friday rules & more".into());
        s.seed = Some(12345);
        let link = encode_link(&s);
        assert!(
            link.contains("name=Our%20Friday%20rules%20%26%20more"),
            "{link}"
        );
        assert_eq!(decode_link(&link).unwrap(), s);
        assert_eq!(
            decode_link(&format!("https://example.test/app/#{link}")).unwrap(),
            s
        );
    }

    #[test]
    fn bad_links_say_what_is_wrong() {
        let cases = [
            ("", "empty"),
            ("game=bison", "no format version"),
            ("v=9&game=bison", "version '9'"),
            ("v=2&game=bison", "cut short (its end"),
            ("v=2&game=bison&check=000000", "check does not match"),
            ("v=1", "names no game"),
            ("v=1&game=poker", "unknown game 'poker'"),
            ("v=1&game=bison&target=1000&target=900", "appears twice"),
            ("v=1&game=bison&target", "not of the form"),
            ("v=1&game=bison&target=%G1", "garbled"),
            ("v=1&game=bison&seed=-4", "seed"),
            ("v=1&game=bison&colour=red", "unknown option 'colour'"),
            ("v=1&game=bison&target=5", "out of range"),
            ("v=1&game=bison&stake_schedule=classic", "does not apply"),
        ];
        for (link, needle) in cases {
            let err = decode_link(link).unwrap_err().to_string();
            assert!(err.contains(needle), "{link}: {err}");
        }
        let long = format!("v=1&game=bison&name={}", "a".repeat(MAX_LINK_LEN));
        assert!(matches!(decode_link(&long), Err(LinkError::TooLong(_))));
    }

    fn kitchen_table() -> SharedRules {
        let mut s = shared(
            "partnership",
            &["target=1000", "pass_cards=3", "head_rule=strict"],
        );
        s.name = Some("Kitchen table".into());
        s.seed = Some(77);
        s
    }

    #[test]
    fn a_link_cut_anywhere_is_refused() {
        let link = encode_link(&kitchen_table());
        for end in 1..link.len() {
            let cut = &link[..end];
            assert!(decode_link(cut).is_err(), "{cut} was accepted");
        }
    }

    #[test]
    fn a_changed_link_is_refused_but_another_encoding_of_it_reads() {
        let link = encode_link(&kitchen_table());
        let changed = link.replace("target=1000", "target=1500");
        assert_eq!(decode_link(&changed), Err(LinkError::CheckMismatch));
        let respelled = link.replace("name=Kitchen%20table", "name=Kitchen+table");
        assert_eq!(decode_link(&respelled).unwrap(), kitchen_table());
        let (body, check) = link.rsplit_once("check=").unwrap();
        let upper = format!("{body}check={}", check.to_uppercase());
        assert_eq!(decode_link(&upper).unwrap(), kitchen_table());
        let tracked = format!("{link}&utm_source=chat");
        assert_eq!(decode_link(&tracked), Err(LinkError::CheckMismatch));
    }

    #[test]
    fn version_1_links_without_a_check_still_read() {
        let old = "v=1&game=partnership&name=Kitchen%20table&seed=77&pass_cards=3&head_rule=strict&target=1000";
        assert_eq!(decode_link(old).unwrap(), kitchen_table());
    }
}
