/// Decides when remembered state should be written: at most once per interval
/// while changes keep coming, and once more when they stop (and on exit).
/// Time is passed in, so the schedule is reproducible in tests.
public struct WriteDebouncer: Sendable, Equatable {
    public var interval: Double
    /// Time of the last write, nil before the first.
    package private(set) var lastWrite: Double?
    /// True when there are changes not written yet.
    public private(set) var isDirty = false

    public init(interval: Double = 1) { self.interval = interval }

    /// Notes a change.
    public mutating func markChanged() { isDirty = true }

    /// Seconds until a write is due, 0 when due now, nil when nothing is pending.
    public func delay(at time: Double) -> Double? {
        guard isDirty else { return nil }
        guard let lastWrite else { return 0 }
        return max(0, lastWrite + interval - time)
    }

    /// True (and records the write) when the changes should be written now.
    public mutating func shouldWrite(at time: Double) -> Bool {
        guard let delay = delay(at: time), delay == 0 else { return false }
        lastWrite = time
        isDirty = false
        return true
    }
}
