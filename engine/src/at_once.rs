//! Running a list of futures at once, waiting for all: the engine's own `try_join_all`,
//! `join_all` and `buffer_unordered`. The `futures` crate's bring an ordered-stream
//! implementation for long lists (and `FuturesUnordered` for the bounded one) to every use,
//! which the site engine's size paid for (BENCHMARKS.md "Engine size"); a list here is a few
//! reads, polled in turn.

/// Runs `futures` at once and waits for all of them, in their order; the first error ends it.
/// The engine's own `try_join_all`: the `futures` crate's adds a second, ordered-stream
/// implementation for long lists to every use, which the site engine's size pays for.
pub async fn all_at_once<F, T>(futures: Vec<F>) -> crate::error::Result<Vec<T>>
where
    F: std::future::Future<Output = crate::error::Result<T>>,
{
    let mut futures: Vec<_> = futures.into_iter().map(Box::pin).collect();
    let mut done: Vec<Option<T>> = futures.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        use std::task::Poll;
        let mut pending = false;
        for (future, slot) in futures.iter_mut().zip(done.iter_mut()) {
            if slot.is_none() {
                match future.as_mut().poll(cx) {
                    Poll::Ready(Ok(value)) => *slot = Some(value),
                    Poll::Ready(Err(error)) => return Poll::Ready(Err(error)),
                    Poll::Pending => pending = true,
                }
            }
        }
        match pending {
            true => Poll::Pending,
            false => Poll::Ready(Ok(())),
        }
    })
    .await?;
    Ok(done.into_iter().flatten().collect())
}

/// Runs `futures` at once and waits for every one of them, whatever they give, in their
/// order: the engine's own `join_all`, for the reason [`all_at_once`] gives.
pub async fn each_at_once<F: std::future::Future>(futures: Vec<F>) -> Vec<F::Output> {
    at_most_at_once(futures, usize::MAX).await
}

/// [`each_at_once`] with at most `limit` of them running at a time: a future runs from its
/// first poll, so the others are not polled until one ends (the engine's own
/// `buffer_unordered`).
pub async fn at_most_at_once<F: std::future::Future>(
    futures: Vec<F>,
    limit: usize,
) -> Vec<F::Output> {
    use std::task::Poll;
    let limit = limit.max(1);
    let mut futures: Vec<_> = futures.into_iter().map(Box::pin).collect();
    let mut done: Vec<Option<F::Output>> = futures.iter().map(|_| None).collect();
    // Futures before this one have been started; `running` of them have not ended.
    let (mut started, mut running) = (0, 0);
    std::future::poll_fn(|cx| {
        for (future, slot) in futures[..started].iter_mut().zip(&mut done[..started]) {
            if slot.is_none() {
                if let Poll::Ready(output) = future.as_mut().poll(cx) {
                    *slot = Some(output);
                    running -= 1;
                }
            }
        }
        // Start more while there is room; one that ends at once makes room for the next.
        while started < futures.len() && running < limit {
            match futures[started].as_mut().poll(cx) {
                Poll::Ready(output) => done[started] = Some(output),
                Poll::Pending => running += 1,
            }
            started += 1;
        }
        match running == 0 && started == futures.len() {
            true => Poll::Ready(()),
            false => Poll::Pending,
        }
    })
    .await;
    done.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::rc::Rc;

    use super::*;

    /// A future that is pending once, counting how many of its kind run at the same time.
    async fn counted(running: Rc<Cell<usize>>, most: Rc<Cell<usize>>, value: usize) -> usize {
        running.set(running.get() + 1);
        most.set(most.get().max(running.get()));
        let mut yielded = false;
        std::future::poll_fn(|cx| {
            if yielded {
                return std::task::Poll::Ready(());
            }
            yielded = true;
            cx.waker().wake_by_ref();
            std::task::Poll::Pending
        })
        .await;
        running.set(running.get() - 1);
        value
    }

    #[test]
    fn at_most_limit_run_at_once_and_all_end_in_order() {
        for (count, limit, expected_most) in [(7, 2, 2), (3, 32, 3), (0, 4, 0), (5, 1, 1)] {
            let (running, most) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(0)));
            let futures = (0..count)
                .map(|i| counted(running.clone(), most.clone(), i))
                .collect();
            let outputs = futures::executor::block_on(at_most_at_once(futures, limit));
            assert_eq!(outputs, (0..count).collect::<Vec<_>>());
            assert_eq!(
                most.get(),
                expected_most,
                "{count} futures, {limit} at once"
            );
            assert_eq!(running.get(), 0);
        }
    }

    #[test]
    fn the_first_error_ends_all_at_once() {
        let futures: Vec<std::pin::Pin<Box<dyn std::future::Future<Output = _>>>> = vec![
            Box::pin(async { Ok(1) }),
            Box::pin(async { Err(crate::error::ErrorKind::Http.with_message("down")) }),
            Box::pin(std::future::pending()),
        ];
        let outcome = futures::executor::block_on(all_at_once(futures));
        assert!(outcome.is_err());
        let values = (1..=2)
            .map(|i| async move { crate::error::Result::Ok(i) })
            .collect();
        let values = futures::executor::block_on(all_at_once(values));
        assert_eq!(values.unwrap(), [1, 2]);
    }
}
