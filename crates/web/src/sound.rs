//! The table's sounds: short cues synthesized with Web Audio (nothing is
//! fetched) for a card played, a trick gathered, a deal and a contract set.
//! [`score`] says what each cue is made of, as plain data the tests check; the
//! browser's `speaker` plays it. Whether sounds play at all is the player's
//! choice, remembered on the device; it starts off when the system asks for
//! reduced motion.

/// Something at the table worth a sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// A card lands on the table.
    Card,
    /// A completed trick goes to its winner.
    Trick,
    /// A new hand is dealt.
    Deal,
    /// A contract was set.
    Set,
}

/// What a note sounds like.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Voice {
    /// A short burst of filtered noise around this frequency (a card's snap).
    Snap { hz: f32 },
    /// A soft sine glide from one pitch to another.
    Tone { from_hz: f32, to_hz: f32 },
}

/// One note of a cue: when it starts after the cue (seconds), how long it
/// lasts (seconds) and how loud it peaks (0–1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Note {
    pub at: f32,
    pub length: f32,
    pub peak: f32,
    pub voice: Voice,
}

const fn snap(at: f32, hz: f32, peak: f32) -> Note {
    Note {
        at,
        length: 0.07,
        peak,
        voice: Voice::Snap { hz },
    }
}

const fn tone(at: f32, length: f32, from_hz: f32, to_hz: f32, peak: f32) -> Note {
    Note {
        at,
        length,
        peak,
        voice: Voice::Tone { from_hz, to_hz },
    }
}

/// The notes of a cue. The trick's sound waits a moment so that it follows
/// the snap of the card that completed the trick.
pub fn score(cue: Cue) -> &'static [Note] {
    const CARD: [Note; 1] = [snap(0.0, 2400.0, 0.35)];
    const TRICK: [Note; 2] = [
        snap(0.25, 1500.0, 0.2),
        tone(0.27, 0.16, 520.0, 390.0, 0.08),
    ];
    const DEAL: [Note; 6] = [
        snap(0.00, 2600.0, 0.25),
        snap(0.07, 2300.0, 0.25),
        snap(0.14, 2700.0, 0.25),
        snap(0.21, 2400.0, 0.25),
        snap(0.28, 2600.0, 0.25),
        snap(0.35, 2200.0, 0.25),
    ];
    const SET: [Note; 2] = [
        tone(0.05, 0.22, 392.0, 370.0, 0.12),
        tone(0.27, 0.40, 311.0, 262.0, 0.12),
    ];
    match cue {
        Cue::Card => &CARD,
        Cue::Trick => &TRICK,
        Cue::Deal => &DEAL,
        Cue::Set => &SET,
    }
}

/// Plays cues through the page's Web Audio context, created at the player's
/// first click, tap or key press (browsers allow sound only after one).
#[cfg(target_arch = "wasm32")]
pub mod speaker {
    use std::cell::RefCell;
    use std::rc::Rc;

    use gloo_events::EventListener;
    use wasm_bindgen::JsValue;
    use web_sys::{
        AudioContext, AudioContextState, AudioNode, AudioParam, AudioScheduledSourceNode,
        BiquadFilterType, OscillatorType,
    };

    use super::{score, Cue, Note, Voice};

    /// The device's sound preference in localStorage: "on" or "off".
    const PREFERENCE_KEY: &str = "pinochle/sound";
    /// The quietest gain an exponential ramp may reach (it cannot reach 0).
    const SILENT: f32 = 0.0001;

    /// Whether sounds are on: the player's remembered choice, else on unless
    /// the system asks for reduced motion.
    pub fn preference() -> bool {
        let window = gloo_utils::window();
        let stored = window
            .local_storage()
            .ok()
            .flatten()
            .and_then(|s| s.get_item(PREFERENCE_KEY).ok().flatten());
        match stored.as_deref() {
            Some("on") => true,
            Some("off") => false,
            _ => !window
                .match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
                .is_some_and(|m| m.matches()),
        }
    }

    /// Remembers the player's choice (a full or missing storage only forgets it).
    pub fn remember(on: bool) {
        if let Ok(Some(storage)) = gloo_utils::window().local_storage() {
            let _ = storage.set_item(PREFERENCE_KEY, if on { "on" } else { "off" });
        }
    }

    pub struct Speaker {
        context: Rc<RefCell<Option<AudioContext>>>,
        /// The page's first click, tap or key press creates the context.
        _unlock: [EventListener; 2],
    }

    impl Default for Speaker {
        fn default() -> Speaker {
            Speaker::new()
        }
    }

