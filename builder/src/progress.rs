//! The progress bars of long commands (build, publish), on stderr.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar over `total` bytes, starting with `label`; hidden when `quiet`.
pub fn progress_bar(total: u64, quiet: bool, label: &str) -> ProgressBar {
    bar(
        total,
        quiet,
        &format!("{label}{{spinner}} {{elapsed_precise}} [{{bar:30}}] {{bytes}}/{{total_bytes}} {{bytes_per_sec}} {{msg}}"),
    )
}

/// A bar over `total` items named `unit` (`pages`), starting with `label`; hidden when `quiet`.
pub fn count_bar(total: u64, quiet: bool, label: &str, unit: &str) -> ProgressBar {
    bar(total, quiet, &count_template(label, unit))
}

/// `bar`, a [`count_bar`] counting the next step: `total` items named `unit` from 0, the
/// clock restarted.
pub fn recount(bar: &ProgressBar, total: u64, label: &str, unit: &str) {
    bar.set_style(style(&count_template(label, unit)));
    bar.set_length(total);
    bar.reset();
}

fn count_template(label: &str, unit: &str) -> String {
    format!("{label}{{spinner}} {{elapsed_precise}} [{{bar:30}}] {{human_pos}}/{{human_len}} {unit} {{per_sec}}, {{eta}} left {{msg}}")
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .expect("valid template")
        .progress_chars("=> ")
}

/// A bar drawn four times a second with indicatif's `template`.
fn bar(total: u64, quiet: bool, template: &str) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr_with_hz(4));
    bar.set_style(style(template));
    bar
}
