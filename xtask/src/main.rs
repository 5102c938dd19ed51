//! `cargo xtask`: project automation for Pinochle (std only).
//!
//! ```text
//! cargo xtask serve [--port N] [--watch]   build the release app and serve it on 127.0.0.1
//! cargo xtask test  [--only SUITE]...      fmt, clippy, unit, wasm and e2e tests
//! cargo xtask dist                         release build of the app into dist/
//! cargo xtask setup                        install the pinned tools only
//! cargo xtask bench-web [--positions N] [--runs N] [--no-build]
//!                                          sizes, start-up and decision times in Chromium
//! cargo xtask bench-solver-wasm [--deals N] [--mid N] [--preset ID]... [--cap N]
//!                                          the exact solver natively and in Chromium
//! ```
//! See README.md for details.

mod install;
mod pwa;
mod server;
mod util;

use std::path::Path;
use std::process::{ExitCode, Stdio};

use install::{Need, WASM_TARGET};
use util::{bail, Ctx, Failure, Result, Steps};

const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  serve [--port N] [--watch]  install what is missing, build the release app into dist/ and
                              serve it on http://127.0.0.1:8080/ (--watch: `trunk serve`, rebuilding
                              on change)
  test [--only SUITE]...      install what is missing, then run in order, stopping at the first
                              failure: lint (cargo fmt --check, clippy native + wasm32), unit
                              (cargo test --workspace), wasm (wasm-bindgen-test in headless
                              Chromium), e2e (release build into dist/ + Playwright suite)
                              SUITE is lint, unit, wasm or e2e; repeat or comma-separate
  dist                        install what is missing and build the release app into dist/
  setup                       only install the pinned tools (trunk, wasm-bindgen-cli, binaryen,
                              Chromium, tests/node_modules)
  bench-web [--positions N] [--runs N] [--no-build]
                              a benchmark, not a test: build dist/ (unless --no-build), serve it on
                              127.0.0.1 and print as JSON (also written to target/bench-web.json) the
                              transfer sizes, the time to an interactive start screen (first visit,
                              service-worker reload; --runs loads each, default 3) at 1x and 4x CPU,
                              and the computer players' decision times in the worker per level and
                              preset (--positions per preset, default 60)
  bench-solver-wasm [--deals N] [--mid N] [--preset ID]... [--cap N]
                              a benchmark, not a test: the exact solver on the mid-hand positions of
                              `pinochle bench --positions` (--deals per preset, default 8, after --mid
                              tricks, default half the hand; every preset unless --preset), natively
                              and as wasm in headless Chromium, each solve within --cap nodes (default
                              none); prints both totals and the wasm/native time ratio as JSON (also
                              written to target/bench-solver-wasm.json)

Tools go to $PINOCHLE_TOOLS (default: $HOME/.cache/pinochle/tools).";

/// The test suites, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Suite {
    Lint,
    Unit,
    Wasm,
    E2e,
}

impl Suite {
    const ALL: [Suite; 4] = [Suite::Lint, Suite::Unit, Suite::Wasm, Suite::E2e];

    fn parse(s: &str) -> Option<Suite> {
        match s {
            "lint" => Some(Suite::Lint),
            "unit" => Some(Suite::Unit),
            "wasm" => Some(Suite::Wasm),
            "e2e" => Some(Suite::E2e),
            _ => None,
        }
    }

    fn needs(self) -> &'static [Need] {
        match self {
            Suite::Lint => &[Need::RustComponents, Need::WasmTarget],
            Suite::Unit => &[],
            Suite::Wasm => &[Need::WasmTarget, Need::WasmBindgen, Need::Chromium],
            Suite::E2e => &[
                Need::WasmTarget,
                Need::CargoFetch,
                Need::Trunk,
                Need::WasmBindgen,
                Need::Binaryen,
                Need::Chromium,
                Need::NodeModules,
            ],
        }
    }
}

enum Cmd {
    Serve { port: u16, watch: bool },
    Test { suites: Vec<Suite> },
    Dist,
    Setup,
    BenchWeb(BenchWeb),
    BenchSolverWasm(BenchSolverWasm),
}

/// Options of `bench-web`.
#[derive(Clone, Copy, Debug)]
struct BenchWeb {
    /// Decision views per preset timed in the worker.
    positions: u32,
    /// Page loads per start-up measurement.
    runs: u32,
    /// Build dist/ first (`--no-build` reuses it).
    build: bool,
}

