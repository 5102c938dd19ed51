//! The CLI's one error type: a one-line message and an exit status.

use std::fmt;

/// Exit status for bad input of any kind (usage, cards, options, files).
pub const EXIT_USAGE: i32 = 2;

/// An error the CLI reports as `pinochle: MESSAGE` on one line of stderr.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError {
    pub message: String,
    pub code: i32,
}

impl CliError {
    /// Bad input: exit status 2.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            message: one_line(&message.into()),
            code: EXIT_USAGE,
        }
    }

    /// An internal failure that is not the user's fault (exit status 1).
    pub fn internal(message: impl Into<String>) -> CliError {
        CliError {
            message: one_line(&message.into()),
            code: 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

impl From<pinochle_engine::options::RulesError> for CliError {
    /// The engine's message; an unknown option also says where the known
    /// ones are listed (the engine's own message is read in the browser too,
    /// where there is no command to run).
    fn from(e: pinochle_engine::options::RulesError) -> CliError {
        use pinochle_engine::options::RulesError;
        match e {
            RulesError::UnknownOption(_) => CliError::usage(format!(
                "{e} (run `pinochle options --preset ID` to see the options)"
            )),
            other => CliError::usage(other.to_string()),
        }
    }
}

impl From<pinochle_engine::game::play::PlayError<CliError>> for CliError {
    fn from(e: pinochle_engine::game::play::PlayError<CliError>) -> CliError {
        use pinochle_engine::game::play::PlayError;
        match e {
            PlayError::Driver(e) => e,
            other => CliError::internal(other.to_string()),
        }
    }
}

/// Collapses whitespace runs (newlines included) so a message stays on one line.
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Echoes user text back in a message: at most 40 characters, control characters
/// escaped, so a message stays one readable line.
pub fn shorten(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(40)
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}
