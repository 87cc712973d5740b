//! One of the wasm engines, as its own module: everything is in `rangefind-wasm` (the adapter,
//! an rlib); this crate names the module and picks the adapter's features in its Cargo.toml.
//!
//! Why a crate per engine: each module is a `cdylib`, whose file cargo names without a hash,
//! so two feature sets of one crate in one profile would overwrite each other's module and
//! rebuild on every setup. One crate per engine gives each module its own name, so all the
//! browser engines share one profile (`wasm`), hence one build of the standard library and of
//! tantivy and every other dependency, instead of one per engine (scripts/build/build-wasm.sh).
//! LTO is kept: the adapter is an rlib dependency and this crate the `cdylib` LTO links.

pub use rangefind_wasm::*;
