//! The service worker of a build: after Trunk writes `dist/`, list every file it
//! built (names are hashed per build) and write `dist/sw.js` from the template
//! `www/sw.js`, with that precache list and a version that is a hash of the
//! listed files' names and contents. Nothing in the list is maintained by hand;
//! the same build always gives the same `sw.js`, and any change to any file gives
//! a new version (which the app offers as "new version — reload").

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::util::{bail, Result};

/// The template, relative to the workspace root.
pub const TEMPLATE: &str = "www/sw.js";
/// The generated worker, relative to `dist/` (the app registers `/sw.js`).
pub const WORKER: &str = "sw.js";
const VERSION_SLOT: &str = "'__PINOCHLE_VERSION__'";
const PRECACHE_SLOT: &str = "__PINOCHLE_PRECACHE__";

/// What was written: the version and how many files are precached.
#[derive(Debug)]
pub struct Written {
    pub version: String,
    pub files: usize,
}

/// Writes `dist/sw.js` for the build in `dist`.
pub fn write_service_worker(root: &Path, dist: &Path) -> Result<Written> {
    let template_path = root.join(TEMPLATE);
    let template = std::fs::read_to_string(&template_path)
        .map_err(|e| format!("cannot read {}: {e}", template_path.display()))?;
    let files = built_files(dist)?;
    if !files.iter().any(|f| f == "index.html") {
        bail!(
            "{} has no index.html: run the Trunk build first",
            dist.display()
        );
    }
    let version = version_of(dist, &files)?;
    let text = render(&template, &version, &files)?;
    std::fs::write(dist.join(WORKER), text)?;
    Ok(Written {
        version,
        files: files.len(),
    })
}

/// Every file under `dist` except the worker itself and gzip twins, as sorted `/`-separated
/// paths relative to `dist`.
fn built_files(dist: &Path) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let mut dirs: Vec<PathBuf> = vec![dist.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in
            std::fs::read_dir(&dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        {
            let path = entry?.path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let Ok(relative) = path.strip_prefix(dist) else {
                continue;
            };
            let name: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let name = name.join("/");
            // gzip twins are the server's business, not the cache's.
            if name != WORKER && !name.ends_with(".gz") {
                out.push(name);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// FNV-1a (64 bit) over each file's name and contents: stable across Rust
/// versions and machines, unlike `std`'s hasher.
fn version_of(dist: &Path, files: &[String]) -> Result<String> {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for name in files {
        feed(name.as_bytes());
        feed(&[0]);
        feed(&std::fs::read(dist.join(name))?);
        feed(&[0]);
    }
    Ok(format!("{hash:016x}"))
}

/// The template with its two slots filled; the page itself (`./`) is cached too.
fn render(template: &str, version: &str, files: &[String]) -> Result<String> {
    if !template.contains(VERSION_SLOT) || !template.contains(PRECACHE_SLOT) {
        bail!("{TEMPLATE} lacks {VERSION_SLOT} or {PRECACHE_SLOT}");
    }
    let mut list = String::from("[\n  './',\n");
    for name in files {
        // Built file names are plain ASCII; escape quotes and backslashes anyway.
        let quoted = name.replace('\\', "\\\\").replace('\'', "\\'");
        let _ = writeln!(list, "  './{quoted}',");
    }
    list.push(']');
    Ok(template
        .replace(VERSION_SLOT, &format!("'{version}'"))
        .replace(PRECACHE_SLOT, &list))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-pwa-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("icons")).unwrap();
        dir
    }

    #[test]
    fn lists_every_built_file_and_versions_by_content() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let dist = scratch("list");
        std::fs::write(dist.join("index.html"), "<html>").unwrap();
        std::fs::write(dist.join("app-1a2b.wasm"), [0u8, 97, 115, 109]).unwrap();
        std::fs::write(dist.join("icons/pinochle-192.png"), "png").unwrap();
        let first = write_service_worker(root, &dist).unwrap();
        assert_eq!(first.files, 3);
        let sw = std::fs::read_to_string(dist.join(WORKER)).unwrap();
        assert!(sw.contains(&format!("const VERSION = '{}';", first.version)));
        for name in [
            "'./'",
            "'./index.html'",
            "'./app-1a2b.wasm'",
            "'./icons/pinochle-192.png'",
        ] {
            assert!(sw.contains(name), "{name} missing from the precache list");
        }
        assert!(!sw.contains("__PINOCHLE"), "a slot was left unfilled");
        assert!(
            !sw.contains("'./sw.js'"),
            "the worker does not precache itself"
        );

        // Same build, same worker; one changed byte, a new version.
        assert_eq!(
            write_service_worker(root, &dist).unwrap().version,
            first.version
        );
        std::fs::write(dist.join("icons/pinochle-192.png"), "PNG").unwrap();
        assert_ne!(
            write_service_worker(root, &dist).unwrap().version,
            first.version
        );
        let _ = std::fs::remove_dir_all(&dist);
    }

    #[test]
    fn a_dist_without_index_html_is_refused() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let dist = scratch("empty");
        let err = write_service_worker(root, &dist).unwrap_err();
        assert!(err.0.contains("no index.html"), "{err}");
        let _ = std::fs::remove_dir_all(&dist);
    }
}
