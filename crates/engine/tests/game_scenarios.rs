//! Runs the readable game scenarios in `tests/data/game/*.txt` (format in the
//! README there): a fixed deal, a script of actions and the expected result.

use std::collections::BTreeMap;
use std::path::Path;

use pinochle_engine::cards::{parse_cards, Card, Rank};
use pinochle_engine::game::{Action, Phase, State};
use pinochle_engine::rules::{PresetId, Rules};

struct Runner {
    title: String,
    /// Where the line being run comes from, for messages.
    origin: String,
    preset: Option<PresetId>,
    options: Vec<String>,
    seed: u64,
    dealer: usize,
    scores: Vec<i64>,
    hands: BTreeMap<usize, Option<Vec<Card>>>,
    kitty: Option<Option<Vec<Card>>>,
    state: Option<State>,
}

fn deck(rules: &Rules) -> Vec<Card> {
    let mut out = Vec::new();
    for card in Card::all() {
        if card.rank == Rank::Nine && !rules.deck.has_nines() {
            continue;
        }
        out.extend(std::iter::repeat_n(card, rules.deck.copies() as usize));
    }
    out.sort();
    out
}

fn map(text: &str) -> BTreeMap<String, i64> {
    text.split_whitespace()
        .map(|kv| {
            let (k, v) = kv
                .split_once(':')
                .unwrap_or_else(|| panic!("'{kv}' is not key:value"));
            (
                k.to_string(),
                v.trim_start_matches('+').parse().expect("a number"),
            )
        })
        .collect()
}

fn json_name<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v).unwrap() {
        serde_json::Value::String(s) => s,
        serde_json::Value::Null => "none".to_string(),
        other => other.to_string(),
    }
}

impl Runner {
    fn new(title: String) -> Runner {
        Runner {
            origin: title.clone(),
            title,
            preset: None,
            options: Vec::new(),
            seed: 1,
            dealer: 0,
            scores: Vec::new(),
            hands: BTreeMap::new(),
            kitty: None,
            state: None,
        }
    }

    fn state(&mut self) -> &mut State {
        if self.state.is_none() {
            let preset = self.preset.expect("preset first");
            let rules = Rules::from_preset_id(preset.id(), &self.options)
                .unwrap_or_else(|e| panic!("{}: {e}", self.origin));
            let seats = rules.table.seats as usize;
            let mut rest: Vec<Card> = deck(&rules);
            let mut take = |cards: &[Card]| {
                for c in cards {
                    let i = rest
                        .iter()
                        .position(|x| x == c)
                        .unwrap_or_else(|| panic!("{}: no {c} left", self.origin));
                    rest.remove(i);
                }
            };
            for cards in self.hands.values().flatten() {
                take(cards);
            }
            if let Some(Some(k)) = &self.kitty {
                take(k);
            }
            let size = rules.hand_size();
            let active = pinochle_engine::game::active_seats(&rules, self.dealer);
            let mut hands = vec![Vec::new(); seats];
            let mut rest = rest.into_iter();
            for (seat, hand) in hands.iter_mut().enumerate() {
                match self.hands.get(&seat) {
                    Some(Some(cards)) => *hand = cards.clone(),
                    Some(None) => *hand = rest.by_ref().take(size).collect(),
                    None => assert!(
                        !active.contains(&seat),
                        "{}: hand {seat} missing",
                        self.origin
                    ),
                }
            }
            let kitty: Vec<Card> = match &self.kitty {
                Some(Some(k)) => k.clone(),
                _ => rest.collect(),
            };
            let state = State::from_deal(rules, self.seed, self.dealer, &hands, &kitty)
                .unwrap_or_else(|e| panic!("{}: {e}", self.origin))
                .with_scores(&self.scores);
            self.state = Some(state);
        }
        self.state.as_mut().unwrap()
    }

