//! `rangefind-wasm-bindgen MODULE OUT_DIR`: binds one of rangefind's wasm engines for the web as
//! `wasm-bindgen --target web --out-name rangefind_wasm --out-dir OUT_DIR MODULE` does
//! (`rangefind_wasm.js`, `rangefind_wasm.d.ts`, `rangefind_wasm_bg.wasm`), byte for byte.
//!
//! Why not `cargo install wasm-bindgen-cli`: that package also builds the test runner's web
//! server and HTTP client (rouille, ureq with brotli and gzip) in a target directory of its own,
//! nearly three minutes of a fresh clone's setup on 2 cores; this is the library the
//! `wasm-bindgen` command runs, built in the workspace beside the CLI, sharing its dependencies.

use std::path::PathBuf;
use std::process::ExitCode;

use wasm_bindgen_cli_support::Bindgen;

fn main() -> ExitCode {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let [module, out_dir] = args.as_slice() else {
        eprintln!("usage: rangefind-wasm-bindgen MODULE.wasm OUT_DIR");
        return ExitCode::from(2);
    };
    let bound = Bindgen::new()
        .input_path(module)
        .web(true)
        .and_then(|bindgen| {
            bindgen
                .out_name("rangefind_wasm")
                .typescript(true)
                // The glue finds the module beside itself (`new URL(…, import.meta.url)`), as
                // the command's default does: the library's default leaves it to the caller.
                .omit_default_module_path(false)
                .generate(out_dir)
        });
    match bound {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!(
                "rangefind-wasm-bindgen: binding {}: {error:#}",
                module.display()
            );
            ExitCode::FAILURE
        }
    }
}
