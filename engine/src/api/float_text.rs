//! The shortest decimal text that reads back as a float, for answers' JSON. Natively, and in
//! the engines with splits (whose serde_json and tantivy link a float printer anyway), zmij,
//! the printer serde_json itself uses: the CLI's answers stay byte for byte serde_json's. In
//! the site engine's wasm the host prints: JS's `Number.prototype.toString` is the shortest
//! round trip of an f64 by specification, and an f32's shortest text is the first of its 1
//! to 9 significant digits (`toPrecision`) that reads back as the same f32. That keeps a
//! float printer and its tables out of the engine every site visitor downloads (2.2 KB of
//! its brotli). The texts differ from zmij's only in form (`3` for `3.0`, `1e+21` for
//! `1e21`), never in value.

/// A float an answer carries: an f32 (a hit's score) or an f64 (times, aggregations).
pub(super) trait FloatText: Copy {
    fn is_finite(self) -> bool;
    /// Appends the shortest text that reads back as `self` (finite).
    fn write_shortest(self, out: &mut String);
}

#[cfg(not(site_engine))]
impl<F: zmij::Float + Into<f64> + Copy> FloatText for F {
    fn is_finite(self) -> bool {
        self.into().is_finite()
    }

    fn write_shortest(self, out: &mut String) {
        out.push_str(zmij::Buffer::new().format_finite(self));
    }
}

#[cfg(site_engine)]
impl FloatText for f64 {
    fn is_finite(self) -> bool {
        f64::is_finite(self)
    }

    fn write_shortest(self, out: &mut String) {
        if let Ok(text) = js_sys::Number::from(self).to_string_with_radix(10) {
            out.push_str(&String::from(text));
        }
    }
}

#[cfg(site_engine)]
impl FloatText for f32 {
    fn is_finite(self) -> bool {
        f32::is_finite(self)
    }

    fn write_shortest(self, out: &mut String) {
        let wide = js_sys::Number::from(f64::from(self));
        let shortest = (1..=9)
            .filter_map(|digits| wide.to_precision(digits).ok())
            .map(|text| js_sys::parse_float(&String::from(text)))
            .find(|&read_back| read_back as f32 == self)
            .unwrap_or(f64::from(self));
        shortest.write_shortest(out);
    }
}
