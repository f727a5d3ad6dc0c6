import Dispatch
import TradeChartCore

/// Runs the jobs of a `ParallelMap` at once on Dispatch's threads (one per core at most,
/// `DispatchQueue.concurrentPerform`), each writing its result to its own slot.
package struct ConcurrentMap: ParallelMap {
    package init() {}

    package func map<T: Sendable>(_ count: Int, _ job: @Sendable (Int) -> T) -> [T] {
        let slots = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { k in slots.set(k, job(k)) }
        return slots.values()
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
