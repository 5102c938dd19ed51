//! Hand records opened from a file for review ("Import"): the JSON hand
//! records that Export and `pinochle simulate --records` write, read and
//! checked in the review's worker ([`read_file`]: every record must replay to
//! itself), replayed in the page from their parts and shown one hand at a
//! time in the same review panel as a game played here. One seat's decisions are graded by the review's worker (seat 1, the
//! human's seat in an exported game, unless another is chosen); imported
//! hands count in no statistics and no rating.

use pinochle_ai::grading::{review_seed, GradedDecision, Par};
use pinochle_ai::Level;
use pinochle_engine::game::{
    read_records, write_records, HandReplay, RecordError, ReplayParts, Seat,
};

use crate::controller::{settle_choice, Effect, Msg, Review, ReviewAsk, ReviewedDecision, Ticket};
use crate::seating::Seating;
use crate::small_map::SmallMap;

/// Why a file cannot be opened for review.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ImportError {
    #[error("“{file}” cannot be opened: {error}")]
    Records { file: String, error: RecordError },
    #[error("“{file}” cannot be opened: the record of hand {hand} (record {index} in the file) does not replay: {error}")]
    Replay {
        file: String,
        hand: u32,
        index: usize,
        error: RecordError,
    },
    #[error("“{file}” holds no hand that was played (only deals thrown in before anyone decided)")]
    NothingPlayed { file: String },
}

/// What the review of imported records is told.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportMsg {
    /// Show the hand at this index in the file.
    ShowHand(usize),
    /// Grade this seat's decisions (and call it "you").
    GradeSeat(Seat),
}

/// Imported hands under review.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub file_name: String,
    /// The file's hands, in its order.
    pub hands: Vec<HandReplay>,
    /// The index of the hand on show.
    pub index: usize,
    /// The seat whose decisions are graded, shown as "you".
    pub seat: Seat,
    /// Names by seat ("Seat 2"); the graded seat's is empty ("You").
    names: Vec<String>,
    /// The review of the hand on show.
    pub review: Review,
    /// Grades found so far, by hand index and seat.
    grades: SmallMap<(usize, Seat), Vec<ReviewedDecision>>,
    /// Pars found so far, by hand index.
    pars: SmallMap<usize, Option<Par>>,
}

/// The ticket of every request about imported hands (answers carry the hand's
/// index and the move, which is all they are matched by).
pub fn ticket() -> Ticket {
    Ticket {
        game: "import".to_string(),
        moves: 0,
        rewinds: 0,
    }
}

/// Reads a file of hand records and checks that each replays to itself (in
/// the worker); the parts of every hand that was played, in the file's order.
pub fn read_file(file_name: &str, text: &str) -> Result<Vec<ReplayParts>, ImportError> {
    let file = file_name.to_string();
    let records = read_records(text).map_err(|error| ImportError::Records {
        file: file.clone(),
        error,
    })?;
    let mut hands = Vec::new();
    for (index, record) in records.iter().enumerate() {
        let replay_error = |error| ImportError::Replay {
            file: file.clone(),
            hand: record.hand,
            index: index + 1,
            error,
        };
        let replay = HandReplay::from_record(record).map_err(replay_error)?;
        // A deal thrown in as it was dealt has nothing to step through.
        if !replay.is_empty() {
            hands.push(ReplayParts::of(record).map_err(replay_error)?);
        }
    }
    if hands.is_empty() {
        return Err(ImportError::NothingPlayed { file });
    }
    Ok(hands)
}

