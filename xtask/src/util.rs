//! Shared plumbing: the error type, the child-process environment and a step runner.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// An error with a message meant for a person: what failed and what to do about it.
#[derive(Debug)]
pub struct Error(pub String);

pub type Result<T = ()> = std::result::Result<T, Error>;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<String> for Error {
    fn from(msg: String) -> Self {
        Error(msg)
    }
}

impl From<&str> for Error {
    fn from(msg: &str) -> Self {
        Error(msg.to_owned())
    }
}

impl From<std::io::Error> for Error {
    fn from(err: std::io::Error) -> Self {
        Error(err.to_string())
    }
}

/// Returns early with a formatted [`Error`].
macro_rules! bail {
    ($($arg:tt)*) => {
        return Err($crate::util::Error(format!($($arg)*)))
    };
}
pub(crate) use bail;

/// Where things are, and the environment every child process gets.
#[derive(Debug)]
pub struct Ctx {
    /// The workspace root (parent of `xtask/`).
    pub root: PathBuf,
    /// Pinned tools live here: `$PINOCHLE_TOOLS`, else `$HOME/.cache/pinochle/tools`.
    pub tools: PathBuf,
    /// `PATH` for children: the tools' bin dirs first, then the caller's `PATH`.
    path_env: OsString,
}

impl Ctx {
    pub fn new() -> Result<Ctx> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("xtask/ has a parent")
            .to_path_buf();
        let tools = match std::env::var_os("PINOCHLE_TOOLS") {
            Some(dir) if !dir.is_empty() => PathBuf::from(dir),
            _ => match std::env::var_os("HOME") {
                Some(home) if !home.is_empty() => {
                    PathBuf::from(home).join(".cache/pinochle/tools")
                }
                _ => bail!("neither PINOCHLE_TOOLS nor HOME is set: set PINOCHLE_TOOLS to a directory for the pinned tools"),
            },
        };
        let tools = if tools.is_relative() {
            std::env::current_dir()?.join(tools)
        } else {
            tools
        };
        let mut dirs = vec![tools.join("bin"), tools.join("npm/node_modules/.bin")];
        dirs.extend(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        ));
        let path_env = std::env::join_paths(dirs)
            .map_err(|e| Error(format!("cannot build PATH for child processes: {e}")))?;
        Ok(Ctx {
            root,
            tools,
            path_env,
        })
    }

    /// The directory `cargo install --root` puts binaries in.
    pub fn tools_bin(&self) -> PathBuf {
        self.tools.join("bin")
    }

    /// A command run from the workspace root with the tools on `PATH`.
    pub fn cmd(&self, program: impl AsRef<OsStr>) -> Command {
        let mut cmd = Command::new(program);
        cmd.current_dir(&self.root).env("PATH", &self.path_env);
        // `cargo run` sets these for the xtask itself; they must not leak into
        // nested cargo/rustc invocations.
        for var in [
            "CARGO_MANIFEST_DIR",
            "CARGO_PKG_NAME",
            "CARGO_PRIMARY_PACKAGE",
        ] {
            cmd.env_remove(var);
        }
        cmd
    }

    /// `cargo` (the same one that runs the xtask, when known).
    pub fn cargo(&self) -> Command {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        self.cmd(cargo)
    }

    /// Runs a command with inherited stdio, printing it first; fails on a non-zero exit.
    pub fn run(&self, cmd: &mut Command) -> Result {
        println!("$ {}", show(cmd));
        let status = cmd.status().map_err(|e| spawn_error(cmd, &e))?;
        if !status.success() {
            bail!("`{}` exited with {status}", show(cmd));
        }
        Ok(())
    }

    /// Runs a command quietly and returns its trimmed stdout, or `None` if it
    /// could not start or exited non-zero. Used for probes like `--version`.
    pub fn probe(&self, cmd: &mut Command) -> Option<String> {
        let out = cmd
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
    }
}

fn spawn_error(cmd: &Command, err: &std::io::Error) -> Error {
    let program = cmd.get_program().to_string_lossy();
    if err.kind() == std::io::ErrorKind::NotFound {
        Error(format!(
            "`{program}` not found on PATH (needed to run `{}`)",
            show(cmd)
        ))
    } else {
        Error(format!("could not start `{program}`: {err}"))
    }
}

/// A command line for display.
pub fn show(cmd: &Command) -> String {
    let mut parts = vec![cmd.get_program().to_string_lossy().into_owned()];
    parts.extend(cmd.get_args().map(|a| {
        let a = a.to_string_lossy();
        if a.contains(' ') {
            format!("'{a}'")
        } else {
            a.into_owned()
        }
    }));
    parts.join(" ")
}

/// `1m05s`, `12.3s`.
pub fn fmt_duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs < 60.0 {
        format!("{secs:.1}s")
    } else {
        let whole = d.as_secs();
        format!("{}m{:02}s", whole / 60, whole % 60)
    }
}

/// Runs named steps in order, stopping at the first failure, and prints the summary.
#[derive(Debug, Default)]
pub struct Steps {
    passed: Vec<(String, Duration)>,
    started: Option<Instant>,
}

/// The step that failed and why.
#[derive(Debug)]
pub struct Failure {
    pub step: String,
    pub reason: String,
}

impl Steps {
    /// Runs one counted step: prints `==> name`, then its timing or the failure.
    pub fn run(
        &mut self,
        name: &str,
        f: impl FnOnce() -> Result,
    ) -> std::result::Result<(), Failure> {
        self.started.get_or_insert_with(Instant::now);
        println!("\n==> {name}");
        let start = Instant::now();
        match f() {
            Ok(()) => {
                let took = start.elapsed();
                println!("<== {name}: ok ({})", fmt_duration(took));
                self.passed.push((name.to_owned(), took));
                Ok(())
            }
            Err(e) => Err(Failure {
                step: name.to_owned(),
                reason: e.0,
            }),
        }
    }

    /// Prints the closing lines. The very last line is the plain
    /// `xtask: N passed, M failed` that CI reads.
    pub fn finish(&self, failure: Option<&Failure>) {
        let total = self.started.map(|s| s.elapsed()).unwrap_or_default();
        let ran: Vec<String> = self
            .passed
            .iter()
            .map(|(name, took)| format!("{name} ({})", fmt_duration(*took)))
            .collect();
        println!();
        match failure {
            None if self.passed.is_empty() => println!("xtask: done"),
            None => {
                println!(
                    "xtask: all steps passed in {}: {}",
                    fmt_duration(total),
                    ran.join(", ")
                );
                println!("xtask: {} passed, 0 failed", self.passed.len());
            }
            Some(f) => {
                if !ran.is_empty() {
                    println!("xtask: passed before the failure: {}", ran.join(", "));
                }
                println!("xtask: {} passed, 1 failed", self.passed.len());
                println!("xtask: FAILED at {}: {}", f.step, f.reason);
            }
        }
    }
}