    fn line(&mut self, line: &str) {
        let origin = self.origin.clone();
        let fail = |what: String| -> ! { panic!("{origin}: {what}") };
        if line == "auto" {
            let state = self.state();
            let done = state.public().session.hands_completed;
            while state.public().session.hands_completed == done && !state.is_terminal() {
                let a = state.legal_actions()[0].clone();
                state.apply(a).unwrap();
            }
            return;
        }
        let (key, value) = line
            .split_once(':')
            .unwrap_or_else(|| fail(format!("bad line '{line}'")));
        let value = value.trim();
        match key.trim() {
            "preset" => {
                self.preset = Some(
                    PresetId::from_id(value).unwrap_or_else(|| fail(format!("preset {value}"))),
                )
            }
            "option" => self.options.push(value.to_string()),
            "rules-error" => {
                let preset = self.preset.expect("preset first");
                match Rules::from_preset_id(preset.id(), &self.options) {
                    Ok(_) => fail("the options were accepted".to_string()),
                    Err(e) => {
                        let message = e.to_string();
                        for needle in value.split(" / ") {
                            assert!(
                                message.contains(needle.trim()),
                                "{origin}: message '{message}' lacks '{}'",
                                needle.trim()
                            );
                        }
                    }
                }
            }
            "seed" => self.seed = value.parse().unwrap(),
            "dealer" => self.dealer = value.parse().unwrap(),
            "scores" => {
                for (k, v) in map(&value.replace('=', ":")) {
                    let seat: usize = k.parse().unwrap();
                    if self.scores.len() <= seat {
                        self.scores.resize(seat + 1, 0);
                    }
                    self.scores[seat] = v;
                }
            }
            "kitty" => self.kitty = Some((value != "rest").then(|| parse_cards(value).unwrap())),
            k if k.starts_with("hand ") => {
                let seat: usize = k[5..].trim().parse().unwrap();
                self.hands
                    .insert(seat, (value != "rest").then(|| parse_cards(value).unwrap()));
            }
            "do" => {
                let (seat, action) = value.split_once(' ').unwrap();
                let state = self.state();
                let action: Action = match action {
                    "first" => state.legal_actions()[0].clone(),
                    text => text.parse().unwrap_or_else(|e| fail(e)),
                };
                if let Err(e) = state.apply_for(seat.parse().unwrap(), action.clone()) {
                    fail(format!(
                        "'{value}' refused: {e}; legal: {:?}",
                        state
                            .legal_actions()
                            .iter()
                            .map(|a| a.to_string())
                            .collect::<Vec<_>>()
                    ));
                }
            }
            "refuse" => {
                let (act, reason) = value.split_once("=>").unwrap_or((value, ""));
                let (seat, action) = act.trim().split_once(' ').unwrap();
                let action: Action = action.parse().unwrap_or_else(|e| fail(e));
                let state = self.state();
                let before = state.clone();
                match state.apply_for(seat.parse().unwrap(), action) {
                    Ok(_) => fail(format!("'{value}' was accepted")),
                    Err(e) => {
                        assert!(
                            e.to_string().contains(reason.trim()),
                            "{origin}: reason '{e}' lacks '{}'",
                            reason.trim()
                        );
                        assert_eq!(*state, before);
                    }
                }
            }
            "legal" => {
                let state = self.state();
                let got: Vec<String> = state
                    .legal_actions()
                    .iter()
                    .map(|a| a.to_string())
                    .collect();
                let mut want: Vec<Action> = value
                    .split(',')
                    .map(|a| a.trim().parse().unwrap_or_else(|e| fail(e)))
                    .collect();
                want.sort();
                let want: Vec<String> = want.iter().map(|a| a.to_string()).collect();
                assert_eq!(got, want, "{origin}: legal actions");
            }
            "phase" => {
                let phase: Phase = self.state().phase();
                assert_eq!(json_name(&phase), value, "{origin}: phase");
            }
            "to-move" => {
                let seat = self.state().current_player();
                assert_eq!(
                    seat.map_or("none".to_string(), |s| s.to_string()),
                    value,
                    "{origin}: to move"
                );
            }
            "expect" => self.expect(value),
            other => fail(format!("unknown key '{other}'")),
        }
    }

