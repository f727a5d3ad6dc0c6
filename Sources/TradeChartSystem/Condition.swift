import Glibc

/// A lock with a condition to wait on, for a thread that sleeps until another hands it
/// work or a deadline passes (the tone writer). Deadlines are on the monotonic clock, so
/// a change of the wall clock neither wakes it early nor keeps it asleep.
///
/// Written on pthreads rather than taken from Foundation (`NSCondition`): the viewer links
/// no Foundation, which costs start-up time and memory (issue 24), and the standard
/// library's `Mutex` has no condition to wait on.
final class Condition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Wakes one waiting thread. Call it holding the lock.
    func signal() { pthread_cond_signal(condition) }

    /// Waits until signalled (or woken spuriously: wait in a loop that checks what it waits for).
    /// Call it holding the lock; it holds the lock again when it returns.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits at most `seconds`; false when the time passed without a signal.
    @discardableResult
    func wait(seconds: Double) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let whole = seconds.rounded(.down)
        deadline.tv_sec += Int(whole)
        deadline.tv_nsec += Int((seconds - whole) * 1e9)
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }
}
