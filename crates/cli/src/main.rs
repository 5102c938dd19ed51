//! The `pinochle` command line tool. See `pinochle --help`.

fn main() {
    let argv: Vec<String> = match std::env::args_os()
        .skip(1)
        .map(|a| a.into_string())
        .collect::<Result<_, _>>()
    {
        Ok(v) => v,
        Err(bad) => {
            eprintln!(
                "pinochle: argument {} is not valid UTF-8",
                bad.to_string_lossy()
            );
            std::process::exit(pinochle_cli::error::EXIT_USAGE);
        }
    };
    std::process::exit(pinochle_cli::main_with_args(&argv));
}
