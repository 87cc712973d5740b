//! The `<rangefind-search>` widget, embedded at compile time (see `builder/build.rs`), written
//! next to `site.json` so a page needs one script tag and finds the index beside the script.

use std::fs;
use std::path::Path;

use anyhow::Context;

use crate::index_dir::write_atomically;

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

/// The element's script with `site.json` declared ahead of its code as `__RANGEFIND_SITE__`,
/// which the script reads when it is defined (web/src/search-element.ts). JSON is a JavaScript
/// expression; a module's top-level `var` is the module's own, not a global.
fn with_site_json(script: &[u8], site_json: &str) -> Vec<u8> {
    let mut inlined = format!("var __RANGEFIND_SITE__={site_json};").into_bytes();
    inlined.extend_from_slice(script);
    inlined
}

/// Whether this binary carries the site engine with every stemmer, which sites in other
/// languages than English need.
pub fn has_every_stemmer() -> bool {
    !EVERY_STEMMER_ENGINE.is_empty()
}

/// Writes the widget's files into `out`, with the site engine that has every stemmer when
/// `every_stemmer` (a language other than English is stemmed), removing the files of an
/// earlier widget it does not use; returns how many and their bytes. `site_json` (compact) is
/// inlined into the element's script, which then starts the engine without reading it.
pub fn write(out: &Path, every_stemmer: bool, site_json: &str) -> anyhow::Result<(u64, u64)> {
    let (wanted, unwanted): (&[(&str, &[u8])], _) = match every_stemmer {
        true => (EVERY_STEMMER_ENGINE, &[][..]),
        false => (&[][..], EVERY_STEMMER_ENGINE),
    };
    let retired = RETIRED_FILES.iter().copied();
    for path in retired.chain(unwanted.iter().map(|(path, _)| *path)) {
        let target = out.join(path);
        if target.is_file() {
            fs::remove_file(&target)
                .with_context(|| format!("removing the old widget's {}", target.display()))?;
            // Gone with its last file; a directory holding anything else stays.
            fs::remove_dir(target.parent().expect("a file inside out")).ok();
        }
    }
    let mut bytes = 0;
    for (path, content) in WIDGET_FILES.iter().chain(wanted) {
        let inlined;
        let content: &[u8] = if *path == SCRIPT {
            inlined = with_site_json(content, site_json);
            &inlined
        } else {
            content
        };
        let target = out.join(path);
        let dir = target.parent().expect("a file inside out");
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let name = target.file_name().expect("a file name").to_string_lossy();
        write_atomically(dir, &name, content)
            .with_context(|| format!("writing the widget's {}", target.display()))?;
        bytes += content.len() as u64;
    }
    Ok(((WIDGET_FILES.len() + wanted.len()) as u64, bytes))
}
