import Synchronization

/// How far a load has come, for a progress display.
public struct LoadProgress: Sendable, Equatable {
    /// Bytes read so far.
    public var bytesRead: Int
    /// Data rows read so far (blank lines and the header not counted).
    public var rowsRead: Int
    /// The size of the file, when known (nil for a pipe or standard input).
    public var totalBytes: Int?

    public init(bytesRead: Int, rowsRead: Int, totalBytes: Int?) {
        self.bytesRead = bytesRead
        self.rowsRead = rowsRead
        self.totalBytes = totalBytes
    }
}

/// Whether a load goes on, as the progress callback answers.
public enum LoadProgressReply: Sendable, Equatable {
    case proceed
    /// Stop reading: the load throws `LoadError.cancelled`.
    case cancel
}

/// Progress reports for a long load: `report` is called with the bytes and rows
/// read, no more often than every `interval` seconds of `clock` (the core has no
/// clock of its own: the caller passes its monotonic one), and may cancel the
/// load. It is called on a loading thread, one call at a time; the load stops
/// within one chunk (1 MiB) of a `.cancel`.
public struct LoadProgressReporting: Sendable {
    public var interval: Double
    public var clock: @Sendable () -> Double
    public var report: @Sendable (LoadProgress) -> LoadProgressReply

    public init(interval: Double = 0.25, clock: @escaping @Sendable () -> Double,
                report: @escaping @Sendable (LoadProgress) -> LoadProgressReply) {
        self.interval = interval
        self.clock = clock
        self.report = report
    }
}

/// Adds up what every loading thread has read and calls the progress callback
/// when its interval has passed (nothing at all without a callback). Lock-free: the
/// thread that finds the meter free reads the clock and calls back, one at a time;
/// one that finds it busy counts its bytes and goes on.
final class ProgressMeter: Sendable {
    private let reporting: LoadProgressReporting?
    private let totalBytes: Int?
    private let bytes = Atomic<Int>(0)
    private let rows = Atomic<Int>(0)
    /// Held while one thread reads the clock and calls back.
    private let busy = Atomic<Bool>(false)
    /// The clock's time at the last report (a `Double`'s bits), read and written only while `busy` is held.
    private let last: Atomic<UInt64>
    /// Set once the callback answered `.cancel`; every thread stops at its next chunk.
    private let stopped = Atomic<Bool>(false)

    init(_ reporting: LoadProgressReporting?, totalBytes: Int?) {
        self.reporting = reporting
        self.totalBytes = totalBytes
        last = Atomic((reporting?.clock() ?? 0).bitPattern)
    }

    var cancelled: Bool { stopped.load(ordering: .acquiring) }

    /// Counts `bytes` and `rows` more; returns false when the load is to stop.
    func add(bytes moreBytes: Int, rows moreRows: Int) -> Bool {
        guard let reporting else { return true }
        bytes.add(moreBytes, ordering: .relaxed)
        rows.add(moreRows, ordering: .relaxed)
        guard !cancelled else { return false }
        guard busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return true }
        defer { busy.store(false, ordering: .releasing) }
        let now = reporting.clock()
        if now - Double(bitPattern: last.load(ordering: .relaxed)) >= reporting.interval {
            last.store(now.bitPattern, ordering: .relaxed)
            let progress = LoadProgress(bytesRead: bytes.load(ordering: .relaxed), rowsRead: rows.load(ordering: .relaxed),
                                        totalBytes: totalBytes)
            if reporting.report(progress) == .cancel { stopped.store(true, ordering: .releasing) }
        }
        return !cancelled
    }
}
