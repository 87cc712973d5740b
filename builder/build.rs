//! Embeds the `<rangefind-search>` widget, as `npm run build` leaves it in `web/dist/`, so that
//! `rangefind build --site` writes it next to the index: one binary, and a site needs one
//! script tag. Without `web/dist/` (a Rust-only checkout) the CLI is built without the widget
//! and `build --site` says so. Each engine's `.wasm` is embedded a second time compressed at
//! brotli's best (`.wasm.br`), for hosts that send files compressed ahead of time: on the fly,
//! hosts compress for speed (`rangefind serve` sent the English site engine as 182,635 bytes,
//! against 155,847 at brotli 11).

use std::path::{Path, PathBuf};
use std::{env, fs};

/// The widget's files: the element, the engine's workers (the one that carries the site
/// engine's glue, which the widget starts, and the general one) and the site engine (the
/// widget searches site files; the split engines stay in the npm package).
const WIDGET_FILES: [&str; 5] = [
    "rangefind-search.js",
    "site-worker.js",
    "worker.js",
    "wasm-site/rangefind_wasm.js",
    "wasm-site/rangefind_wasm_bg.wasm",
];

/// The site engine with every stemmer, written for sites in other languages than English;
/// `web/dist` may lack it (`scripts/setup.sh --demo` leaves it out).
const EVERY_STEMMER_ENGINE: [&str; 3] = [
    "site-worker-all.js",
    "wasm-site-all/rangefind_wasm.js",
    "wasm-site-all/rangefind_wasm_bg.wasm",
];

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let web = manifest_dir.join("../web");
    let dist = web.join("dist");
    let present = WIDGET_FILES.iter().all(|file| dist.join(file).is_file());
    // `npm run build` rewrites its stamp only when dist/ changes; with no dist/ yet, any change
    // under web/ may be the build that makes it.
    let watched = if present {
        dist.join(".source-sha256")
    } else {
        web.clone()
    };
    println!("cargo:rerun-if-changed={}", watched.display());
    let every_stemmer = present
        && EVERY_STEMMER_ENGINE
            .iter()
            .all(|file| dist.join(file).is_file());
    let none: &[&str] = &[];
    let code = [
        "/// The widget's files by path inside the index directory (empty: built without it).\n"
            .to_string(),
        embedded(
            "WIDGET_FILES",
            if present { &WIDGET_FILES } else { none },
            &dist,
        ),
        "/// The site engine with every stemmer (empty: built without it).\n".to_string(),
        embedded(
            "EVERY_STEMMER_ENGINE",
            if every_stemmer {
                &EVERY_STEMMER_ENGINE
            } else {
                none
            },
            &dist,
        ),
    ]
    .concat();
    if !present {
        println!(
            "cargo:warning=web/dist is missing: this rangefind is built without the search widget \
             (run scripts/setup.sh, or scripts/build/build-wasm.sh and npm run build, then build again)"
        );
    }
    let out = PathBuf::from(env::var("OUT_DIR").expect("set by cargo")).join("widget_files.rs");
    fs::write(out, code).expect("writing widget_files.rs");
}

/// `pub const NAME: &[(&str, &[u8])]`: each file of `files` by its path in `dist`, and for a
/// `.wasm` the same compressed (`.wasm.br`, made in `OUT_DIR`).
fn embedded(name: &str, files: &[&str], dist: &Path) -> String {
    let mut code = format!("pub const {name}: &[(&str, &[u8])] = &[\n");
    for file in files {
        let path = absolute(&dist.join(file));
        code += &format!("    ({file:?}, include_bytes!({:?})),\n", path.display());
        if file.ends_with(".wasm") {
            let compressed = brotli_best(&path, &file.replace('/', "-"));
            let name = format!("{file}.br");
            code += &format!(
                "    ({name:?}, include_bytes!({:?})),\n",
                compressed.display()
            );
        }
    }
    code + "];\n"
}

/// `path` compressed at brotli's best (quality 11), as `OUT_DIR/{name}.br`.
fn brotli_best(path: &Path, name: &str) -> PathBuf {
    let out = PathBuf::from(env::var("OUT_DIR").expect("set by cargo")).join(format!("{name}.br"));
    let mut input = fs::File::open(path).expect("an existing widget file");
    let mut output = fs::File::create(&out).expect("creating the compressed engine");
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 24,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut input, &mut output, &params).expect("compressing the engine");
    out
}

fn absolute(path: &Path) -> PathBuf {
    path.canonicalize().expect("an existing widget file")
}
