//! A split's documents per day of its timestamp field, kept in its footer: a date histogram of
//! whole UTC days over all of a split's documents is answered from these counts without
//! reading the timestamp column (`crate::splits`, "events per day" over a whole index costs
//! the split opens alone).

use crate::formats::split::{put_signed, put_varint};
#[cfg(feature = "splits")]
use crate::{error::Result, formats::split::ByteReader};

/// Seconds in a day: days are UTC days since the epoch, as a `fixed_interval: 1d` histogram
/// cuts them.
pub const DAY_SECONDS: i64 = 86_400;

/// Documents per UTC day of the timestamp field. Written only for splits whose documents hold
/// at most one timestamp each: a histogram counts a document once per bucket, so a document
/// with two timestamps in one week would count twice in a week built from its days.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DayCounts {
    /// `(day since the epoch, documents)`, days ascending, every count above zero.
    pub days: Vec<(i64, u64)>,
}

impl DayCounts {
    /// The day of a timestamp (seconds since the epoch; before 1970 too).
    pub fn day_of(seconds: i64) -> i64 {
        seconds.div_euclid(DAY_SECONDS)
    }

    /// Counts one document with this timestamp.
    pub fn add(&mut self, seconds: i64) {
        let day = Self::day_of(seconds);
        // Documents mostly come in time order: the last day first.
        match self.days.last_mut() {
            Some((last, count)) if *last == day => *count += 1,
            Some((last, _)) if *last < day => self.days.push((day, 1)),
            None => self.days.push((day, 1)),
            Some(_) => match self.days.binary_search_by_key(&day, |(d, _)| *d) {
                Ok(at) => self.days[at].1 += 1,
                Err(at) => self.days.insert(at, (day, 1)),
            },
        }
    }

    /// Documents counted.
    pub fn total(&self) -> u64 {
        self.days.iter().map(|(_, count)| count).sum()
    }

    /// `days · first day (zigzag) · its count · per further day: days after the one before · count`,
    /// varints.
    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, self.days.len() as u64);
        let mut previous = None;
        for &(day, count) in &self.days {
            match previous {
                None => put_signed(out, day),
                Some(previous) => put_varint(out, (day - previous) as u64),
            }
            put_varint(out, count);
            previous = Some(day);
        }
    }

    /// Reads what [`DayCounts::encode`] wrote; days must ascend and counts be above zero.
    /// (Only split readers: the site engine reads site files, which count no days.)
    #[cfg(feature = "splits")]
    pub(crate) fn decode(reader: &mut ByteReader) -> Result<DayCounts> {
        let len = reader.varint()?;
        // Each day takes two bytes at least: a damaged count cannot make a huge allocation.
        if len > reader.remaining() as u64 / 2 {
            return Err(reader.corrupt("more days than bytes"));
        }
        let mut days: Vec<(i64, u64)> = Vec::with_capacity(len as usize);
        for _ in 0..len {
            let day = match days.last() {
                None => reader.signed()?,
                Some(&(previous, _)) => {
                    let gap = i64::try_from(reader.varint()?)
                        .ok()
                        .filter(|gap| *gap > 0)
                        .ok_or_else(|| reader.corrupt("days out of order"))?;
                    previous
                        .checked_add(gap)
                        .ok_or_else(|| reader.corrupt("a day out of range"))?
                }
            };
            let count = reader.varint()?;
            if count == 0 {
                return Err(reader.corrupt("a day without documents"));
            }
            days.push((day, count));
        }
        Ok(DayCounts { days })
    }
}

#[cfg(all(test, feature = "splits"))]
mod tests {
    use super::*;

    #[test]
    fn days_are_counted_in_order_whatever_the_order_of_documents() {
        let mut counts = DayCounts::default();
        for seconds in [
            DAY_SECONDS * 3 + 5,
            DAY_SECONDS * 3,
            DAY_SECONDS,
            -1,
            DAY_SECONDS * 9,
        ] {
            counts.add(seconds);
        }
        assert_eq!(counts.days, [(-1, 1), (1, 1), (3, 2), (9, 1)]);
        assert_eq!(counts.total(), 5);
        let mut bytes = Vec::new();
        counts.encode(&mut bytes);
        let mut reader = ByteReader::new(&bytes, "day counts");
        assert_eq!(DayCounts::decode(&mut reader).unwrap(), counts);
        assert_eq!(reader.remaining(), 0);
    }

    #[test]
    fn damaged_counts_are_refused() {
        // Two days, the second one 0 days after the first; then a day of no documents.
        for (bytes, message) in [
            (vec![2, 2, 1, 0, 1], "days out of order"),
            (vec![1, 2, 0], "a day without documents"),
            (vec![200, 2, 1], "more days than bytes"),
        ] {
            let error = DayCounts::decode(&mut ByteReader::new(&bytes, "day counts")).unwrap_err();
            assert!(error.to_string().contains(message), "{error}");
        }
    }
}
