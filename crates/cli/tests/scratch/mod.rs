//! A test's own scratch directory under the system's temp dir, removed when
//! the test is done with it (pass or fail), so test runs leave nothing behind.

use std::path::PathBuf;

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
