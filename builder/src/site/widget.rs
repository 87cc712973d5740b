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

/// Files earlier widgets wrote that this one has no use for: the split engine, which it
/// loaded before site files.
const RETIRED_FILES: [&str; 2] = ["wasm/rangefind_wasm.js", "wasm/rangefind_wasm_bg.wasm"];

/// Writes the widget's files into `out`, removing those of an earlier widget it does not use;
/// returns how many and their bytes.
pub fn write(out: &Path) -> anyhow::Result<(u64, u64)> {
    for path in RETIRED_FILES {
        let target = out.join(path);
        if target.is_file() {
            fs::remove_file(&target)
                .with_context(|| format!("removing the old widget's {}", target.display()))?;
            // Gone with its last file; a directory holding anything else stays.
            fs::remove_dir(target.parent().expect("a file inside out")).ok();
        }
    }
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
