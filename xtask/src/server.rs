//! A tiny static file server for `dist/`, bound to 127.0.0.1 only.
//!
//! Used by `cargo xtask serve` and by the e2e step. GET and HEAD only; paths
//! are confined to the served directory; unknown extension-less paths fall
//! back to `index.html` so the app can own its routes.

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
    // Drain the headers; the body of a GET/HEAD is ignored.
    let mut header = String::new();
    let mut header_bytes = 0usize;
    loop {
        header.clear();
        let n = reader.read_line(&mut header)?;
        header_bytes += n;
        if n == 0 || header == "\r\n" || header == "\n" || header_bytes > 64 * 1024 {
            break;
        }
    }

    let mut parts = request_line.split_whitespace();
    let method = parts.next().unwrap_or("");
    let target = parts.next().unwrap_or("/");
    let head = method == "HEAD";
    let (status, content_type, body) = if method != "GET" && !head {
        (
            405,
            "text/plain; charset=utf-8",
            b"method not allowed\n".to_vec(),
        )
    } else {
        match resolve(root, target) {
            Some(path) => match std::fs::read(&path) {
                Ok(bytes) => (200, mime(&path), bytes),
                Err(_) => (404, "text/plain; charset=utf-8", b"not found\n".to_vec()),
            },
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
         Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(header.as_bytes())?;
    if !head {
        stream.write_all(&body)?;
    }
    stream.flush()
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
    /// could be rewritten while another test serves from it).
    fn fixture(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("xtask-server-test-{}-{test}", std::process::id()));
        std::fs::create_dir_all(dir.join("icons")).unwrap();
        std::fs::write(dir.join("index.html"), "<!doctype html>").unwrap();
        std::fs::write(dir.join("app_bg.wasm"), b"\0asm").unwrap();
        std::fs::write(dir.join("icons/a b.svg"), "<svg/>").unwrap();
        dir
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
}
