//! A tiny static file server for `dist/`, bound to 127.0.0.1 only.
//!
//! Used by `cargo xtask serve` and by the e2e step. GET and HEAD only; paths
//! are confined to the served directory; unknown extension-less paths fall
//! back to `index.html` so the app can own its routes. As a real host should:
//! a file's gzip twin (`x.wasm.gz`, written by `cargo xtask dist`) is sent to
//! a browser that accepts gzip, and files whose names carry Trunk's content
//! hash are cached for a year (their name changes with their content); the
//! rest are revalidated on every load.

use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// A running server; stopped when dropped.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Serves `root` on 127.0.0.1:`port` (0 picks a free port).
    pub fn start(root: &Path, port: u16, log: bool) -> std::io::Result<Server> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))?;
        let addr = listener.local_addr()?;
        let stop = Arc::new(AtomicBool::new(false));
        let root = root.to_path_buf();
        let stop_flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            for conn in listener.incoming() {
                if stop_flag.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = conn else { continue };
                let root = root.clone();
                std::thread::spawn(move || {
                    if let Err(e) = handle(stream, &root, log) {
                        if log {
                            eprintln!("xtask serve: {e}");
                        }
                    }
                });
            }
        });
        Ok(Server {
            addr,
            stop,
            thread: Some(thread),
        })
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Blocks until the process is interrupted (Ctrl-C).
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn handle(mut stream: TcpStream, root: &Path, log: bool) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    if reader.read_line(&mut request_line)? == 0 {
        return Ok(()); // connection closed (e.g. the shutdown wake-up)
    }
    // Read the headers (only Accept-Encoding matters); the body of a
    // GET/HEAD is ignored.
    let mut header = String::new();
    let mut header_bytes = 0usize;
    let mut accepts_gzip = false;
    loop {
        header.clear();
        let n = reader.read_line(&mut header)?;
        header_bytes += n;
        if n == 0 || header == "\r\n" || header == "\n" || header_bytes > 64 * 1024 {
            break;
        }
        accepts_gzip |= accepts_gzip_in(&header);
    }

    let mut parts = request_line.split_whitespace();
    let method = parts.next().unwrap_or("");
    let target = parts.next().unwrap_or("/");
    let head = method == "HEAD";
    let mut extra = String::from("Cache-Control: no-cache\r\n");
    let (status, content_type, body) = if method != "GET" && !head {
        (
            405,
            "text/plain; charset=utf-8",
            b"method not allowed\n".to_vec(),
        )
    } else {
        match resolve(root, target) {
            Some(path) => {
                let twin = gzip_twin(&path).filter(|_| accepts_gzip);
                match std::fs::read(twin.as_ref().unwrap_or(&path)) {
                    Ok(bytes) => {
                        extra = headers_for(&path, twin.is_some());
                        (200, mime(&path), bytes)
                    }
                    Err(_) => (404, "text/plain; charset=utf-8", b"not found\n".to_vec()),
                }
            }
            None => (404, "text/plain; charset=utf-8", b"not found\n".to_vec()),
        }
    };
    if log && status != 200 {
        eprintln!("xtask serve: {method} {target} -> {status}");
    }
    let reason = match status {
        200 => "OK",
        404 => "Not Found",
        _ => "Method Not Allowed",
    };
    let header = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         {extra}X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(header.as_bytes())?;
    if !head {
        stream.write_all(&body)?;
    }
    stream.flush()
}

/// Whether a request header line accepts gzip (`Accept-Encoding: gzip, br`;
/// `gzip;q=0` refuses it).
fn accepts_gzip_in(line: &str) -> bool {
    let Some((name, value)) = line.split_once(':') else {
        return false;
    };
    name.trim().eq_ignore_ascii_case("accept-encoding")
        && value.split(',').any(|coding| {
            let mut parts = coding.split(';');
            let named = parts.next().unwrap_or("").trim();
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(1.0, |q| q.trim().parse::<f32>().unwrap_or(0.0));
            named.eq_ignore_ascii_case("gzip") && q > 0.0
        })
}

