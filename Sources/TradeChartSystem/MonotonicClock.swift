import Glibc

/// The program's only clock: seconds on the monotonic clock, handed to the core.
public struct MonotonicClock: Sendable {
    public init() {}

    public func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
