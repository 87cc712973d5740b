//! Reading a site's pages, the first stage of `build --site`: its HTML files found
//! ([`discover`]), each decoded ([`decode`]) and its content extracted ([`extract`], following
//! the [`attributes`]), on every core, and written in path order as JSON lines, a page a line
//! ([`page_document`], [`crawl`]); pages that declare no language are given one when their
//! script tells it ([`script_language`]).

pub mod attributes;
pub(super) mod crawl;
pub mod decode;
pub mod discover;
pub mod extract;
pub mod page_document;
pub(super) mod script_language;
