//! The `<rangefind-search>` widget, embedded at compile time (see `builder/build.rs`), written
//! next to `site.json` so a page needs one script tag and finds the index beside the script.

use std::fs;
use std::path::Path;

use anyhow::Context;

use crate::build::write_atomically;

include!(concat!(env!("OUT_DIR"), "/widget_files.rs"));

/// The element's script, which pages load.
pub const SCRIPT: &str = "rangefind-search.js";

/// Whether this binary carries the widget.
pub fn embedded() -> bool {
    !WIDGET_FILES.is_empty()
}

/// Writes the widget's files into `out`; returns how many and their bytes.
pub fn write(out: &Path) -> anyhow::Result<(u64, u64)> {
    let mut bytes = 0;
    for (path, content) in WIDGET_FILES {
        let target = out.join(path);
        let dir = target.parent().expect("a file inside out");
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let name = target.file_name().expect("a file name").to_string_lossy();
        write_atomically(dir, &name, content)
            .with_context(|| format!("writing the widget's {}", target.display()))?;
        bytes += content.len() as u64;
    }
    Ok((WIDGET_FILES.len() as u64, bytes))
}
