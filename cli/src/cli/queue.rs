//! The queue `batch` scores its lines through. The lines come in rounds (a chunk read from
//! the input); the jobs, spawned once for the whole input, take the places of each round in
//! turn, and the thread that writes takes the scored items in input order, each as soon as it
//! and those before it are scored, scoring a place itself whenever the item it waits for is
//! not ready yet (so `--jobs N` keeps N threads scoring, and the writer seldom sleeps). A job
//! scores no further item while the output waiting for its turn weighs more than a budget of
//! bytes, so that memory stays bounded however large one line's output is.

use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

/// What the queue holds, weighed in bytes.
pub(super) trait Weighed {
    /// The bytes it holds.
    fn bytes(&self) -> usize;
}

/// Rounds of places (each round's data `R`, scored into items `T`), scored by
/// [`Queue::work`] on any number of threads and by [`Queue::round`], which takes them in
/// order, on one.
pub(super) struct Queue<R, T> {
    /// The bytes of scored items waiting to be written above which a job scores no new item
    /// (but the one the writer waits for).
    budget: usize,
    state: Mutex<State<R, T>>,
    /// Signalled when the item the writer waits for is scored.
    scored: Condvar,
    /// Signalled when the items waiting shrink below the budget, a round starts, or the queue
    /// is closed or stopped (the jobs wait on it).
    work: Condvar,
}

struct State<R, T> {
    /// The data of the round being scored.
    round: Option<Arc<R>>,
    /// The round's items, `None` until scored and once taken.
    items: Vec<Option<T>>,
    /// The next place to score.
    next: usize,
    /// The place the writer takes next.
    written: usize,
    /// The bytes of the items scored and not yet taken.
    held: usize,
    /// Set when no round follows: the jobs return.
    closed: bool,
    /// Set when the writer gave up (standard output failed) or a thread panicked.
    stopped: bool,
    /// The writer waits for the item at `written` (signalling a condition variable is a
    /// system call: only done when someone waits).
    writer_waiting: bool,
    /// How many jobs wait on `work`.
    jobs_waiting: usize,
}

impl<R, T> State<R, T> {
    /// Whether a job may take the next place: one is left, and the items waiting weigh no
    /// more than the budget, or the place is the one the writer waits for.
    fn job_may_take(&self, budget: usize) -> bool {
        self.round.is_some()
            && self.next < self.items.len()
            && (self.held <= budget || self.next == self.written)
    }
}