/// The gzip twin `cargo xtask dist` wrote beside a file, if there is one and
/// it is not older than the file (a file changed after the build, as the e2e
/// suite does to `sw.js`, is sent as it is now).
fn gzip_twin(path: &Path) -> Option<PathBuf> {
    let mut name = path.file_name()?.to_os_string();
    name.push(".gz");
    let twin = path.with_file_name(name);
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let fresh = matches!((modified(&twin), modified(path)), (Some(t), Some(f)) if t >= f);
    fresh.then_some(twin)
}

/// Whether a file name carries Trunk's content hash (`app-0123456789abcdef_bg.wasm`,
/// `app-a5dc3c3531097dc.css`): a 64-bit hash in hex (leading zeros dropped)
/// after a dash, before a `.` or `_`.
fn content_hashed(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.split('-').skip(1).any(|part| {
        let hex = part.len()
            - part
                .trim_start_matches(|c: char| c.is_ascii_hexdigit())
                .len();
        (12..=16).contains(&hex) && matches!(part[hex..].chars().next(), Some('.' | '_'))
    })
}

/// The caching and encoding headers of a file sent whole (each line ends in CRLF).
fn headers_for(path: &Path, gzipped: bool) -> String {
    let cache = if content_hashed(path) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let mut h = format!("Cache-Control: {cache}\r\nVary: Accept-Encoding\r\n");
    if gzipped {
        h.push_str("Content-Encoding: gzip\r\n");
    }
    h
}

