//! The queue `batch` scores a chunk of lines through: jobs take the lines in turn, one thread
//! writes what each gives in input order as soon as it and those before it are scored, and a
//! job scores no further line while the output waiting for its turn weighs more than a budget
//! of bytes, so that memory stays bounded however large one line's output is.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// What the queue holds, weighed in bytes.
pub(super) trait Weighed {
    /// The bytes it holds.
    fn bytes(&self) -> usize;
}

/// The items of `len` places, scored by [`Queue::work`] on any number of threads and taken
/// in order by [`Queue::write`] on one.
pub(super) struct Queue<T> {
    len: usize,
    /// The bytes of scored items waiting to be written above which no new item is scored
    /// (but the one the writer waits for).
    budget: usize,
    /// The next place a job takes.
    next: AtomicUsize,
    state: Mutex<State<T>>,
    /// Signalled when an item is scored (the writer waits on it).
    scored: Condvar,
    /// Signalled when an item is taken to be written, or on a stop (the jobs wait on it).
    taken: Condvar,
}

struct State<T> {
    items: Vec<Option<T>>,
    /// The bytes of the items scored and not yet taken.
    held: usize,
    /// The place the writer takes next.
    written: usize,
    /// Set when the writer gave up (standard output failed) or a job panicked.
    stopped: bool,
    /// The writer waits for the item at `written` (signalling a condition variable is a
    /// system call: only done when someone waits).
    writer_waiting: bool,
    /// How many jobs wait for the items waiting to be taken.
    jobs_waiting: usize,
}

impl<T: Weighed> Queue<T> {
    pub(super) fn new(len: usize, budget: usize) -> Self {
        Queue {
            len,
            budget,
            next: AtomicUsize::new(0),
            state: Mutex::new(State {
                items: std::iter::repeat_with(|| None).take(len).collect(),
                held: 0,
                written: 0,
                stopped: false,
                writer_waiting: false,
                jobs_waiting: 0,
            }),
            scored: Condvar::new(),
            taken: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<T>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// One job: takes places in turn and scores each with `score`, until none is left or the
    /// queue is stopped; waits before scoring while the items waiting weigh more than the
    /// budget, unless its place is the one the writer waits for.
    pub(super) fn work(&self, score: impl Fn(usize) -> T) {
        let _stop = StopOnPanic(self);
        loop {
            let at = self.next.fetch_add(1, Ordering::Relaxed);
            if at >= self.len {
                return;
            }
            {
                let mut state = self.lock();
                while !state.stopped && state.held > self.budget && at != state.written {
                    state.jobs_waiting += 1;
                    state = self
                        .taken
                        .wait(state)
                        .unwrap_or_else(PoisonError::into_inner);
                    state.jobs_waiting -= 1;
                }
                if state.stopped {
                    return;
                }
            }
            let item = score(at);
            let mut state = self.lock();
            state.held += item.bytes();
            if let Some(slot) = state.items.get_mut(at) {
                *slot = Some(item);
            }
            if state.writer_waiting && at == state.written {
                self.scored.notify_one();
            }
        }
    }

    /// Takes the items in order, each as soon as it is scored, and gives each to `write`;
    /// the first error ends it. Ends early, with no error, when a job panicked (the scope
    /// of the jobs passes the panic on).
    pub(super) fn write<E>(&self, mut write: impl FnMut(T) -> Result<(), E>) -> Result<(), E> {
        for at in 0..self.len {
            let item = {
                let mut state = self.lock();
                let item = loop {
                    if let Some(item) = state.items.get_mut(at).and_then(Option::take) {
                        break item;
                    }
                    if state.stopped {
                        return Ok(());
                    }
                    state.writer_waiting = true;
                    state = self
                        .scored
                        .wait(state)
                        .unwrap_or_else(PoisonError::into_inner);
                    state.writer_waiting = false;
                };
                state.held = state.held.saturating_sub(item.bytes());
                state.written = at + 1;
                if state.jobs_waiting > 0 {
                    self.taken.notify_all();
                }
                item
            };
            write(item)?;
        }
        Ok(())
    }

    /// Stops the jobs (they score no further item) and the writer.
    pub(super) fn stop(&self) {
        self.lock().stopped = true;
        self.taken.notify_all();
        self.scored.notify_all();
    }
}

/// Stops the queue when the job holding it panics, so that the writer does not wait for an
/// item that never comes.
struct StopOnPanic<'a, T: Weighed>(&'a Queue<T>);

impl<T: Weighed> Drop for StopOnPanic<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Weighed for Vec<u8> {
        fn bytes(&self) -> usize {
            self.len()
        }
    }

    #[test]
    fn items_come_out_in_order_and_the_bytes_waiting_stay_within_the_budget() {
        let len = 400;
        let queue = Queue::new(len, 10_000);
        let peak = AtomicUsize::new(0);
        let mut written = Vec::new();
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    queue.work(|at| {
                        let held = queue.lock().held;
                        peak.fetch_max(held, Ordering::Relaxed);
                        vec![u8::try_from(at % 251).unwrap_or(0); 1_000 + at % 7 * 100]
                    })
                });
            }
            let result: Result<(), ()> = queue.write(|item| {
                written.push(item);
                std::thread::yield_now();
                Ok(())
            });
            assert_eq!(result, Ok(()));
        });
        assert_eq!(written.len(), len);
        for (at, item) in written.iter().enumerate() {
            assert_eq!(item.first().copied(), u8::try_from(at % 251).ok());
        }
        // The budget, and one item per job scored past it.
        assert!(peak.load(Ordering::Relaxed) <= 10_000 + 4 * 1_600);
    }

    #[test]
    fn a_failed_write_stops_the_jobs() {
        let queue = Queue::new(10_000, 1_000);
        let scored = AtomicUsize::new(0);
        let result = std::thread::scope(|scope| {
            for _ in 0..2 {
                scope.spawn(|| {
                    queue.work(|_| {
                        scored.fetch_add(1, Ordering::Relaxed);
                        vec![0; 100]
                    })
                });
            }
            let mut count = 0;
            let result = queue.write(|_| {
                count += 1;
                if count == 5 { Err("closed") } else { Ok(()) }
            });
            queue.stop();
            result
        });
        assert_eq!(result, Err("closed"));
        assert!(scored.load(Ordering::Relaxed) < 100);
    }
}
