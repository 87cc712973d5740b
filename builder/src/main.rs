//! `rangefind`: build, search, inspect and serve split indexes.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // Behave like other Unix tools when the reader of stdout goes away (`| head`).
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    if let Err(error) = rangefind_builder::run() {
        eprintln!("error: {error:#}");
        std::process::exit(1);
    }
}
