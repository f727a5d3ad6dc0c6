/// Runs independent jobs, at once where the host has threads for them: how the
/// loader reads the parts of a large file together without starting a thread itself.
/// The system layer gives `ConcurrentMap`; `SerialMap` runs them one after another.
package protocol ParallelMap: Sendable {
    /// The results of `job(0)`, ..., `job(count - 1)`, in that order, once every job is done.
    func map<T: Sendable>(_ count: Int, _ job: @Sendable (Int) -> T) -> [T]
}

/// Runs the jobs one after another on the calling thread.
package struct SerialMap: ParallelMap {
    package init() {}

    package func map<T: Sendable>(_ count: Int, _ job: @Sendable (Int) -> T) -> [T] {
        (0..<count).map { job($0) }
    }
}
