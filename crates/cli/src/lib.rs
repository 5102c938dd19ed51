//! The `pinochle` command line tool: a dispatcher over subcommand modules.
//!
//! Every subcommand is a module in [`commands`] with `USAGE`, `ABOUT`, `OPTS` and
//! `run(&[String]) -> Result<Output, CliError>`; add a row to [`COMMANDS`] to add
//! one. Output is JSON on stdout (compact, one trailing newline); every error is one
//! line `pinochle: MESSAGE` on stderr with exit status 2.

pub mod args;
pub mod bots;
pub mod commands;
pub mod common;
pub mod error;
pub mod random_options;

pub use error::CliError;

use std::io::Write;

/// What a subcommand prints on success.
#[derive(Debug)]
pub enum Output {
    /// Printed compactly with a trailing newline.
    Json(serde_json::Value),
    /// Printed as is (help text).
    Text(String),
}

/// A subcommand: name, one-line summary, entry point.
pub struct Command {
    pub name: &'static str,
    pub summary: &'static str,
    pub run: fn(&[String]) -> Result<Output, CliError>,
}

/// Every subcommand, in help order.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "presets",
        summary: "list the built-in games",
        run: commands::presets::run,
    },
    Command {
        name: "rules",
        summary: "print a rule set as JSON",
        run: commands::rules::run,
    },
    Command {
        name: "options",
        summary: "list the rule options of a rule set with their values",
        run: commands::options::run,
    },
    Command {
        name: "meld",
        summary: "the best meld of a hand",
        run: commands::meld::run,
    },
    Command {
        name: "legal",
        summary: "the legal cards to play to a trick",
        run: commands::legal::run,
    },
    Command {
        name: "link",
        summary: "a rule set's share link, or the rules a link carries",
        run: commands::link::run,
    },
    Command {
        name: "simulate",
        summary: "play hands with computer players; summary and hand records",
        run: commands::simulate::run,
    },
    Command {
        name: "tournament",
        summary: "duplicate match between two bot levels",
        run: commands::tournament::run,
    },
    Command {
        name: "bench",
        summary: "AI timings on seeded deals (solver, PIMC, expert decisions)",
        run: commands::bench::run,
    },
    Command {
        name: "hint",
        summary: "the coach's analysis (hint, bid advice, claim) at a position of a seeded game",
        run: commands::hint::run,
    },
    Command {
        name: "review",
        summary:
            "replay a file of hand records and grade one seat's decisions, with each hand's par",
        run: commands::review::run,
    },
];

/// Top-level help.
pub fn main_help() -> String {
    let mut out = String::from(
        "Usage: pinochle COMMAND [OPTIONS]\n\nPinochle rule tools and simulation. Output is JSON on stdout; \
errors are one line on stderr with exit status 2.\n\nCommands:\n",
    );
    let width = COMMANDS.iter().map(|c| c.name.len()).max().unwrap_or(0) + 2;
    for c in COMMANDS {
        out.push_str(&format!("  {:width$}{}\n", c.name, c.summary));
    }
    out.push_str("\nRun `pinochle COMMAND --help` for a command's options.\n");
    out
}

/// Runs a command line (without the program name).
pub fn run(argv: &[String]) -> Result<Output, CliError> {
    let Some((first, rest)) = argv.split_first() else {
        return Err(CliError::usage("no command given (try `pinochle --help`)"));
    };
    match first.as_str() {
        "-h" | "--help" => return Ok(Output::Text(main_help())),
        "help" => {
            return match rest.first() {
                None => Ok(Output::Text(main_help())),
                Some(name) => run(&[name.clone(), "--help".to_string()]),
            }
        }
        "-V" | "--version" => {
            return Ok(Output::Text(format!(
                "pinochle {}\n",
                env!("CARGO_PKG_VERSION")
            )))
        }
        _ => {}
    }
    let command = COMMANDS.iter().find(|c| c.name == first).ok_or_else(|| {
        let names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        CliError::usage(format!(
            "unknown command '{}' (expected one of {})",
            error::shorten(first),
            names.join(", ")
        ))
    })?;
    (command.run)(rest)
}

/// Runs a command line and prints the result; returns the exit status.
pub fn main_with_args(argv: &[String]) -> i32 {
    let result = run(argv);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match result {
        Ok(output) => {
            let text = match output {
                Output::Json(v) => match serde_json::to_string(&v) {
                    Ok(s) => s + "\n",
                    Err(e) => {
                        eprintln!("pinochle: cannot write JSON: {e}");
                        return 1;
                    }
                },
                Output::Text(t) => t,
            };
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => 0,
                // A closed pipe (`| head`) is not an error worth a message.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
                Err(e) => {
                    eprintln!("pinochle: cannot write output: {e}");
                    1
                }
            }
        }
        Err(e) => {
            eprintln!("pinochle: {}", e.message);
            e.code
        }
    }
}
