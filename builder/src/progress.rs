//! The byte progress bar of long commands (build, publish), on stderr.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar over `total` bytes, starting with `label`; hidden when `quiet`.
pub fn progress_bar(total: u64, quiet: bool, label: &str) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr_with_hz(4));
    let template = format!(
        "{label}{{spinner}} {{elapsed_precise}} [{{bar:30}}] {{bytes}}/{{total_bytes}} {{bytes_per_sec}} {{msg}}"
    );
    bar.set_style(
        ProgressStyle::with_template(&template)
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}
