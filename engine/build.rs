//! Names the site engine's build once: `cfg(site_engine)` is the engine compiled for the
//! browser's site search (wasm32, without the `splits` feature and so without tantivy), where a
//! few modules trade speed for bytes (float printing, inflate, JSON reading, the clock).
fn main() {
    println!("cargo::rustc-check-cfg=cfg(site_engine)");
    println!("cargo::rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    let splits = std::env::var_os("CARGO_FEATURE_SPLITS").is_some();
    if wasm && !splits {
        println!("cargo::rustc-cfg=site_engine");
    }
}
