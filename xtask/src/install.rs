//! Idempotent, pinned installs of everything the commands need.
//!
//! Each `ensure_*` first checks whether the exact pinned version is already
//! there and does nothing if so. Rust tools go to `<tools>/bin` (`cargo install
//! --root`), binaryen to `<tools>/npm`; only the xtask's child processes see
//! them (via `PATH`). Chromium comes from Debian via apt-get, the one global
//! install (documented in README.md).

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::util::{bail, fmt_duration, Ctx, Error, Result};

/// `cargo install trunk --version =TRUNK --locked`. Trunk 0.22 needs a newer rustc.
pub const TRUNK: &str = "0.21.14";
/// Must equal the `wasm-bindgen = "=..."` pin in the workspace Cargo.toml and
/// `[tools] wasm_bindgen` in Trunk.toml.
pub const WASM_BINDGEN: &str = "0.2.130";
/// npm package `binaryen`, which ships a working `wasm-opt` (Debian's is too old).
/// Must match `[tools] wasm_opt = "version_<major>"` in Trunk.toml.
pub const BINARYEN: &str = "132.0.0";
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Something a command needs before it can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// rustfmt and clippy components.
    RustComponents,
    /// The wasm32-unknown-unknown standard library.
    WasmTarget,
    /// All crates downloaded (Trunk runs cargo with --offline).
    CargoFetch,
    Trunk,
    WasmBindgen,
    Binaryen,
    /// Debian's chromium and chromium-driver.
    Chromium,
    /// `npm ci` in tests/.
    NodeModules,
}

impl Need {
    pub const ALL: [Need; 8] = [
        Need::RustComponents,
        Need::WasmTarget,
        Need::CargoFetch,
        Need::Trunk,
        Need::WasmBindgen,
        Need::Binaryen,
        Need::Chromium,
        Need::NodeModules,
    ];

    fn label(self) -> &'static str {
        match self {
            Need::RustComponents => "rustfmt + clippy",
            Need::WasmTarget => "rust target wasm32-unknown-unknown",
            Need::CargoFetch => "crate downloads (cargo fetch)",
            Need::Trunk => "trunk",
            Need::WasmBindgen => "wasm-bindgen-cli",
            Need::Binaryen => "wasm-opt (binaryen)",
            Need::Chromium => "chromium + chromedriver",
            Need::NodeModules => "tests/node_modules",
        }
    }
}

/// Makes sure every need in `needs` is met, installing what is missing.
/// Returns the label of the failing need with the error.
pub fn ensure(ctx: &Ctx, needs: &[Need]) -> std::result::Result<(), (String, Error)> {
    for need in Need::ALL.iter().filter(|n| needs.contains(n)) {
        let start = Instant::now();
        let res = match need {
            Need::RustComponents => ensure_rust_components(ctx),
            Need::WasmTarget => ensure_wasm_target(ctx),
            Need::CargoFetch => ensure_cargo_fetch(ctx),
            Need::Trunk => ensure_trunk(ctx),
            Need::WasmBindgen => ensure_wasm_bindgen(ctx),
            Need::Binaryen => ensure_binaryen(ctx),
            Need::Chromium => ensure_chromium(ctx),
            Need::NodeModules => ensure_node_modules(ctx),
        };
        match res {
            Ok(Some(what)) => println!(
                "xtask: setup: {}: installed {what} ({})",
                need.label(),
                fmt_duration(start.elapsed())
            ),
            Ok(None) => {}
            Err(e) => return Err((need.label().to_owned(), e)),
        }
    }
    Ok(())
}

/// Prints one line per need saying it is already satisfied (used by `setup`).
pub fn describe(ctx: &Ctx) {
    println!("xtask: tools directory: {}", ctx.tools.display());
    println!(
        "xtask:   trunk {TRUNK}, wasm-bindgen-cli {WASM_BINDGEN} in {}",
        ctx.tools_bin().display()
    );
    println!(
        "xtask:   binaryen {BINARYEN} (wasm-opt) in {}",
        binaryen_bin(ctx).display()
    );
    if let Ok(browser) = chromium_paths() {
        println!(
            "xtask:   chromium {} and chromedriver {}",
            browser.chromium.display(),
            browser.chromedriver.display()
        );
    }
}

type Installed = Result<Option<String>>;

