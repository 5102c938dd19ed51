//! One module per subcommand; see [`crate::COMMANDS`].

pub mod bench;
pub mod hint;
pub mod legal;
pub mod link;
pub mod meld;
pub mod options;
pub mod presets;
pub mod review;
pub mod rules;
pub mod simulate;
pub mod tournament;
