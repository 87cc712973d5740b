//! How fast the English analyser cuts and stems a text: the median of seven passes over a
//! file (BENCHMARKS.md, "Engine size", the stems' cache). Compare builds side by side in one
//! run; this machine's timings are noisy.
//!
//!   cargo run --release -p rangefind-engine --example stemming_speed -- TEXT_FILE

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: stemming_speed TEXT_FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    let analyzer = rangefind_engine::analysis::Analyzer::new(Some("en")).expect("English");
    let mut times = Vec::new();
    let mut words = 0usize;
    for _ in 0..7 {
        let started = std::time::Instant::now();
        words = 0;
        analyzer.each_word(&text, |_| words += 1);
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{} bytes, {words} words: median {:.1} ms",
        text.len(),
        times[3]
    );
}