fn ensure_rust_components(ctx: &Ctx) -> Installed {
    let fmt_ok = ctx.probe(ctx.cargo().args(["fmt", "--version"])).is_some();
    let clippy_ok = ctx
        .probe(ctx.cargo().args(["clippy", "--version"]))
        .is_some();
    if fmt_ok && clippy_ok {
        return Ok(None);
    }
    println!("xtask: setup: adding rustup components rustfmt and clippy");
    ctx.run(
        ctx.cmd("rustup")
            .args(["component", "add", "rustfmt", "clippy"]),
    )
    .map_err(|e| {
        Error(format!(
            "{e}\n  cargo fmt / cargo clippy are missing and rustup could not add them: \
                 add the rustfmt and clippy components to your toolchain yourself"
        ))
    })?;
    Ok(Some("rustfmt, clippy".into()))
}

fn ensure_wasm_target(ctx: &Ctx) -> Installed {
    let installed = ctx
        .probe(ctx.cmd("rustup").args(["target", "list", "--installed"]))
        .ok_or_else(|| {
            Error(
                "`rustup target list --installed` failed: the wasm32-unknown-unknown target is \
                 managed with rustup; install rustup or add the target to your toolchain yourself"
                    .into(),
            )
        })?;
    if installed.lines().any(|l| l.trim() == WASM_TARGET) {
        return Ok(None);
    }
    println!("xtask: setup: rustup target add {WASM_TARGET}");
    ctx.run(ctx.cmd("rustup").args(["target", "add", WASM_TARGET]))
        .map_err(|e| {
            Error(format!(
                "{e}\n  fix: run `rustup target add {WASM_TARGET}` yourself and look at its error"
            ))
        })?;
    Ok(Some(WASM_TARGET.into()))
}

fn ensure_cargo_fetch(ctx: &Ctx) -> Installed {
    // Cheap when everything is already downloaded; needed because Trunk runs
    // `cargo build --offline`.
    println!("xtask: setup: cargo fetch (Trunk builds with --offline)");
    ctx.run(ctx.cargo().arg("fetch")).map_err(|e| {
        Error(format!(
            "{e}\n  fix: cargo could not download the workspace's crates; check access to crates.io"
        ))
    })?;
    Ok(None)
}

/// `<bin> --version` equals `expected` exactly.
fn has_version(ctx: &Ctx, bin: &Path, expected: &str) -> bool {
    ctx.probe(ctx.cmd(bin).arg("--version")).as_deref() == Some(expected)
}

fn cargo_install(ctx: &Ctx, krate: &str, version: &str, locked: bool, minutes: &str) -> Result {
    println!(
        "xtask: setup: installing {krate} {version} into {} (compiles from crates.io, about {minutes} on 2 cores)",
        ctx.tools.display()
    );
    let mut cmd = ctx.cargo();
    cmd.args(["install", krate, "--version", &format!("={version}")]);
    if locked {
        cmd.arg("--locked");
    }
    cmd.arg("--root").arg(&ctx.tools).arg("--force");
    ctx.run(&mut cmd).map_err(|e| {
        Error(format!(
            "{e}\n  fix: the command above must reach crates.io and compile; rerun it by hand to see the \
             full error, or set PINOCHLE_TOOLS to a writable directory"
        ))
    })
}

fn ensure_trunk(ctx: &Ctx) -> Installed {
    let bin = ctx.tools_bin().join("trunk");
    let want = format!("trunk {TRUNK}");
    if has_version(ctx, &bin, &want) {
        return Ok(None);
    }
    cargo_install(ctx, "trunk", TRUNK, true, "8 minutes")?;
    if !has_version(ctx, &bin, &want) {
        bail!(
            "installed trunk, but `{} --version` does not print `{want}`",
            bin.display()
        );
    }
    Ok(Some(want))
}

