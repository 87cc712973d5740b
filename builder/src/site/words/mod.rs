//! A language's words, the second stage of `build --site`: each page's record analysed
//! ([`analyse`]) into the word index ([`word_index`]: postings packed in memory,
//! [`postings_buffer`], set aside in sorted runs on disk past `--word-memory`, [`word_runs`]),
//! then renumbered to the site file's page order ([`renumber`]), headings of long pages scored
//! one by one ([`heading_scores`]) and long words' postings cut into their best and a tail
//! ([`tails`]).

pub(super) mod analyse;
pub(super) mod heading_scores;
pub(super) mod postings_buffer;
pub(super) mod renumber;
pub(super) mod tails;
pub(super) mod word_index;
pub(super) mod word_runs;