impl<R, T: Weighed> Queue<R, T> {
    pub(super) fn new(budget: usize) -> Self {
        Queue {
            budget,
            state: Mutex::new(State {
                round: None,
                items: Vec::new(),
                next: 0,
                written: 0,
                held: 0,
                closed: false,
                stopped: false,
                writer_waiting: false,
                jobs_waiting: 0,
            }),
            scored: Condvar::new(),
            work: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<R, T>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// One job: takes places in turn and scores each with `score`, round after round, until
    /// the queue is closed or stopped; waits while there is no place to take, or while the
    /// items waiting weigh more than the budget (unless its place is the one the writer
    /// waits for).
    pub(super) fn work(&self, score: impl Fn(&R, usize) -> T) {
        let _stop = StopOnPanic(self);
        let mut state = self.lock();
        loop {
            if state.stopped || state.closed {
                return;
            }
            if !state.job_may_take(self.budget) {
                state.jobs_waiting += 1;
                state = self
                    .work
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
                state.jobs_waiting -= 1;
                continue;
            }
            let at = state.next;
            state.next += 1;
            let Some(round) = state.round.clone() else {
                continue;
            };
            drop(state);
            let item = score(&round, at);
            drop(round);
            state = self.lock();
            state.held += item.bytes();
            if let Some(slot) = state.items.get_mut(at) {
                *slot = Some(item);
            }
            if state.writer_waiting && at == state.written {
                self.scored.notify_one();
            }
        }
    }

    /// Scores the `len` places of a round (`data`) on the jobs and this thread, and gives
    /// the items to `write` in order, each as soon as it and those before it are scored;
    /// while the next item is not scored yet, this thread scores a place itself (within the
    /// budget, as a job does). The first
    /// error ends it (the caller then stops the queue). Ends early, with no error, when a
    /// job panicked (the scope of the jobs passes the panic on).
    pub(super) fn round<E>(
        &self,
        data: R,
        len: usize,
        score: impl Fn(&R, usize) -> T,
        mut write: impl FnMut(T) -> Result<(), E>,
    ) -> Result<(), E> {
        let _stop = StopOnPanic(self);
        let data = Arc::new(data);
        let mut state = self.lock();
        state.items.clear();
        state.items.resize_with(len, || None);
        state.next = 0;
        state.written = 0;
        state.held = 0;
        state.round = Some(Arc::clone(&data));
        if state.jobs_waiting > 0 {
            self.work.notify_all();
        }
        while state.written < len {
            if state.stopped {
                return Ok(());
            }
            let at = state.written;
            if let Some(item) = state.items.get_mut(at).and_then(Option::take) {
                let was_over = state.held > self.budget;
                state.held = state.held.saturating_sub(item.bytes());
                state.written = at + 1;
                // A job waits for room, or for its place to be the one the writer waits for.
                let room = was_over && state.held <= self.budget;
                let turn = state.next == state.written && state.next < len;
                if state.jobs_waiting > 0 && (room || turn) {
                    self.work.notify_all();
                }
                drop(state);
                write(item)?;
                state = self.lock();
            } else if state.job_may_take(self.budget) {
                let at = state.next;
                state.next += 1;
                drop(state);
                let item = score(&data, at);
                state = self.lock();
                state.held += item.bytes();
                if let Some(slot) = state.items.get_mut(at) {
                    *slot = Some(item);
                }
            } else {
                state.writer_waiting = true;
                state = self
                    .scored
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
                state.writer_waiting = false;
            }
        }
        state.round = None;
        Ok(())
    }

    /// Ends the jobs once the rounds are done (no round follows).
    pub(super) fn close(&self) {
        self.lock().closed = true;
        self.work.notify_all();
    }

    /// Stops the jobs (they score no further item) and the writer.
    pub(super) fn stop(&self) {
        self.lock().stopped = true;
        self.work.notify_all();
        self.scored.notify_all();
    }
}

/// Stops the queue when the thread holding it panics, so that no thread waits for an item
/// or a round that never comes.
struct StopOnPanic<'a, R, T: Weighed>(&'a Queue<R, T>);

impl<R, T: Weighed> Drop for StopOnPanic<'_, R, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    impl Weighed for Vec<u8> {
        fn bytes(&self) -> usize {
            self.len()
        }
    }

    fn item(at: usize) -> Vec<u8> {
        vec![u8::try_from(at % 251).unwrap_or(0); 1_000 + at % 7 * 100]
    }

    #[test]
    fn items_come_out_in_order_round_after_round_and_the_bytes_waiting_stay_within_the_budget() {
        let queue = Queue::new(10_000);
        let peak = AtomicUsize::new(0);
        let score = |offset: &usize, at: usize| {
            let held = queue.lock().held;
            peak.fetch_max(held, Ordering::Relaxed);
            item(offset + at)
        };
        let mut written = Vec::new();
        std::thread::scope(|scope| {
            for _ in 0..3 {
                scope.spawn(|| queue.work(score));
            }
            for (offset, len) in [(0, 400), (400, 1), (401, 0), (401, 99)] {
                let result: Result<(), ()> = queue.round(offset, len, score, |item| {
                    written.push(item);
                    std::thread::yield_now();
                    Ok(())
                });
                assert_eq!(result, Ok(()));
            }
            queue.close();
        });
        assert_eq!(written.len(), 500);
        for (at, item) in written.iter().enumerate() {
            assert_eq!(item, &super::tests::item(at));
        }
        // The budget, and one item per thread scored past it.
        assert!(peak.load(Ordering::Relaxed) <= 10_000 + 4 * 1_600);
    }

    #[test]
    fn a_failed_write_stops_the_jobs() {
        let queue = Queue::new(1_000);
        let scored = AtomicUsize::new(0);
        let score = |_: &(), _| {
            scored.fetch_add(1, Ordering::Relaxed);
            vec![0; 100]
        };
        let result = std::thread::scope(|scope| {
            for _ in 0..2 {
                scope.spawn(|| queue.work(score));
            }
            let mut count = 0;
            let result = queue.round((), 10_000, score, |_| {
                count += 1;
                if count == 5 { Err("closed") } else { Ok(()) }
            });
            queue.stop();
            result
        });
        assert_eq!(result, Err("closed"));
        assert!(scored.load(Ordering::Relaxed) < 100);
    }

    #[test]
    fn a_job_that_panics_ends_the_round_and_passes_the_panic_on() {
        let queue = Queue::new(1_000);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            std::thread::scope(|scope| {
                scope.spawn(|| queue.work(|_: &(), _| -> Vec<u8> { panic!("a job's panic") }));
                let slowly = |_: &(), _| {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                    vec![0; 10]
                };
                let written = queue.round((), 1_000, slowly, |_| Ok::<(), ()>(()));
                assert_eq!(written, Ok(()));
                queue.close();
            });
        }));
        assert!(
            outcome.is_err(),
            "the job's panic is passed on, and nothing hangs"
        );
        assert!(queue.lock().stopped);
    }
}