fn ensure_wasm_bindgen(ctx: &Ctx) -> Installed {
    let bindgen = ctx.tools_bin().join("wasm-bindgen");
    let runner = ctx.tools_bin().join("wasm-bindgen-test-runner");
    let want = format!("wasm-bindgen {WASM_BINDGEN}");
    let want_runner = format!("wasm-bindgen-test-runner {WASM_BINDGEN}");
    let ok =
        |ctx: &Ctx| has_version(ctx, &bindgen, &want) && has_version(ctx, &runner, &want_runner);
    if ok(ctx) {
        return Ok(None);
    }
    // Not --locked: its lockfile pins a webpki-roots version the registry no longer serves.
    cargo_install(ctx, "wasm-bindgen-cli", WASM_BINDGEN, false, "3 minutes")?;
    if !ok(ctx) {
        bail!(
            "installed wasm-bindgen-cli, but `{} --version` does not print `{want}`",
            bindgen.display()
        );
    }
    Ok(Some(format!("wasm-bindgen-cli {WASM_BINDGEN}")))
}

pub fn binaryen_bin(ctx: &Ctx) -> PathBuf {
    ctx.tools.join("npm/node_modules/.bin")
}

fn ensure_binaryen(ctx: &Ctx) -> Installed {
    let wasm_opt = binaryen_bin(ctx).join("wasm-opt");
    let major = BINARYEN.split('.').next().unwrap_or(BINARYEN);
    let version_ok = |ctx: &Ctx| {
        ctx.probe(ctx.cmd(&wasm_opt).arg("--version"))
            .is_some_and(|v| v.starts_with(&format!("wasm-opt version {major} ")))
    };
    if version_ok(ctx) {
        return Ok(None);
    }
    check_node(ctx)?;
    let prefix = ctx.tools.join("npm");
    std::fs::create_dir_all(&prefix)?;
    println!(
        "xtask: setup: npm install binaryen@{BINARYEN} into {} (provides wasm-opt)",
        prefix.display()
    );
    ctx.run(
        ctx.cmd("npm")
            .arg("install")
            .arg("--prefix")
            .arg(&prefix)
            .args([
                "--save-exact",
                "--no-audit",
                "--no-fund",
                "--no-update-notifier",
            ])
            .arg(format!("binaryen@{BINARYEN}")),
    )
    .map_err(|e| {
        Error(format!(
            "{e}\n  fix: npm must reach the npm registry; rerun the command above to see its error"
        ))
    })?;
    if !version_ok(ctx) {
        bail!(
            "installed binaryen {BINARYEN}, but `{} --version` does not print `wasm-opt version {major} ...`",
            wasm_opt.display()
        );
    }
    Ok(Some(format!("binaryen {BINARYEN}")))
}

/// Node.js 20+ and npm must already be on the machine (README: prerequisites).
fn check_node(ctx: &Ctx) -> Result {
    let version = ctx.probe(ctx.cmd("node").arg("--version")).ok_or_else(|| {
        Error("node is not installed: install Node.js 20 or newer with npm (Debian: `apt-get install nodejs npm`)".into())
    })?;
    let major: u32 = version
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(0);
    if major < 20 {
        bail!(
            "node {version} is too old: the e2e suite (playwright-core) needs Node.js 20 or newer"
        );
    }
    if ctx.probe(ctx.cmd("npm").arg("--version")).is_none() {
        bail!("npm is not installed: install it (Debian: `apt-get install npm`)");
    }
    Ok(())
}

/// Where the browser and its WebDriver are.
#[derive(Debug)]
pub struct Browser {
    pub chromium: PathBuf,
    pub chromedriver: PathBuf,
}

/// Debian's paths, overridable with `PINOCHLE_CHROMIUM` / `PINOCHLE_CHROMEDRIVER`.
fn chromium_paths() -> Result<Browser> {
    let pick = |var: &str, default: &str| {
        std::env::var_os(var)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(default))
    };
    Ok(Browser {
        chromium: pick("PINOCHLE_CHROMIUM", "/usr/bin/chromium"),
        chromedriver: pick("PINOCHLE_CHROMEDRIVER", "/usr/bin/chromedriver"),
    })
}