/// Maps a request target to a file under `root`, refusing anything that
/// would leave it. `/` and directories map to `index.html`; a missing path
/// without an extension falls back to `/index.html`.
fn resolve(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let decoded = percent_decode(path)?;
    let mut file = root.to_path_buf();
    let mut last = "";
    for seg in decoded.split('/') {
        match seg {
            "" | "." => continue,
            ".." => return None,
            s if s.contains('\\') || s.contains('\0') => return None,
            s => {
                file.push(s);
                last = s;
            }
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    if file.is_file() {
        Some(file)
    } else if !last.contains('.') {
        let index = root.join("index.html");
        index.is_file().then_some(index)
    } else {
        None
    }
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn mime(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small dist/ of its own per test (tests run in parallel: a shared one
    /// could be rewritten while another test serves from it), removed when
    /// the test is done with it.
    struct Fixture(PathBuf);

    impl std::ops::Deref for Fixture {
        type Target = Path;
        fn deref(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Fixture {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn fixture(test: &str) -> Fixture {
        let dir =
            std::env::temp_dir().join(format!("xtask-server-test-{}-{test}", std::process::id()));
        std::fs::create_dir_all(dir.join("icons")).unwrap();
        std::fs::write(dir.join("index.html"), "<!doctype html>").unwrap();
        std::fs::write(dir.join("app_bg.wasm"), b"\0asm").unwrap();
        std::fs::write(dir.join("icons/a b.svg"), "<svg/>").unwrap();
        Fixture(dir)
    }

    #[test]
    fn resolves_files_and_index() {
        let root = fixture("resolves_files_and_index");
        assert_eq!(resolve(&root, "/"), Some(root.join("index.html")));
        assert_eq!(
            resolve(&root, "/app_bg.wasm?x=1"),
            Some(root.join("app_bg.wasm"))
        );
        assert_eq!(
            resolve(&root, "/icons/a%20b.svg"),
            Some(root.join("icons/a b.svg"))
        );
        assert_eq!(resolve(&root, "/some/route"), Some(root.join("index.html")));
        assert_eq!(resolve(&root, "/missing.js"), None);
    }

    #[test]
    fn refuses_to_leave_root() {
        let root = fixture("refuses_to_leave_root");
        assert_eq!(resolve(&root, "/../etc/passwd"), None);
        assert_eq!(resolve(&root, "/icons/%2e%2e/%2e%2e/x.txt"), None);
        assert_eq!(resolve(&root, "/%zz"), None);
    }

    #[test]
    fn wasm_has_its_mime_type() {
        assert_eq!(mime(Path::new("x_bg.wasm")), "application/wasm");
        assert_eq!(mime(Path::new("x.js")), "text/javascript; charset=utf-8");
    }

    #[test]
    fn serves_over_loopback() {
        use std::io::Read;
        let root = fixture("serves_over_loopback");
        let server = Server::start(&root, 0, false).unwrap();
        assert!(server.url().starts_with("http://127.0.0.1:"));
        let mut conn = TcpStream::connect(server.addr).unwrap();
        conn.write_all(b"GET /app_bg.wasm HTTP/1.1\r\nHost: x\r\n\r\n")
            .unwrap();
        let mut resp = Vec::new();
        conn.read_to_end(&mut resp).unwrap();
        let text = String::from_utf8_lossy(&resp);
        assert!(text.starts_with("HTTP/1.1 200 OK\r\n"), "{text}");
        assert!(text.contains("Content-Type: application/wasm\r\n"));
        assert!(text.ends_with("\0asm"));
        drop(server);
    }

    #[test]
    fn gzip_only_when_accepted() {
        assert!(accepts_gzip_in("Accept-Encoding: gzip, deflate, br\r\n"));
        assert!(accepts_gzip_in("accept-encoding:br,GZIP\r\n"));
        assert!(!accepts_gzip_in("Accept-Encoding: br\r\n"));
        assert!(!accepts_gzip_in("Accept-Encoding: gzip;q=0\r\n"));
        assert!(accepts_gzip_in("Accept-Encoding: gzip;q=0.5\r\n"));
        assert!(!accepts_gzip_in("X-Gzip: gzip\r\n"));
    }

    #[test]
    fn hashed_names_are_cached_for_good() {
        assert!(content_hashed(Path::new(
            "pinochle-web-9f86d081884c7d65_bg.wasm"
        )));
        assert!(content_hashed(Path::new("app-0123456789abcdef.css")));
        assert!(content_hashed(Path::new("app-a5dc3c3531097dc.css")));
        assert!(!content_hashed(Path::new("bot-worker_bg.wasm")));
        assert!(!content_hashed(Path::new("sw.js")));
        assert!(!content_hashed(Path::new("bot-worker_loader.js")));
        assert!(headers_for(Path::new("index.html"), false).starts_with("Cache-Control: no-cache"));
    }

    #[test]
    fn sends_the_gzip_twin_to_a_browser_that_takes_it() {
        use std::io::Read;
        let root = fixture("sends_the_gzip_twin");
        std::fs::write(root.join("app_bg.wasm.gz"), b"GZ").unwrap();
        let server = Server::start(&root, 0, false).unwrap();
        let get = |request: &[u8]| {
            let mut conn = TcpStream::connect(server.addr).unwrap();
            conn.write_all(request).unwrap();
            let mut resp = Vec::new();
            conn.read_to_end(&mut resp).unwrap();
            String::from_utf8_lossy(&resp).into_owned()
        };
        let zipped = get(b"GET /app_bg.wasm HTTP/1.1\r\nAccept-Encoding: gzip\r\n\r\n");
        assert!(zipped.contains("Content-Encoding: gzip\r\n"), "{zipped}");
        assert!(zipped.contains("Content-Type: application/wasm\r\n"));
        assert!(zipped.ends_with("GZ"));
        let plain = get(b"GET /app_bg.wasm HTTP/1.1\r\n\r\n");
        assert!(!plain.contains("Content-Encoding"), "{plain}");
        assert!(plain.ends_with("\0asm"));
        // The file changed after its twin was written: the file is sent.
        std::thread::sleep(Duration::from_millis(20));
        std::fs::write(root.join("app_bg.wasm"), b"\0asm2").unwrap();
        let changed = get(b"GET /app_bg.wasm HTTP/1.1\r\nAccept-Encoding: gzip\r\n\r\n");
        assert!(!changed.contains("Content-Encoding"), "{changed}");
        assert!(changed.ends_with("\0asm2"));
        drop(server);
    }
}