    fn expect(&mut self, value: &str) {
        let origin = self.origin.clone();
        let (key, want) = value
            .split_once('=')
            .unwrap_or_else(|| panic!("{origin}: expect key = value"));
        let (key, want) = (key.trim(), want.trim());
        let state = self.state();
        if key == "winners" {
            let got = state.session_result().map_or("none".to_string(), |r| {
                r.winners
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            });
            assert_eq!(got, want, "{origin}: winners");
            return;
        }
        if key == "ledger" {
            let ledger = &state.public().session.ledger;
            let mut got: BTreeMap<String, i64> = ledger
                .seats
                .iter()
                .enumerate()
                .map(|(s, &v)| (s.to_string(), v))
                .collect();
            if want.contains("bowl:") {
                got.insert("bowl".into(), ledger.bowl);
            }
            assert_eq!(got, map(want), "{origin}: ledger");
            return;
        }
        if key == "high-hand" {
            let got = state
                .public()
                .session
                .high_hand
                .as_ref()
                .map_or("none".to_string(), |h| {
                    let seats: Vec<String> = h.seats.iter().map(|s| s.to_string()).collect();
                    format!("{}:{}:{}", h.bid, h.trump, seats.join(","))
                });
            assert_eq!(got, want, "{origin}: high hand");
            return;
        }
        let record = state
            .last_record()
            .unwrap_or_else(|| panic!("{origin}: no hand finished"));
        let got = match key {
            "outcome" => json_name(&record.outcome),
            "declarer" => json_name(&record.declarer),
            "bid" => json_name(&record.bid),
            "trump" => json_name(&record.trump),
            "concession" => record
                .concession
                .map_or("none".to_string(), |c| json_name(&c.kind)),
            "thrown-in" => json_name(&record.thrown_in),
            "redeal-by" => json_name(&record.redeal_by),
            "game-end" => record.game_end.as_ref().map_or("none".to_string(), |g| {
                let winners: Vec<String> = g.winners.iter().map(|s| s.to_string()).collect();
                format!("{} {}", json_name(&g.reason), winners.join(" "))
                    .trim()
                    .to_string()
            }),
            "game-end-payments" => {
                let got = record
                    .game_end
                    .as_ref()
                    .map(|g| g.payments.clone())
                    .unwrap_or_default();
                assert_eq!(got, map(want), "{origin}: game-end payments");
                return;
            }
            "meld" | "card-points" | "delta" | "payments" | "totals" => {
                let got: BTreeMap<String, i64> = match key {
                    "meld" => record
                        .meld
                        .iter()
                        .map(|(k, &v)| (k.clone(), v as i64))
                        .collect(),
                    "card-points" => record
                        .card_points
                        .iter()
                        .map(|(k, &v)| (k.clone(), v as i64))
                        .collect(),
                    "delta" => record.delta.clone().unwrap_or_default(),
                    "payments" => record.payments.clone().unwrap_or_default(),
                    _ => record.totals.clone(),
                };
                assert_eq!(got, map(want), "{origin}: {key}");
                return;
            }
            other => panic!("{origin}: unknown expectation '{other}'"),
        };
        assert_eq!(got, want, "{origin}: {key}");
    }
}

#[test]
fn game_scenarios() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/game");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut count = 0;
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "txt") && !p.ends_with("README.txt"))
    {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let mut runner: Option<Runner> = None;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap().trim();
            if let Some(title) = line.strip_prefix("===") {
                count += 1;
                runner = Some(Runner::new(title.trim().to_string()));
                continue;
            }
            if line.is_empty() {
                continue;
            }
            let r = runner
                .as_mut()
                .unwrap_or_else(|| panic!("{name}:{}: outside a scenario", i + 1));
            r.origin = format!("{name}:{} ({})", i + 1, r.title);
            r.line(line);
        }
    }
    assert!(count >= 20, "only {count} scenarios");
}