/// Chromium and ChromeDriver from Debian; installed with apt-get when missing.
pub fn ensure_chromium(ctx: &Ctx) -> Result<Option<String>> {
    let b = chromium_paths()?;
    if b.chromium.exists() && b.chromedriver.exists() {
        return Ok(None);
    }
    let missing: Vec<String> = [&b.chromium, &b.chromedriver]
        .iter()
        .filter(|p| !p.exists())
        .map(|p| p.display().to_string())
        .collect();
    let uid = ctx.probe(ctx.cmd("id").arg("-u")).unwrap_or_default();
    if uid != "0" {
        bail!(
            "{} not found, and installing Debian's chromium needs root: run \
             `sudo apt-get update && sudo apt-get install -y chromium chromium-driver`, \
             then rerun (or point PINOCHLE_CHROMIUM / PINOCHLE_CHROMEDRIVER at your own)",
            missing.join(" and ")
        );
    }
    if ctx.probe(ctx.cmd("apt-get").arg("--version")).is_none() {
        bail!(
            "{} not found and apt-get is not available: install Chromium and a matching ChromeDriver, \
             then set PINOCHLE_CHROMIUM and PINOCHLE_CHROMEDRIVER to them",
            missing.join(" and ")
        );
    }
    println!(
        "xtask: setup: {} missing; installing Debian packages chromium and chromium-driver with apt-get \
         (Debian ships one current, security-patched version of each)",
        missing.join(" and ")
    );
    let apt_fix = "\n  fix: apt-get must reach Debian's package mirrors; run \
                   `apt-get update && apt-get install -y chromium chromium-driver` yourself to see why";
    ctx.run(
        ctx.cmd("apt-get")
            .arg("update")
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
    .map_err(|e| Error(format!("{e}{apt_fix}")))?;
    ctx.run(
        ctx.cmd("apt-get")
            .args(["install", "-y", "chromium", "chromium-driver"])
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
    .map_err(|e| Error(format!("{e}{apt_fix}")))?;
    if !(b.chromium.exists() && b.chromedriver.exists()) {
        bail!(
            "apt-get installed chromium and chromium-driver, but {} or {} is still missing",
            b.chromium.display(),
            b.chromedriver.display()
        );
    }
    let version = ctx
        .probe(ctx.cmd(&b.chromium).arg("--version"))
        .unwrap_or_else(|| "chromium".into());
    Ok(Some(version))
}

/// The paths to use for Chromium and ChromeDriver (after [`ensure`]).
pub fn browser() -> Browser {
    chromium_paths().expect("infallible")
}

/// FNV-1a: a stable fingerprint of the lockfile, to notice a stale node_modules.
fn fingerprint(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn ensure_node_modules(ctx: &Ctx) -> Installed {
    let tests = ctx.root.join("tests");
    let lock = std::fs::read(tests.join("package-lock.json"))
        .map_err(|e| Error(format!("cannot read tests/package-lock.json: {e}")))?;
    let stamp_path = tests.join("node_modules/.xtask-lock-fingerprint");
    let want = fingerprint(&lock);
    if std::fs::read_to_string(&stamp_path).ok().as_deref() == Some(want.as_str()) {
        return Ok(None);
    }
    check_node(ctx)?;
    println!(
        "xtask: setup: npm ci in tests/ (node_modules missing or older than package-lock.json)"
    );
    ctx.run(
        ctx.cmd("npm")
            .current_dir(&tests)
            .args(["ci", "--no-audit", "--no-fund", "--no-update-notifier"])
            .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"),
    )
    .map_err(|e| {
        Error(format!(
            "{e}\n  fix: npm must reach the npm registry; run `npm ci` in tests/ yourself to see why"
        ))
    })?;
    std::fs::write(&stamp_path, &want)?;
    Ok(Some("tests/node_modules (npm ci)".into()))
}

/// The `wasm-bindgen` versions Cargo.lock resolved, which must be exactly the pin.
pub fn check_lock_pin(ctx: &Ctx) -> Result {
    let Ok(lock) = std::fs::read_to_string(ctx.root.join("Cargo.lock")) else {
        return Ok(()); // not generated yet; cargo will, and the tools check versions too
    };
    let mut lines = lock.lines();
    let mut found = Vec::new();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"wasm-bindgen\"" {
            if let Some(v) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = "))
            {
                found.push(v.trim_matches('"').to_owned());
            }
        }
    }
    if found.iter().any(|v| v != WASM_BINDGEN) {
        bail!(
            "Cargo.lock resolves wasm-bindgen {}, but the tools are pinned to {WASM_BINDGEN}: keep \
             `wasm-bindgen = \"={WASM_BINDGEN}\"` in [workspace.dependencies], or bump the pins in \
             xtask/src/install.rs and Trunk.toml together",
            found.join(", ")
        );
    }
    Ok(())
}
