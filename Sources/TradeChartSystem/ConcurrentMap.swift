import Glibc
import Synchronization
import TradeChartCore

/// Runs the jobs of a `ParallelMap` at once: on the calling thread and on threads of its own,
/// one per core at most, each taking the next job no thread has taken and writing its result
/// to that job's slot.
///
/// Written on pthreads (`JoinableThread`) rather than Dispatch's `concurrentPerform`: once
/// Dispatch has started a worker thread, the monitor of its pool wakes the process every
/// second for as long as it runs, so a viewer left open would never be idle.
package struct ConcurrentMap: ParallelMap {
    package init() {}

    package func map<T: Sendable>(_ count: Int, _ job: @Sendable (Int) -> T) -> [T] {
        let slots = Slots<T>(count: count)
        let helpers = min(count, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) - 1
        withoutActuallyEscaping(job) { job in
            let next = NextJob()
            let work: @Sendable () -> Void = {
                while true {
                    let k = next.take()
                    guard k < count else { return }
                    slots.set(k, job(k))
                }
            }
            // Every thread is joined before this returns: the job does not outlive the call.
            let threads = (0..<max(0, helpers)).compactMap { _ in JoinableThread(name: "tradechart map", work) }
            work()
            threads.forEach { $0.join() }
        }
        return slots.values()
    }

    /// The number of the next job to take.
    private final class NextJob: Sendable {
        private let next = Atomic<Int>(0)
        func take() -> Int { next.wrappingAdd(1, ordering: .relaxed).oldValue }
    }

    /// One slot per job, each written by the thread that runs it and read once all are done.
    final class Slots<T>: @unchecked Sendable {
        private let slots: UnsafeMutablePointer<T?>
        private let count: Int

        init(count: Int) {
            self.count = count
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil, count: count)
        }

        deinit {
            slots.deinitialize(count: count)
            slots.deallocate()
        }

        func set(_ k: Int, _ value: T) { slots[k] = value }

        /// The results, moved out of their slots.
        func values() -> [T] {
            (0..<count).map { k in
                let value = slots[k]!
                slots[k] = nil
                return value
            }
        }
    }
}
