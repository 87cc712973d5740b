//! `rangefind`: build, search, inspect and serve split indexes.

fn main() {
    if let Err(error) = rangefind_builder::run() {
        eprintln!("error: {error:#}");
        std::process::exit(1);
    }
}
