//! Bytes of an HTML file → text, in the character set the page declares.

use encoding_rs::{Encoding, UTF_8};

/// How many leading bytes are searched for a `<meta charset>`, as browsers do.
const PRESCAN_BYTES: usize = 1024;

/// The page's text, and whether some bytes were not valid in its character set (they become
/// U+FFFD, as in a browser). The character set comes from a byte-order mark, else a `charset=`
/// in the first 1024 bytes, else UTF-8.
pub fn decode_html(bytes: &[u8]) -> (String, bool) {
    let encoding = Encoding::for_bom(bytes)
        .map(|(encoding, _)| encoding)
        .or_else(|| declared_charset(&bytes[..bytes.len().min(PRESCAN_BYTES)]))
        .unwrap_or(UTF_8);
    let (text, _, had_errors) = encoding.decode(bytes);
    (text.into_owned(), had_errors)
}

/// The encoding named by the first `charset=` (from `<meta charset="…">` or an
/// `http-equiv="Content-Type"` content), if it is a known label. UTF-16 labels mean UTF-8
/// here, as in the HTML standard's prescan.
fn declared_charset(head: &[u8]) -> Option<&'static Encoding> {
    let lower = head.to_ascii_lowercase();
    let at = lower.windows(8).position(|w| w == b"charset=")? + 8;
    let label: Vec<u8> = lower[at..]
        .iter()
        .skip_while(|b| matches!(b, b'"' | b'\'' | b' '))
        .take_while(|b| !matches!(b, b'"' | b'\'' | b' ' | b';' | b'>' | b'/'))
        .copied()
        .collect();
    let encoding = Encoding::for_label(&label)?;
    Some(if encoding.name().starts_with("UTF-16") {
        UTF_8
    } else {
        encoding
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_charsets_are_honoured() {
        let latin1 = b"<meta charset=\"iso-8859-1\"><p>caf\xe9</p>";
        assert_eq!(
            decode_html(latin1),
            ("<meta charset=\"iso-8859-1\"><p>café</p>".into(), false)
        );
        let equiv = b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\">\x93q\x94";
        assert!(decode_html(equiv).0.ends_with("\u{201c}q\u{201d}"));
        assert_eq!(
            decode_html("<p>café</p>".as_bytes()),
            ("<p>café</p>".into(), false)
        );
        let (text, bad) = decode_html(b"<p>caf\xe9</p>");
        assert!(bad, "undeclared Latin-1 is invalid UTF-8");
        assert_eq!(text, "<p>caf\u{fffd}</p>");
    }
}
