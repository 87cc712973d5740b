//! Validators (ETag, Last-Modified) that catch a file replaced on its host between two reads.

use std::sync::Mutex;

use crate::error::{ErrorKind, Result};

/// The first validator (ETag, else Last-Modified) a file answered with; later reads must match.
///
/// A mismatch is an [`ErrorKind::Changed`] error and is remembered: the reader may then check
/// the file again ([`Validator::restart`]) and take it as unchanged (a host that re-uploaded the
/// same bytes gives them a new ETag) or refuse it.
#[derive(Debug, Default)]
pub struct Validator(Mutex<ValidatorState>);

#[derive(Debug, Default, Clone)]
struct ValidatorState {
    first: Option<String>,
    /// The validator of the read that did not match `first`.
    changed_to: Option<String>,
}

impl Validator {
    /// Checks the validator of a response against the first one seen.
    pub fn check(&self, current: Option<String>) -> Result<()> {
        let Some(current) = current else {
            return Ok(());
        };
        let mut state = self.0.lock().expect("validator lock");
        match state.first.as_ref() {
            None => state.first = Some(current),
            Some(first) if *first != current => {
                let error = ErrorKind::Changed.with_message(format!(
                    "the file changed on the server while being read (validator {first} became {current}); \
                     splits are immutable: publish changed content under a new name"
                ));
                state.changed_to = Some(current);
                return Err(error);
            }
            Some(_) => {}
        }
        Ok(())
    }

    /// Whether a read answered with another validator than the first.
    pub fn changed(&self) -> bool {
        self.0.lock().expect("validator lock").changed_to.is_some()
    }

    /// Forgets the validators seen: the next read's becomes the first. Returns what to give
    /// [`Validator::refuse`] if that read shows the file did change.
    pub fn restart(&self) -> ValidatorSnapshot {
        let mut state = self.0.lock().expect("validator lock");
        ValidatorSnapshot(std::mem::take(&mut *state))
    }

    /// Puts back the state before [`Validator::restart`]: later reads fail as changed again.
    pub fn refuse(&self, before: ValidatorSnapshot) {
        *self.0.lock().expect("validator lock") = before.0;
    }
}

/// What a [`Validator`] held before [`Validator::restart`].
#[derive(Debug)]
pub struct ValidatorSnapshot(ValidatorState);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validator_catches_a_changed_file() {
        let validator = Validator::default();
        assert!(validator.check(Some("\"a\"".into())).is_ok());
        assert!(validator.check(None).is_ok());
        assert!(validator.check(Some("\"a\"".into())).is_ok());
        assert!(validator.check(Some("\"b\"".into())).is_err());
        assert!(validator.changed());
        let before = validator.restart();
        assert!(!validator.changed());
        assert!(validator.check(Some("\"b\"".into())).is_ok());
        validator.refuse(before);
        assert!(validator.check(Some("\"b\"".into())).is_err());
    }
}
