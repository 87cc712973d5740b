//! The working set of one running query.
//!
//! tantivy's search is synchronous, so while it runs on this thread the split directory finds
//! the query's pages through a thread-local "active scope" (entered with [`QueryScope::enter`]
//! around each synchronous phase). Reads that miss are recorded here, not failed silently, and
//! become the next wave. Pages in the scope stay alive for the whole query whatever the page
//! cache evicts.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};

use tantivy::directory::OwnedBytes;

use crate::io::{FetchedPages, PageKey};

thread_local! {
    static ACTIVE: RefCell<Option<Arc<QueryScope>>> = const { RefCell::new(None) };
}

/// Pages held for one query and the reads it could not serve yet.
#[derive(Debug, Default)]
pub struct QueryScope {
    pages: Mutex<FetchedPages>,
    misses: Mutex<HashMap<Arc<str>, Vec<Range<u64>>>>,
}

/// Restores the previous active scope even if the closure panics.
struct Restore(Option<Arc<QueryScope>>);

impl Drop for Restore {
    fn drop(&mut self) {
        let previous = self.0.take();
        ACTIVE.with(|active| *active.borrow_mut() = previous);
    }
}

impl QueryScope {
    /// A new, empty scope.
    pub fn new() -> Arc<QueryScope> {
        Arc::new(QueryScope::default())
    }

    /// Runs `f` with this scope active on this thread.
    pub fn enter<R>(self: &Arc<Self>, f: impl FnOnce() -> R) -> R {
        let previous = ACTIVE.with(|active| active.borrow_mut().replace(self.clone()));
        let _restore = Restore(previous);
        f()
    }

    /// The scope active on this thread, if any.
    pub(crate) fn active() -> Option<Arc<QueryScope>> {
        ACTIVE.with(|active| active.borrow().clone())
    }

    pub(crate) fn page(&self, key: &PageKey) -> Option<OwnedBytes> {
        self.pages.lock().expect("scope lock").get(key).cloned()
    }

    pub(crate) fn hold(&self, key: PageKey, page: OwnedBytes) {
        self.pages.lock().expect("scope lock").insert(key, page);
    }

    pub(crate) fn record_miss(&self, split: &Arc<str>, range: Range<u64>) {
        self.misses
            .lock()
            .expect("scope lock")
            .entry(split.clone())
            .or_default()
            .push(range);
    }

    /// Takes the misses recorded so far, per split id.
    pub fn take_misses(&self) -> HashMap<Arc<str>, Vec<Range<u64>>> {
        std::mem::take(&mut *self.misses.lock().expect("scope lock"))
    }

    /// Takes the page map out (to hand it to the fetcher across an await) ...
    pub(crate) fn take_pages(&self) -> FetchedPages {
        std::mem::take(&mut *self.pages.lock().expect("scope lock"))
    }

    /// ... and puts it back.
    pub(crate) fn put_pages(&self, pages: FetchedPages) {
        let mut held = self.pages.lock().expect("scope lock");
        if held.is_empty() {
            *held = pages;
        } else {
            held.extend(pages);
        }
    }
}
