//! One module per subcommand; see [`crate::COMMANDS`].

pub mod legal;
pub mod link;
pub mod meld;
pub mod options;
pub mod presets;
pub mod rules;
pub mod simulate;
