//! A small, strict command-line parser: `--name value`, `--name=value`, repeatable
//! options, boolean flags, positionals, `--` and `--help`/`-h`.
//!
//! Every mistake (unknown flag, missing value, an option given twice, a stray
//! positional) is a [`CliError`] naming the problem; nothing here panics.

use crate::error::CliError;

/// One option a subcommand accepts.
#[derive(Clone, Copy, Debug)]
pub struct Opt {
    /// Long name without the dashes, e.g. `preset`.
    pub name: &'static str,
    /// Placeholder for help text; `None` for a boolean flag.
    pub value: Option<&'static str>,
    /// May be given more than once (`--set`).
    pub repeat: bool,
    pub help: &'static str,
}

impl Opt {
    pub const fn value(name: &'static str, value: &'static str, help: &'static str) -> Opt {
        Opt {
            name,
            value: Some(value),
            repeat: false,
            help,
        }
    }

    pub const fn repeated(name: &'static str, value: &'static str, help: &'static str) -> Opt {
        Opt {
            name,
            value: Some(value),
            repeat: true,
            help,
        }
    }

    pub const fn flag(name: &'static str, help: &'static str) -> Opt {
        Opt {
            name,
            value: None,
            repeat: false,
            help,
        }
    }
}

/// The options shared by every command that loads a rule set.
pub const PRESET: Opt = Opt::value(
    "preset",
    "ID",
    "brooklyn, bison, partnership, double-deck or club (required)",
);
pub const SET: Opt = Opt::repeated(
    "set",
    "KEY=VALUE",
    "change a rule option (repeatable; see `pinochle options --preset ID`)",
);

/// A parsed command line.
#[derive(Debug, Default)]
pub struct Parsed {
    values: Vec<(&'static str, String)>,
    flags: Vec<&'static str>,
    pub positionals: Vec<String>,
    pub help: bool,
}

impl Parsed {
    /// The value of a single-valued option.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of a required option.
    pub fn require(&self, name: &str) -> Result<&str, CliError> {
        self.get(name)
            .ok_or_else(|| CliError::usage(format!("missing required option --{name}")))
    }

    /// Every value of a repeatable option, in order.
    pub fn all(&self, name: &str) -> Vec<String> {
        self.values
            .iter()
            .filter(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
            .collect()
    }

    pub fn flag(&self, name: &str) -> bool {
        self.flags.contains(&name)
    }

    /// A whole number option, with its name in the message when it is not one.
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, CliError> {
        match self.get(name) {
            None => Ok(None),
            Some(text) => text.trim().parse::<T>().map(Some).map_err(|_| {
                CliError::usage(format!(
                    "--{name}: '{}' is not a valid number",
                    crate::error::shorten(text)
                ))
            }),
        }
    }
}

/// Parses `args` (after the subcommand name) against `opts`. `positional` names the
/// positionals in messages; `None` means none are accepted.
pub fn parse(args: &[String], opts: &[Opt], positional: Option<&str>) -> Result<Parsed, CliError> {
    let mut out = Parsed::default();
    let mut i = 0;
    let mut only_positionals = false;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if only_positionals || !arg.starts_with('-') || arg == "-" || is_negative_number(arg) {
            if positional.is_none() {
                return Err(CliError::usage(format!(
                    "unexpected argument '{}'",
                    crate::error::shorten(arg)
                )));
            }
            out.positionals.push(arg.clone());
            continue;
        }
        if arg == "--" {
            only_positionals = true;
            continue;
        }
        if arg == "-h" || arg == "--help" {
            out.help = true;
            continue;
        }
        let Some(body) = arg.strip_prefix("--") else {
            return Err(CliError::usage(format!(
                "unknown flag '{}'",
                crate::error::shorten(arg)
            )));
        };
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        let Some(opt) = opts.iter().find(|o| o.name == name) else {
            return Err(CliError::usage(format!(
                "unknown flag '--{}'",
                crate::error::shorten(name)
            )));
        };
        match opt.value {
            None => {
                if inline.is_some() {
                    return Err(CliError::usage(format!("--{name} takes no value")));
                }
                if out.flags.contains(&opt.name) {
                    return Err(CliError::usage(format!("--{name} given twice")));
                }
                out.flags.push(opt.name);
            }
            Some(placeholder) => {
                let value = match inline {
                    Some(v) => v,
                    None => match args.get(i) {
                        Some(v) if !v.starts_with("--") => {
                            i += 1;
                            v.clone()
                        }
                        _ => {
                            return Err(CliError::usage(format!(
                                "missing value for --{name} (expected {placeholder})"
                            )))
                        }
                    },
                };
                if !opt.repeat && out.get(opt.name).is_some() {
                    return Err(CliError::usage(format!("--{name} given twice")));
                }
                out.values.push((opt.name, value));
            }
        }
    }
    Ok(out)
}

fn is_negative_number(arg: &str) -> bool {
    arg.len() > 1 && arg[1..].bytes().all(|b| b.is_ascii_digit())
}

/// Help text for a subcommand: usage line, description and its options.
pub fn help_text(usage: &str, about: &str, opts: &[Opt]) -> String {
    let mut out = format!("Usage: pinochle {usage}\n\n{about}\n\nOptions:\n");
    let mut rows: Vec<(String, &str)> = opts
        .iter()
        .map(|o| {
            let left = match o.value {
                Some(v) => format!("--{} {v}", o.name),
                None => format!("--{}", o.name),
            };
            (left, o.help)
        })
        .collect();
    rows.push(("-h, --help".to_string(), "print this help"));
    let width = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    for (left, help) in rows {
        out.push_str(&format!("  {left:width$}  {help}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    const OPTS: &[Opt] = &[
        PRESET,
        SET,
        Opt::flag("check", "check"),
        Opt::value("seed", "S", "seed"),
    ];

    #[test]
    fn values_flags_and_positionals() {
        let p = parse(
            &argv(&[
                "--preset",
                "bison",
                "--set=a=1",
                "--set",
                "b=2",
                "--check",
                "AH",
                "--",
                "--x",
            ]),
            OPTS,
            Some("CARD"),
        )
        .unwrap();
        assert_eq!(p.get("preset"), Some("bison"));
        assert_eq!(p.all("set"), vec!["a=1", "b=2"]);
        assert!(p.flag("check"));
        assert_eq!(p.positionals, vec!["AH", "--x"]);
    }

    #[test]
    fn mistakes_are_errors() {
        let cases: &[(&[&str], &str)] = &[
            (&["--nope"], "unknown flag '--nope'"),
            (&["-x"], "unknown flag '-x'"),
            (&["--preset"], "missing value for --preset"),
            (&["--preset", "--check"], "missing value for --preset"),
            (&["--preset", "a", "--preset", "b"], "given twice"),
            (&["--check=1"], "takes no value"),
            (&["stray"], "unexpected argument 'stray'"),
        ];
        for (args, needle) in cases {
            let err = parse(&argv(args), OPTS, None).unwrap_err();
            assert!(err.message.contains(needle), "{args:?}: {}", err.message);
        }
        let p = parse(&argv(&["--seed", "x"]), OPTS, None).unwrap();
        assert!(p.number::<u64>("seed").is_err());
        let p = parse(&argv(&["--seed", "-3"]), OPTS, None).unwrap();
        assert!(p.number::<u64>("seed").is_err());
    }
}
