//! `Range` headers as `rangefind serve` answers them: one range, suffix (`bytes=-N`) and
//! open-ended (`bytes=N-`) ranges, 416 when none of it lies in the file.

/// A parsed `Range` header against a file of `len` bytes.
#[derive(Debug, PartialEq)]
pub enum RangeAnswer {
    /// No (usable) Range header: send everything with 200.
    Whole,
    /// Send `start..end` with 206.
    Partial(u64, u64),
    /// 416.
    Unsatisfiable,
}

pub fn parse_range(value: Option<&str>, len: u64) -> RangeAnswer {
    let Some(spec) = value.and_then(|v| v.trim().strip_prefix("bytes=")) else {
        return RangeAnswer::Whole;
    };
    if spec.contains(',') {
        // Several ranges: allowed to be ignored (RFC 9110 §14.2); splits never ask for them.
        return RangeAnswer::Whole;
    }
    let Some((first, last)) = spec.trim().split_once('-') else {
        return RangeAnswer::Whole;
    };
    let (first, last) = (first.trim(), last.trim());
    let range = if first.is_empty() {
        match last.parse::<u64>() {
            Ok(0) => return RangeAnswer::Unsatisfiable,
            Ok(n) => (len.saturating_sub(n), len),
            Err(_) => return RangeAnswer::Whole,
        }
    } else {
        let Ok(start) = first.parse::<u64>() else {
            return RangeAnswer::Whole;
        };
        let end = if last.is_empty() {
            len
        } else {
            match last.parse::<u64>() {
                // `bytes=0-18446744073709551615` means "to the end" (RFC 9110 §14.1.2).
                Ok(last) if last >= start => last.saturating_add(1).min(len),
                _ => return RangeAnswer::Whole,
            }
        };
        (start, end)
    };
    if range.0 >= len {
        return RangeAnswer::Unsatisfiable;
    }
    RangeAnswer::Partial(range.0, range.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(parse_range(None, 10), RangeAnswer::Whole);
        assert_eq!(
            parse_range(Some("bytes=2-4"), 10),
            RangeAnswer::Partial(2, 5)
        );
        assert_eq!(
            parse_range(Some("bytes=2-"), 10),
            RangeAnswer::Partial(2, 10)
        );
        assert_eq!(
            parse_range(Some("bytes=-3"), 10),
            RangeAnswer::Partial(7, 10)
        );
        assert_eq!(
            parse_range(Some("bytes=-30"), 10),
            RangeAnswer::Partial(0, 10)
        );
        assert_eq!(
            parse_range(Some("bytes=5-100"), 10),
            RangeAnswer::Partial(5, 10)
        );
        assert_eq!(
            parse_range(Some("bytes=10-"), 10),
            RangeAnswer::Unsatisfiable
        );
        assert_eq!(
            parse_range(Some("bytes=-0"), 10),
            RangeAnswer::Unsatisfiable
        );
        assert_eq!(parse_range(Some("bytes=4-2"), 10), RangeAnswer::Whole);
        assert_eq!(parse_range(Some("bytes=0-1,4-5"), 10), RangeAnswer::Whole);
    }
}