/// Options of `bench-solver-wasm`: the `pinochle bench --positions` flags
/// that choose the positions, and the node cap of each solve.
#[derive(Clone, Debug, Default)]
struct BenchSolverWasm {
    positions_args: Vec<String>,
    cap: u64,
}

fn parse_args(args: &[String]) -> std::result::Result<Cmd, String> {
    let (first, rest) = args.split_first().ok_or("missing command")?;
    let mut rest = rest.iter();
    match first.as_str() {
        "serve" => {
            let (mut port, mut watch) = (8080u16, false);
            while let Some(arg) = rest.next() {
                match arg.as_str() {
                    "--watch" => watch = true,
                    "--port" => {
                        let v = rest.next().ok_or("--port needs a number")?;
                        port = v.parse().map_err(|_| format!("bad port `{v}`"))?;
                    }
                    other => return Err(format!("unknown option `{other}` for serve")),
                }
            }
            Ok(Cmd::Serve { port, watch })
        }
        "test" => {
            let mut suites = Vec::new();
            while let Some(arg) = rest.next() {
                let list = match arg.as_str() {
                    "--only" => rest.next().ok_or("--only needs a suite")?.as_str(),
                    a if a.starts_with("--only=") => &a["--only=".len()..],
                    other => return Err(format!("unknown option `{other}` for test")),
                };
                for name in list.split(',') {
                    suites.push(Suite::parse(name).ok_or_else(|| {
                        format!("unknown suite `{name}` (expected lint, unit, wasm or e2e)")
                    })?);
                }
            }
            // Run in the canonical order, each once.
            let suites = if suites.is_empty() {
                Suite::ALL.to_vec()
            } else {
                Suite::ALL
                    .into_iter()
                    .filter(|s| suites.contains(s))
                    .collect()
            };
            Ok(Cmd::Test { suites })
        }
        "bench-web" => {
            let mut bench = BenchWeb {
                positions: 60,
                runs: 3,
                build: true,
            };
            while let Some(arg) = rest.next() {
                let count = |v: Option<&String>| -> std::result::Result<u32, String> {
                    let v = v.ok_or(format!("{arg} needs a number"))?;
                    match v.parse() {
                        Ok(n) if n > 0 => Ok(n),
                        _ => Err(format!("bad {arg} `{v}` (expected a number from 1)")),
                    }
                };
                match arg.as_str() {
                    "--positions" => bench.positions = count(rest.next())?,
                    "--runs" => bench.runs = count(rest.next())?,
                    "--no-build" => bench.build = false,
                    other => return Err(format!("unknown option `{other}` for bench-web")),
                }
            }
            Ok(Cmd::BenchWeb(bench))
        }
        "bench-solver-wasm" => {
            let mut bench = BenchSolverWasm {
                positions_args: vec!["--deals".into(), "8".into()],
                cap: 0,
            };
            while let Some(arg) = rest.next() {
                let value = rest.next().ok_or(format!("{arg} needs a value"))?;
                let number = || -> std::result::Result<u64, String> {
                    value
                        .parse()
                        .map_err(|_| format!("bad {arg} `{value}` (expected a whole number)"))
                };
                match arg.as_str() {
                    "--deals" => bench.positions_args[1] = number()?.to_string(),
                    "--mid" => bench
                        .positions_args
                        .extend(["--mid".into(), number()?.to_string()]),
                    "--preset" => bench
                        .positions_args
                        .extend(["--preset".into(), value.clone()]),
                    "--cap" => bench.cap = number()?,
                    other => return Err(format!("unknown option `{other}` for bench-solver-wasm")),
                }
            }
            Ok(Cmd::BenchSolverWasm(bench))
        }
        "dist" if rest.len() == 0 => Ok(Cmd::Dist),
        "setup" if rest.len() == 0 => Ok(Cmd::Setup),
        "dist" | "setup" => Err(format!("`{first}` takes no options")),
        "-h" | "--help" | "help" => Err(String::new()),
        other => Err(format!("unknown command `{other}`")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cmd = match parse_args(&args) {
        Ok(cmd) => cmd,
        Err(msg) if msg.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(msg) => {
            eprintln!("xtask: {msg}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let ctx = match Ctx::new() {
        Ok(ctx) => ctx,
        Err(e) => {
            eprintln!("xtask: FAILED at start: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut steps = Steps::default();
    let result = match cmd {
        Cmd::Test { suites } => test(&ctx, &mut steps, &suites),
        Cmd::Dist => {
            setup(&ctx, Suite::E2e.needs()).and_then(|()| steps.run("dist", || dist(&ctx)))
        }
        Cmd::Setup => setup(&ctx, &Need::ALL).map(|()| install::describe(&ctx)),
        Cmd::Serve { port, watch } => serve(&ctx, &mut steps, port, watch),
        Cmd::BenchWeb(bench) => bench_web(&ctx, &mut steps, bench),
        Cmd::BenchSolverWasm(bench) => bench_solver_wasm(&ctx, &mut steps, &bench),
    };
    match result {
        Ok(()) => {
            steps.finish(None);
            ExitCode::SUCCESS
        }
        Err(f) => {
            steps.finish(Some(&f));
            ExitCode::FAILURE
        }
    }
}

fn setup(ctx: &Ctx, needs: &[Need]) -> std::result::Result<(), Failure> {
    if needs.is_empty() {
        return Ok(());
    }
    println!("==> setup (tools in {})", ctx.tools.display());
    install::ensure(ctx, needs).map_err(|(what, e)| Failure {
        step: format!("setup ({what})"),
        reason: e.0,
    })?;
    println!("<== setup: ok");
    Ok(())
}

fn test(ctx: &Ctx, steps: &mut Steps, suites: &[Suite]) -> std::result::Result<(), Failure> {
    let mut needs: Vec<Need> = Vec::new();
    for suite in suites {
        needs.extend(suite.needs());
    }
    setup(ctx, &needs)?;
    for suite in suites {
        match suite {
            Suite::Lint => {
                steps.run("fmt", || {
                    ctx.run(ctx.cargo().args(["fmt", "--all", "--check"]))
                        .map_err(|e| format!("{e}\n  fix: run `cargo fmt --all`").into())
                })?;
                steps.run("clippy (native)", || {
                    ctx.run(ctx.cargo().args([
                        "clippy",
                        "--workspace",
                        "--all-targets",
                        "--",
                        "-D",
                        "warnings",
                    ]))
                })?;
                steps.run("clippy (wasm32)", || clippy_wasm(ctx))?;
            }
            Suite::Unit => {
                steps.run("unit tests", || {
                    ctx.run(ctx.cargo().args(["test", "--workspace"]))
                })?;
            }
            Suite::Wasm => steps.run("wasm tests (headless Chromium)", || wasm_tests(ctx))?,
            Suite::E2e => {
                steps.run("dist (release build)", || dist(ctx))?;
                steps.run("e2e (Playwright + Chromium)", || e2e(ctx))?;
            }
        }
    }
    Ok(())
}

/// Clippy for the browser target: the web crate with its wasm tests, and the
/// engine and AI libraries the web crate will link.
fn clippy_wasm(ctx: &Ctx) -> Result {
    ctx.run(ctx.cargo().args([
        "clippy",
        "--target",
        WASM_TARGET,
        "-p",
        "pinochle-web",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;
    ctx.run(ctx.cargo().args([
        "clippy",
        "--target",
        WASM_TARGET,
        "-p",
        "pinochle-engine",
        "-p",
        "pinochle-ai",
        "--lib",
        "--",
        "-D",
        "warnings",
    ]))
}

/// The wasm-bindgen-test suite of crates/web, in headless Chromium via ChromeDriver.
fn wasm_tests(ctx: &Ctx) -> Result {
    install::check_lock_pin(ctx)?;
    let mut cmd = wasm_test_cargo(ctx)?;
    cmd.args(["test", "-p", "pinochle-web", "--target", WASM_TARGET]);
    ctx.run(&mut cmd)
}

/// `cargo` set up to run wasm32 test binaries with wasm-bindgen-test-runner
/// in headless Chromium (the subcommand and its arguments still to add).
fn wasm_test_cargo(ctx: &Ctx) -> Result<std::process::Command> {
    let browser = install::browser();
    let mut cmd = ctx.cargo();
    cmd.env(
        "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER",
        ctx.tools_bin().join("wasm-bindgen-test-runner"),
    )
    .env("CHROMEDRIVER", &browser.chromedriver)
    .env(
        "WASM_BINDGEN_TEST_WEBDRIVER_JSON",
        webdriver_json(ctx, &browser)?,
    )
    .env("WASM_BINDGEN_TEST_TIMEOUT", "120");
    // The runner prefers these over CHROMEDRIVER; make sure Chromium is used.
    for var in [
        "GECKODRIVER",
        "GECKODRIVER_REMOTE",
        "SAFARIDRIVER",
        "SAFARIDRIVER_REMOTE",
        "CHROMEDRIVER_REMOTE",
        "MSEDGEDRIVER",
        "MSEDGEDRIVER_REMOTE",
        "NO_HEADLESS",
        "WASM_BINDGEN_USE_BROWSER",
    ] {
        cmd.env_remove(var);
    }
    Ok(cmd)
}

/// The ChromeDriver capabilities for the runner: crates/web/webdriver.json,
/// with the Chromium binary swapped when `PINOCHLE_CHROMIUM` points elsewhere.
fn webdriver_json(ctx: &Ctx, browser: &install::Browser) -> Result<std::path::PathBuf> {
    let committed = ctx.root.join("crates/web/webdriver.json");
    let default = "/usr/bin/chromium";
    if browser.chromium == Path::new(default) {
        return Ok(committed);
    }
    let text = std::fs::read_to_string(&committed)?;
    let custom = text.replace(
        &format!("\"{default}\""),
        &format!("{:?}", browser.chromium.display().to_string()),
    );
    let dir = ctx.root.join("target/xtask");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join("webdriver.json");
    std::fs::write(&path, custom)?;
    Ok(path)
}

/// `trunk build --release` into dist/ (Trunk runs wasm-bindgen and wasm-opt).
fn dist(ctx: &Ctx) -> Result {
    install::check_lock_pin(ctx)?;
    let mut cmd = ctx.cmd(ctx.tools_bin().join("trunk"));
    cmd.args(["build", "--release", "--dist"])
        .arg(ctx.root.join("dist"))
        .env("TRUNK_SKIP_VERSION_CHECK", "true")
        .env("TRUNK_OFFLINE", "true");
    ctx.run(&mut cmd)?;
    let dist = ctx.root.join("dist");
    let mut wasm = Vec::new();
    for entry in std::fs::read_dir(&dist)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "wasm") {
            wasm.push(path);
        }
    }
    if !dist.join("index.html").is_file() || wasm.is_empty() {
        bail!("trunk finished but dist/ has no index.html or .wasm file");
    }
    let sw = pwa::write_service_worker(&ctx.root, &dist)?;
    println!(
        "xtask: dist/{} precaches {} files (version {})",
        pwa::WORKER,
        sw.files,
        sw.version
    );
    // gzip twins (`x.wasm.gz`) for the xtask's server, as a real host would
    // compress: Debian's gzip, always there.
    let mut compressible = Vec::new();
    for entry in std::fs::read_dir(&dist)? {
        let path = entry?.path();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ["wasm", "js", "css", "html", "svg", "webmanifest", "json"].contains(&ext) {
            compressible.push(path);
        }
    }
    let mut gzip = ctx.cmd("gzip");
    gzip.args(["-9", "-n", "-k", "-f"]).args(&compressible);
    ctx.run(&mut gzip)?;
    for w in wasm {
        let size = std::fs::metadata(&w)?.len();
        println!(
            "xtask: {} ({} KiB)",
            w.strip_prefix(&ctx.root).unwrap_or(&w).display(),
            size / 1024
        );
    }
    Ok(())
}

/// The browser end-to-end suite (tests/e2e/*.test.mjs) against dist/ served on 127.0.0.1.
fn e2e(ctx: &Ctx) -> Result {
    let tests = ctx.root.join("tests");
    let mut files: Vec<String> = std::fs::read_dir(tests.join("e2e"))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".test.mjs"))
        .map(|name| format!("e2e/{name}"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("no e2e tests found in tests/e2e/*.test.mjs");
    }
    let server = server::Server::start(&ctx.root.join("dist"), 0, false)
        .map_err(|e| format!("cannot start the static server on 127.0.0.1: {e}"))?;
    println!("xtask: serving dist/ at {} for the e2e suite", server.url());
    let browser = install::browser();
    let mut cmd = ctx.cmd("node");
    cmd.current_dir(&tests)
        .args(["--test", "--test-reporter=spec", "--test-concurrency=1"])
        .args(&files)
        .env("PINOCHLE_BASE_URL", server.url())
        .env("PINOCHLE_CHROMIUM", &browser.chromium)
        .env("PINOCHLE_ARTIFACTS", tests.join("artifacts"));
    let result = ctx.run(&mut cmd);
    drop(server);
    result
}

/// `bench-web`: dist/ (built unless `--no-build`), decision views from the
/// native CLI (`pinochle bench --views`), then tests/bench/bench-web.mjs
/// drives Chromium against dist/ served on 127.0.0.1 and prints the JSON.
fn bench_web(ctx: &Ctx, steps: &mut Steps, bench: BenchWeb) -> std::result::Result<(), Failure> {
    setup(ctx, Suite::E2e.needs())?;
    if bench.build {
        steps.run("dist", || dist(ctx))?;
    }
    let dist_dir = ctx.root.join("dist");
    let out_dir = ctx.root.join("target/xtask");
    let views = out_dir.join("bench-views.json");
    steps.run("decision views (native CLI)", || {
        let positions = bench.positions.to_string();
        cli_output_to(
            ctx,
            &[
                "bench", "--seed", "1", "--deals", "3", "--views", &positions,
            ],
            &views,
        )
    })?;
    steps.run("bench-web (Chromium)", || {
        if !dist_dir.join("index.html").is_file() {
            bail!("dist/ has no index.html: run without --no-build");
        }
        let server = server::Server::start(&dist_dir, 0, false)
            .map_err(|e| format!("cannot start the static server on 127.0.0.1: {e}"))?;
        let browser = install::browser();
        let mut cmd = ctx.cmd("node");
        cmd.current_dir(ctx.root.join("tests"))
            .arg("bench/bench-web.mjs")
            .env("PINOCHLE_BASE_URL", server.url())
            .env("PINOCHLE_DIST", &dist_dir)
            .env("PINOCHLE_BENCH_VIEWS", &views)
            .env("PINOCHLE_BENCH_RUNS", bench.runs.to_string())
            .env("PINOCHLE_CHROMIUM", &browser.chromium)
            .stdin(Stdio::null())
            .stderr(Stdio::inherit());
        println!("$ {}", util::show(&cmd));
        let out = cmd.output()?;
        drop(server);
        if !out.status.success() {
            bail!("`{}` exited with {}", util::show(&cmd), out.status);
        }
        let report = ctx.root.join("target/bench-web.json");
        std::fs::write(&report, &out.stdout)?;
        println!("{}", String::from_utf8_lossy(&out.stdout).trim_end());
        println!("xtask: written to {}", report.display());
        Ok(())
    })
}

/// `bench-solver-wasm`: mid-hand positions from the native CLI (`pinochle
/// bench --positions`), solved natively by the `solve_file` example and in
/// headless Chromium by crates/web's `solver_bench` (feature `solver-bench`),
/// both through `pinochle_ai::line_bench`, so their node counts agree.
fn bench_solver_wasm(
    ctx: &Ctx,
    steps: &mut Steps,
    bench: &BenchSolverWasm,
) -> std::result::Result<(), Failure> {
    setup(ctx, Suite::Wasm.needs())?;
    let out_dir = ctx.root.join("target/xtask");
    let positions = out_dir.join("solver-positions.txt");
    steps.run("positions (native CLI)", || {
        let mut args = vec!["bench", "--positions"];
        args.extend(bench.positions_args.iter().map(String::as_str));
        cli_output_to(ctx, &args, &positions)
    })?;
    let cap = bench.cap.to_string();
    let mut native = String::new();
    steps.run("solver (native)", || {
        let mut cmd = ctx.cargo();
        cmd.args(["run", "--release", "-q", "-p", "pinochle-ai", "--example"])
            .args(["solve_file", "--"])
            .arg(&positions)
            .args(["--json", "--cap", &cap])
            .stdin(Stdio::null())
            .stderr(Stdio::inherit());
        native = summary_line(&mut cmd, "")?;
        Ok(())
    })?;
    let mut wasm = String::new();
    steps.run("solver (wasm in Chromium)", || {
        install::check_lock_pin(ctx)?;
        let mut cmd = wasm_test_cargo(ctx)?;
        cmd.args([
            "test",
            "--release",
            "-p",
            "pinochle-web",
            "--target",
            WASM_TARGET,
        ])
        .args(["--features", "solver-bench", "--test", "solver_bench"])
        .args(["--", "--nocapture"])
        .env("PINOCHLE_SOLVER_POSITIONS", &positions)
        .env("PINOCHLE_SOLVER_CAP", &cap)
        .env("WASM_BINDGEN_TEST_TIMEOUT", "3600")
        .stdin(Stdio::null())
        .stderr(Stdio::inherit());
        wasm = summary_line(&mut cmd, "solver-bench ")?;
        Ok(())
    })?;
    let ratio = match (json_number(&native, "ms"), json_number(&wasm, "ms")) {
        (Some(n), Some(w)) if n > 0.0 => format!("{:.3}", w / n),
        _ => "null".into(),
    };
    let report = format!(
        "{{\"positions\":{:?},\"native\":{native},\"wasm_chromium\":{wasm},\"wasm_native_time_ratio\":{ratio}}}",
        positions.display().to_string()
    );
    let path = ctx.root.join("target/bench-solver-wasm.json");
    std::fs::write(&path, format!("{report}\n")).map_err(|e| Failure {
        step: "report".into(),
        reason: e.to_string(),
    })?;
    println!("{report}\nxtask: written to {}", path.display());
    Ok(())
}

/// Builds the native CLI (release) and writes what `pinochle ARGS` prints
/// to `file` (its directory created as needed).
fn cli_output_to(ctx: &Ctx, args: &[&str], file: &Path) -> Result {
    ctx.run(
        ctx.cargo()
            .args(["build", "--release", "-p", "pinochle-cli"]),
    )?;
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut cmd = ctx.cmd(ctx.root.join("target/release/pinochle"));
    cmd.args(args).stdin(Stdio::null()).stderr(Stdio::inherit());
    let out = cmd.output()?;
    if !out.status.success() {
        bail!("`{}` exited with {}", util::show(&cmd), out.status);
    }
    std::fs::write(file, out.stdout)?;
    Ok(())
}

/// Runs `cmd` and returns the JSON object of the first stdout line that
/// starts with `prefix` (after any leading spaces), without the prefix.
fn summary_line(cmd: &mut std::process::Command, prefix: &str) -> Result<String> {
    println!("$ {}", util::show(cmd));
    let out = cmd.output()?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        bail!(
            "`{}` exited with {}:\n{stdout}",
            util::show(cmd),
            out.status
        );
    }
    stdout
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix(prefix))
        .find(|l| l.starts_with('{'))
        .map(str::to_string)
        .ok_or_else(|| {
            format!(
                "`{}` printed no `{prefix}{{...}}` line:\n{stdout}",
                util::show(cmd)
            )
            .into()
        })
}

/// The number after `"key":` in a flat JSON object (xtask has no JSON parser).
fn json_number(json: &str, key: &str) -> Option<f64> {
    let at = json.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = &json[at..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end].trim().parse().ok()
}

fn serve(ctx: &Ctx, steps: &mut Steps, port: u16, watch: bool) -> std::result::Result<(), Failure> {
    let mut needs = Suite::E2e.needs().to_vec();
    needs.retain(|n| !matches!(n, Need::Chromium | Need::NodeModules));
    setup(ctx, &needs)?;
    if watch {
        println!("xtask: trunk serve --release: http://127.0.0.1:{port}/ (rebuilds on change; Ctrl-C to stop)");
        let mut cmd = ctx.cmd(ctx.tools_bin().join("trunk"));
        cmd.args(["serve", "--release", "--disable-address-lookup"])
            .args(["--address", "127.0.0.1", "--port"])
            .arg(port.to_string())
            .env("TRUNK_SKIP_VERSION_CHECK", "true")
            .env("TRUNK_OFFLINE", "true");
        return ctx.run(&mut cmd).map_err(|e| Failure {
            step: "serve".into(),
            reason: e.0,
        });
    }
    steps.run("dist", || dist(ctx))?;
    let server =
        server::Server::start(&ctx.root.join("dist"), port, true).map_err(|e| Failure {
            step: "serve".into(),
            reason: format!(
                "cannot listen on 127.0.0.1:{port}: {e} (is another server running? try --port)"
            ),
        })?;
    println!(
        "\nxtask: serving {} at {}  (Ctrl-C to stop)",
        Path::new("dist/").display(),
        server.url()
    );
    server.wait();
    Ok(())
}
