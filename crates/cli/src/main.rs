//! The `pinochle` command line tool.

fn main() {
    eprintln!("pinochle: no subcommands yet");
    std::process::exit(2);
}