    impl Speaker {
        /// A speaker that stays silent until the player first touches the
        /// page (browsers refuse sound before that, with a console warning).
        pub fn new() -> Speaker {
            let context = Rc::new(RefCell::new(None));
            let unlock = |event: &'static str| {
                let context = Rc::clone(&context);
                EventListener::new(&gloo_utils::window(), event, move |_| {
                    let mut slot = context.borrow_mut();
                    if slot.is_none() {
                        *slot = AudioContext::new().ok();
                    }
                })
            };
            Speaker {
                _unlock: [unlock("pointerdown"), unlock("keydown")],
                context,
            }
        }

        /// Plays a cue now; silent before the first touch or without Web Audio.
        pub fn play(&self, cue: Cue) {
            let Some(context) = self.context.borrow().clone() else {
                return;
            };
            if let Err(e) = play_cue(&context, cue) {
                web_sys::console::debug_2(&"pinochle: sound failed".into(), &e);
            }
        }
    }

    fn play_cue(context: &AudioContext, cue: Cue) -> Result<(), JsValue> {
        if context.state() == AudioContextState::Suspended {
            // Resolves at once after a touch; the notes wait for it.
            let _ = context.resume()?;
        }
        let start = context.current_time();
        for note in score(cue) {
            play_note(context, start + f64::from(note.at), note)?;
        }
        Ok(())
    }

    /// A gain envelope: a quick rise to the note's peak and an exponential fall.
    fn envelope(gain: &AudioParam, at: f64, note: &Note) -> Result<(), JsValue> {
        gain.set_value_at_time(SILENT, at)?;
        gain.linear_ramp_to_value_at_time(note.peak, at + 0.005)?;
        gain.exponential_ramp_to_value_at_time(SILENT, at + f64::from(note.length))?;
        Ok(())
    }

    fn play_note(context: &AudioContext, at: f64, note: &Note) -> Result<(), JsValue> {
        let gain = context.create_gain()?;
        envelope(&gain.gain(), at, note)?;
        gain.connect_with_audio_node(&context.destination())?;
        let end = at + f64::from(note.length) + 0.02;
        match note.voice {
            Voice::Tone { from_hz, to_hz } => {
                let osc = context.create_oscillator()?;
                osc.set_type(OscillatorType::Sine);
                osc.frequency().set_value_at_time(from_hz, at)?;
                osc.frequency()
                    .exponential_ramp_to_value_at_time(to_hz, at + f64::from(note.length))?;
                osc.connect_with_audio_node(&gain)?;
                osc.start_with_when(at)?;
                osc.stop_with_when(end)?;
            }
            Voice::Snap { hz } => {
                let rate = context.sample_rate();
                let frames = (rate * note.length).ceil() as u32;
                let buffer = context.create_buffer(1, frames, rate)?;
                buffer.copy_to_channel(&noise(frames as usize), 0)?;
                let source = context.create_buffer_source()?;
                source.set_buffer(Some(&buffer));
                let filter = context.create_biquad_filter()?;
                filter.set_type(BiquadFilterType::Bandpass);
                filter.frequency().set_value(hz);
                filter.q().set_value(0.8);
                let filter: &AudioNode = &filter;
                source.connect_with_audio_node(filter)?;
                filter.connect_with_audio_node(&gain)?;
                let source: &AudioScheduledSourceNode = &source;
                source.start_with_when(at)?;
                source.stop_with_when(end)?;
            }
        }
        Ok(())
    }

    /// White noise from a small fixed generator (the same snap every time).
    fn noise(frames: usize) -> Vec<f32> {
        let mut state: u32 = 0x9e37_79b9;
        (0..frames)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                (state as f32 / u32::MAX as f32) * 2.0 - 1.0
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_is_short_and_soft() {
        for cue in [Cue::Card, Cue::Trick, Cue::Deal, Cue::Set] {
            let notes = score(cue);
            assert!(!notes.is_empty(), "{cue:?}");
            for n in notes {
                assert!(
                    n.at >= 0.0 && n.at + n.length <= 1.0,
                    "{cue:?} lasts under a second"
                );
                assert!(n.length > 0.0);
                assert!(n.peak > 0.0 && n.peak <= 0.4, "{cue:?} is soft");
                match n.voice {
                    Voice::Snap { hz } => assert!((200.0..8000.0).contains(&hz)),
                    Voice::Tone { from_hz, to_hz } => {
                        assert!(
                            from_hz > 0.0 && to_hz > 0.0,
                            "exponential glides need positive pitches"
                        )
                    }
                }
            }
        }
    }

    #[test]
    fn a_trick_sounds_after_the_card_that_completes_it() {
        let card_end = score(Cue::Card)
            .iter()
            .map(|n| n.at + n.length)
            .fold(0.0, f32::max);
        let trick_start = score(Cue::Trick)
            .iter()
            .map(|n| n.at)
            .fold(f32::MAX, f32::min);
        assert!(trick_start >= card_end);
    }
}
