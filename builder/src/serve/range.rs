//! `Range` headers as `rangefind serve` answers them: one range, suffix (`bytes=-N`) and
//! open-ended (`bytes=N-`) ranges, several ranges at once (a `multipart/byteranges` answer,
//! RFC 9110 §14.6, as nginx and Apache send: the browser's engine reads a wave's scattered
//! pages of one file in one request), 416 when none of it lies in the file.

/// More ranges than this in one request are answered with the whole file, as nginx's
/// `max_ranges` does: a reader never needs so many, and each costs a part's headers.
pub const MAX_RANGES: usize = 256;

/// A parsed `Range` header against a file of `len` bytes.
#[derive(Debug, PartialEq)]
pub enum RangeAnswer {
    /// No (usable) Range header: send everything with 200.
    Whole,
    /// Send `start..end` with 206.
    Partial(u64, u64),
    /// Send these `start..end`s, in the order asked, as one `multipart/byteranges` 206.
    Several(Vec<(u64, u64)>),
    /// 416.
    Unsatisfiable,
}

pub fn parse_range(value: Option<&str>, len: u64) -> RangeAnswer {
    let Some(spec) = value.and_then(|v| v.trim().strip_prefix("bytes=")) else {
        return RangeAnswer::Whole;
    };
    let mut satisfiable = Vec::new();
    for one in spec.split(',') {
        // One malformed range and the header is ignored (RFC 9110 §14.2).
        match parse_one(one, len) {
            Some(Some(range)) => satisfiable.push(range),
            Some(None) => {}
            None => return RangeAnswer::Whole,
        }
    }
    let asked: u64 = satisfiable.iter().map(|(start, end)| end - start).sum();
    match satisfiable.len() {
        0 => RangeAnswer::Unsatisfiable,
        1 => RangeAnswer::Partial(satisfiable[0].0, satisfiable[0].1),
        // Ranges that overlap past the file's size would make the answer larger than the file.
        n if n > MAX_RANGES || asked > len => RangeAnswer::Whole,
        _ => RangeAnswer::Several(satisfiable),
    }
}

/// One range of a `Range` header: `None` when malformed, `Some(None)` when it lies past the
/// end of the file, else its `start..end` clamped to the file.
fn parse_one(spec: &str, len: u64) -> Option<Option<(u64, u64)>> {
    let (first, last) = spec.trim().split_once('-')?;
    let (first, last) = (first.trim(), last.trim());
    let range = if first.is_empty() {
        match last.parse::<u64>().ok()? {
            0 => return Some(None),
            n => (len.saturating_sub(n), len),
        }
    } else {
        let start = first.parse::<u64>().ok()?;
        let end = if last.is_empty() {
            len
        } else {
            match last.parse::<u64>().ok()? {
                // `bytes=0-18446744073709551615` means "to the end" (RFC 9110 §14.1.2).
                last if last >= start => last.saturating_add(1).min(len),
                _ => return None,
            }
        };
        (start, end)
    };
    Some((range.0 < len).then_some(range))
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
    }

    #[test]
    fn several_ranges() {
        assert_eq!(
            parse_range(Some("bytes=0-1, 4-5,-2"), 10),
            RangeAnswer::Several(vec![(0, 2), (4, 6), (8, 10)])
        );
        // Those past the end are dropped; one left is a single range; none left, 416.
        assert_eq!(
            parse_range(Some("bytes=20-30,4-5"), 10),
            RangeAnswer::Partial(4, 6)
        );
        assert_eq!(
            parse_range(Some("bytes=20-30,40-"), 10),
            RangeAnswer::Unsatisfiable
        );
        // One malformed range: the header is ignored.
        assert_eq!(parse_range(Some("bytes=0-1,x-5"), 10), RangeAnswer::Whole);
        assert_eq!(parse_range(Some("bytes=0-1,5-4"), 10), RangeAnswer::Whole);
        // More bytes than the file, or too many ranges: the whole file.
        assert_eq!(parse_range(Some("bytes=0-8,1-9"), 10), RangeAnswer::Whole);
        let many = (0..=MAX_RANGES)
            .map(|at| format!("{at}-{at}"))
            .collect::<Vec<_>>();
        assert_eq!(
            parse_range(Some(&format!("bytes={}", many.join(","))), 1000),
            RangeAnswer::Whole
        );
    }
}