impl Imported {
    /// Opens the hands the worker read from a file: replayed from their
    /// parts; the first hand is shown and its grades and par asked for.
    /// Nothing is opened when any hand fails.
    pub fn open(
        file_name: &str,
        parts: &[ReplayParts],
    ) -> Result<(Imported, Vec<Effect>), ImportError> {
        let file = file_name.to_string();
        let hands = parts
            .iter()
            .enumerate()
            .map(|(index, part)| {
                HandReplay::from_parts(part).map_err(|error| ImportError::Replay {
                    file: file.clone(),
                    hand: part.hand,
                    index: index + 1,
                    error,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let Some(first) = hands.first().cloned() else {
            return Err(ImportError::NothingPlayed { file });
        };
        let seat = 0;
        let mut imported = Imported {
            file_name: file,
            review: Review::of(first, seat, None, None),
            hands,
            index: 0,
            seat,
            names: Vec::new(),
            grades: SmallMap::default(),
            pars: SmallMap::default(),
        };
        let effects = imported.show(0, seat);
        Ok((imported, effects))
    }

    /// Who sits where: the graded seat is "you", the others "Seat N".
    pub fn seating(&self) -> Seating<'_> {
        Seating {
            names: &self.names,
            human: self.seat,
        }
    }

    /// The seats of the hand on show.
    pub fn seats(&self) -> usize {
        self.review.replay.start.public().seats
    }

    /// Handles a message of the review panel or of the import's own controls;
    /// the rest (a game's messages) change nothing.
    pub fn update(&mut self, msg: Msg) -> Vec<Effect> {
        match msg {
            Msg::ReviewStep(step) => {
                self.review.step = step.min(self.review.replay.len());
                Vec::new()
            }
            Msg::ReviewStepBy(delta) => {
                self.review.step_by(delta);
                Vec::new()
            }
            Msg::Graded {
                hand,
                step,
                decision,
            } => self.answer(hand, step, Ok(*decision)),
            Msg::GradeFailed { hand, step, reason } => self.answer(hand, step, Err(reason)),
            Msg::ParFound { hand, par } => {
                let index = hand as usize;
                self.pars.insert(index, par.clone());
                if index == self.index {
                    self.review.par = Some(par);
                }
                Vec::new()
            }
            Msg::Export(_) => {
                let record = &self.review.replay.record;
                let stem = self
                    .file_name
                    .strip_suffix(".jsonl")
                    .unwrap_or(&self.file_name);
                vec![Effect::Download {
                    file_name: format!("{stem}-hand-{}.jsonl", record.hand),
                    text: write_records(std::slice::from_ref(record)),
                }]
            }
            _ => Vec::new(),
        }
    }

    /// Handles the import's own controls.
    pub fn control(&mut self, msg: ImportMsg) -> Vec<Effect> {
        match msg {
            ImportMsg::ShowHand(index) if index < self.hands.len() => self.show(index, self.seat),
            ImportMsg::GradeSeat(seat) if seat < self.seats() => self.show(self.index, seat),
            _ => Vec::new(),
        }
    }

    /// Shows hand `index` with `seat`'s decisions graded, asking for what is
    /// not known yet.
    fn show(&mut self, index: usize, seat: Seat) -> Vec<Effect> {
        let replay = self.hands[index].clone();
        let seats = replay.start.public().seats;
        self.names = (0..seats)
            .map(|s| {
                if s == seat {
                    String::new()
                } else {
                    format!("Seat {}", s + 1)
                }
            })
            .collect();
        let grades = self.grades.get(&(index, seat)).cloned();
        let par = self.pars.get(&index).cloned();
        let review = Review::of(replay, seat, grades, par);
        let effects = review.requests(&review_ask(&review.replay, index, seat));
        self.index = index;
        self.seat = seat;
        self.review = review;
        effects
    }

    /// Keeps a grade for the hand and seat it was asked for; an answer for a
    /// hand or seat no longer on show is kept for when it is shown again.
    /// For the hand on show, asks for the next card of a bury or pass.
    fn answer(
        &mut self,
        hand: u32,
        step: usize,
        answer: Result<GradedDecision, String>,
    ) -> Vec<Effect> {
        let index = hand as usize;
        let Some(replay) = self.hands.get(index) else {
            return Vec::new();
        };
        // The move's seat is the seat that was graded.
        let Some(&(seat, _)) = replay.moves.get(step) else {
            return Vec::new();
        };
        let on_show = index == self.index && seat == self.seat;
        let decisions = if on_show {
            &mut self.review.decisions
        } else {
            self.grades.get_or_insert_with((index, seat), || {
                replay
                    .chosen_by(seat)
                    .into_iter()
                    .map(|step| ReviewedDecision { step, answer: None })
                    .collect()
            })
        };
        if let Some(d) = decisions.iter_mut().find(|d| d.step == step) {
            d.answer = Some(answer);
        }
        settle_choice(replay, decisions, step);
        if !on_show {
            return Vec::new();
        }
        self.review.follow_graded_order();
        self.grades
            .insert((index, seat), self.review.decisions.clone());
        self.review
            .next_request(step, &review_ask(&self.review.replay, index, seat))
            .into_iter()
            .collect()
    }
}

/// What the review of hand `index` of the file, `replay`, asks for when
/// grading `seat`: the seed of `pinochle review`, and since a record does not
/// say who the other players were, the expert grades against its equals, as
/// `pinochle review` does.
fn review_ask(replay: &HandReplay, index: usize, seat: Seat) -> ReviewAsk {
    ReviewAsk {
        ticket: ticket(),
        hand: index as u32,
        seed: review_seed(replay.hand, seat),
        opponents: Level::Expert,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{answer, BotReply, ImportRequest, WorkerRequest};
    use crate::controller::testing::{basic_settings, drive, grade_asks, worker_grade};
    use crate::controller::Game;
    use pinochle_ai::grading;
    use pinochle_engine::PresetId;

    /// A game of `hands` finished hands and its Export of every hand.
    fn exported(preset: PresetId, hands: usize) -> (Game, String) {
        let mut game = Game::start("g".into(), basic_settings(preset), 41).unwrap();
        drive(&mut game, |g| g.history.len() >= hands, |_| {});
        let text = game
            .update(Msg::Export(None))
            .unwrap()
            .into_iter()
            .find_map(|e| match e {
                Effect::Download { text, .. } => Some(text),
                _ => None,
            })
            .expect("the game's records are offered");
        (game, text)
    }

    /// Opens a file as the app does: read in the worker, replayed in the page.
    fn open(file_name: &str, text: &str) -> Result<(Imported, Vec<Effect>), String> {
        let request = WorkerRequest::Import(ImportRequest {
            ticket: ticket(),
            file_name: file_name.into(),
            text: text.into(),
        });
        match answer(&request) {
            BotReply::Imported {
                file_name, hands, ..
            } => Imported::open(&file_name, &hands).map_err(|e| e.to_string()),
            BotReply::Failed { reason, .. } => Err(reason),
            other => panic!("{other:?}"),
        }
    }

    /// The worker's answer to each grade asked, as the shell passes it on,
    /// and to the grades those answers ask for in turn.
    fn answer_grades(imported: &mut Imported, effects: &[Effect]) {
        let mut asks = grade_asks(effects);
        while let Some(ask) = asks.pop() {
            let more = imported.update(worker_grade(ask));
            asks.extend(grade_asks(&more));
        }
    }

    /// The decisions of `seat` asked for first: all but the later cards of a
    /// bury or a pass, which wait for the grades of the cards before them.
    fn asked_first(replay: &HandReplay, seat: Seat) -> usize {
        replay
            .decisions_of(seat)
            .into_iter()
            .filter(|&s| grading::choice_steps(replay, s).start == s)
            .count()
    }

    #[test]
    fn an_exported_game_opens_with_every_hand_replayed_in_every_preset() {
        for preset in PresetId::ALL {
            let (game, text) = exported(preset, 2);
            let (imported, effects) =
                open("game.jsonl", &text).unwrap_or_else(|e| panic!("{preset:?}: {e}"));
            assert_eq!(imported.hands.len(), text.lines().count(), "{preset:?}");
            for replay in &imported.hands {
                let played = game.hand_replay(replay.hand).unwrap();
                assert_eq!(
                    replay.moves, played.moves,
                    "{preset:?} hand {}",
                    replay.hand
                );
                assert_eq!(replay.record, played.record);
            }
            // Seat 1's decisions in the first hand are asked for, and its par.
            let first = &imported.hands[0];
            let asks = grade_asks(&effects);
            assert_eq!(asks.len(), asked_first(first, 0), "{preset:?}");
            assert!(asks.iter().all(|a| a.view.seat == 0));
            let pars = effects
                .iter()
                .filter(|e| matches!(e, Effect::AskPar(_)))
                .count();
            assert_eq!(pars, 1);
            assert_eq!(imported.seating().name(0), crate::seating::YOU);
            assert_eq!(imported.seating().name(1), "Seat 2");
        }
    }

    #[test]
    fn grades_are_kept_per_hand_and_seat_and_late_answers_wait_for_their_hand() {
        let (_, text) = exported(PresetId::Bison, 2);
        let (mut imported, effects) = open("game.jsonl", &text).unwrap();
        answer_grades(&mut imported, &effects);
        assert!(imported.review.graded());
        // Another hand: its own decisions asked for.
        let second = imported.control(ImportMsg::ShowHand(1));
        assert!(!grade_asks(&second).is_empty());
        assert_eq!(imported.review.replay.hand, imported.hands[1].hand);
        // Back to the first: nothing asked again.
        let back = imported.control(ImportMsg::ShowHand(0));
        assert!(
            grade_asks(&back).is_empty(),
            "the first hand's grades are kept"
        );
        assert!(imported.review.graded());
        // The second hand's answers arrive while the first is on show: kept for it.
        answer_grades(&mut imported, &second);
        let again = imported.control(ImportMsg::ShowHand(1));
        // (Only the later cards of a bury or a pass wait for the hand.)
        let replay = &imported.hands[1];
        assert!(grade_asks(&again)
            .iter()
            .all(|a| grading::choice_steps(replay, a.step).start < a.step));
        answer_grades(&mut imported, &again);
        assert!(imported.review.graded());
        // Another seat's decisions, from that seat's own view.
        let seat2 = imported.control(ImportMsg::GradeSeat(1));
        let asks = grade_asks(&seat2);
        assert_eq!(asks.len(), asked_first(&imported.hands[1], 1));
        assert!(asks.iter().all(|a| a.view.seat == 1));
        assert_eq!(imported.seating().name(1), crate::seating::YOU);
        // Out of range: nothing changes.
        let before = imported.clone();
        assert!(imported.control(ImportMsg::GradeSeat(7)).is_empty());
        assert!(imported.control(ImportMsg::ShowHand(9)).is_empty());
        assert_eq!(imported, before);
    }

    #[test]
    fn a_file_that_does_not_replay_opens_nothing_and_says_why() {
        let garbage = read_file("notes.txt", "hello\n").unwrap_err();
        assert!(matches!(garbage, ImportError::Records { .. }), "{garbage}");
        assert!(garbage.to_string().contains("notes.txt"), "{garbage}");
        let empty = read_file("empty.jsonl", "\n").unwrap_err();
        assert!(matches!(empty, ImportError::Records { .. }), "{empty}");
        // A record whose first trick was changed no longer replays.
        let (_, text) = exported(PresetId::Brooklyn, 1);
        let mut record: serde_json::Value =
            serde_json::from_str(text.lines().next().unwrap()).unwrap();
        let first = &mut record["tricks"][0]["cards"][0][1];
        let card = first.as_str().unwrap().to_string();
        *first = serde_json::Value::String(if card == "AS" {
            "KS".into()
        } else {
            "AS".into()
        });
        let tampered = read_file("t.jsonl", &record.to_string()).unwrap_err();
        assert!(
            matches!(tampered, ImportError::Replay { hand: 1, .. }),
            "{tampered}"
        );
        // The page is told why, in the worker's words, and opens nothing.
        let said = open("t.jsonl", &record.to_string()).unwrap_err();
        assert_eq!(said, tampered.to_string());
    }

    #[test]
    fn the_hand_on_show_exports_as_its_record() {
        let (_, text) = exported(PresetId::Club, 1);
        let (mut imported, _) = open("club.jsonl", &text).unwrap();
        let effects = imported.update(Msg::Export(None));
        let Some(Effect::Download {
            file_name,
            text: out,
        }) = effects.first()
        else {
            panic!("no file offered: {effects:?}");
        };
        assert_eq!(file_name, "club-hand-1.jsonl");
        assert_eq!(out.trim(), text.lines().next().unwrap().trim());
    }
}
