//! The shortest decimal text that reads back as a float, for answers' JSON. Natively, and in
//! the engines with splits (whose serde_json and tantivy link a float printer anyway), zmij,
//! the printer serde_json itself uses: the CLI's answers stay byte for byte serde_json's. In
//! the site engine's wasm the host prints: JS's `Number.prototype.toString` is the shortest
//! round trip of an f64 by specification, and an f32 is first rounded to the fewest
//! significant digits that read back as it ([`shortest_f32`]). That keeps a float printer and
//! its tables out of the engine every site visitor downloads (2.2 KB of its brotli). The
//! texts differ from zmij's only in form (`3` for `3.0`, `1e+21` for `1e21`), never in value.

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
        shortest_f32(self).write_shortest(out);
    }
}

/// The f64 whose shortest text is the shortest that reads back as `value`: `value` rounded to
/// the fewest significant digits (1 to 9) that read back as it, in f64 arithmetic (one call
/// of the host per score to print it; asking the host for each precision cost a tenth of a
/// warm query). Outside 1e-13..1e15, where powers of ten stop being exact, `value` itself.
#[cfg_attr(not(site_engine), allow(dead_code))]
fn shortest_f32(value: f32) -> f64 {
    let wide = f64::from(value);
    let magnitude = wide.abs();
    if !(1e-13..1e15).contains(&magnitude) {
        return wide;
    }
    // The power of ten of the leading digit.
    let mut exponent = 0;
    while 10f64.powi(exponent + 1) <= magnitude {
        exponent += 1;
    }
    while 10f64.powi(exponent) > magnitude {
        exponent -= 1;
    }
    (1..=9)
        .map(|digits| {
            // Scaled by an exact power of ten, rounded (ties to even, as zmij picks between
            // two decimals equally near), and back: the nearest f64 to that decimal.
            let shift = digits - 1 - exponent;
            let scale = 10f64.powi(shift.abs());
            match shift >= 0 {
                true => (wide * scale).round_ties_even() / scale,
                false => (wide / scale).round_ties_even() * scale,
            }
        })
        .find(|&rounded| rounded as f32 == value)
        .unwrap_or(wide)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same digits as zmij, the printer of the CLI's answers, for scores of every size.
    #[test]
    fn scores_read_back_with_the_digits_zmij_prints() {
        let mut state = 0x2545_f491_u32;
        let mut differ = Vec::new();
        for i in 0..200_000u32 {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            // Scores from 1e-6 to 1e6 and a few exact values.
            let value = match i % 50 {
                0 => (i / 50) as f32 / 8.0,
                _ => f32::from_bits(0x3580_0000 + state % (0x4974_2400 - 0x3580_0000)),
            };
            let ours: f64 = shortest_f32(value);
            let zmij: f64 = zmij::Buffer::new().format_finite(value).parse().unwrap();
            if ours != zmij {
                differ.push((value, ours, zmij));
            }
        }
        assert!(
            differ.is_empty(),
            "{} differ: {:?}",
            differ.len(),
            &differ[..differ.len().min(5)]
        );
    }
}
