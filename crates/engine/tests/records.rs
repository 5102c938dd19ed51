//! Hand records of older formats still read: a format-1 record (with the
//! always-empty `options` and no `game_end`) from `tests/data/records/`.

use pinochle_engine::game::{HandRecord, Outcome, FORMAT_VERSION};

#[test]
fn a_format_1_record_still_reads() {
    let text = include_str!("data/records/format-1.json");
    let record: HandRecord = serde_json::from_str(text).expect("a format-1 record reads");
    assert_eq!(record.format, 1);
    assert_eq!(record.outcome, Outcome::Made);
    assert!(record.game_end.is_none());
    assert!(record.redeal_by.is_none());
    const { assert!(FORMAT_VERSION > 1) };
    // Written again it is a current record without the dropped field.
    let again = serde_json::to_value(&record).unwrap();
    assert!(again.get("options").is_none());
}
