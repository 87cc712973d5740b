//! The milliseconds an answer took (`elapsed_ms`). In the site engine's wasm they are read from
//! the host's `performance.now()` as they are; web_time's `Instant`, which the engines with
//! splits and native code use, went through a `Duration` and a lookup of `performance` on the
//! global object (0.2 KB of the site engine, brotli).

/// A start, to measure from.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch(Start);

#[cfg(site_engine)]
type Start = f64;
#[cfg(not(site_engine))]
type Start = web_time::Instant;

#[cfg(site_engine)]
mod host {
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        /// Milliseconds since the page or worker started, fractional.
        #[wasm_bindgen(js_namespace = performance)]
        pub fn now() -> f64;
    }
}

impl Stopwatch {
    /// Now.
    pub fn start() -> Stopwatch {
        #[cfg(site_engine)]
        return Stopwatch(host::now());
        #[cfg(not(site_engine))]
        Stopwatch(web_time::Instant::now())
    }

    /// Milliseconds since the start.
    pub fn elapsed_ms(&self) -> f64 {
        #[cfg(site_engine)]
        return host::now() - self.0;
        #[cfg(not(site_engine))]
        return self.0.elapsed().as_secs_f64() * 1000.0;
    }
}
