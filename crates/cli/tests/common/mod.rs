//! What every test of the `pinochle` binary uses: the presets, a run of the
//! binary with its exit status and output, the checks of a run that succeeds
//! or fails as the CLI promises, and a scratch directory.
// (Each test binary uses its own share of these.)
#![allow(dead_code)]

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

pub const PRESETS: [&str; 5] = ["brooklyn", "bison", "partnership", "double-deck", "club"];

/// What a run of the binary left: its exit status and its output.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the built `pinochle` binary with `args`.
pub fn pinochle(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_pinochle"))
        .args(args)
        .output()
        .expect("run pinochle");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs a command that must succeed (exit 0, nothing on stderr, output
/// ending in a newline) and returns its output.
pub fn succeeds(args: &[&str]) -> String {
    let r = pinochle(args);
    assert_eq!(r.code, 0, "{args:?} failed: {}", r.stderr);
    assert!(
        r.stderr.is_empty(),
        "{args:?} wrote to stderr: {}",
        r.stderr
    );
    assert!(r.stdout.ends_with('\n'), "{args:?}: no trailing newline");
    r.stdout
}

/// Runs a command that must succeed and returns its JSON output.
pub fn json(args: &[&str]) -> Value {
    let out = succeeds(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: bad JSON {e}: {out}"))
}

/// Runs a command that must fail as bad input does: exit 2, nothing on
/// stdout, one line on stderr that starts "pinochle: ", names `needle`
/// (in any case) and is no panic.
pub fn fails(args: &[&str], needle: &str) {
    let r = pinochle(args);
    assert_eq!(
        r.code, 2,
        "{args:?}: exit {} (stderr {:?})",
        r.code, r.stderr
    );
    assert!(
        r.stdout.is_empty(),
        "{args:?}: wrote to stdout: {}",
        r.stdout
    );
    assert!(
        r.stderr.starts_with("pinochle: ") && r.stderr.ends_with('\n'),
        "{args:?}: {:?}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {:?}", r.stderr);
    assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
    assert!(
        r.stderr.to_lowercase().contains(&needle.to_lowercase()),
        "{args:?}: expected {needle:?} in {:?}",
        r.stderr
    );
}

/// A test's own scratch directory under the system's temp dir, removed when
/// the test is done with it (pass or fail), so test runs leave nothing behind.
pub struct Scratch(PathBuf);

impl Scratch {
    /// A fresh directory named after the test binary's process and `test`
    /// (tests run in parallel threads of one process: each needs its own).
    pub fn new(test: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("pinochle-cli-test-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }

    /// A file in this directory.
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
