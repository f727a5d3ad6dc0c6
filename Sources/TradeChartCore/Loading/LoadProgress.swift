#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
/// when its interval has passed (nothing at all without a callback).
final class ProgressMeter: @unchecked Sendable {
    private let reporting: LoadProgressReporting?
    private let totalBytes: Int?
    private var lock = pthread_mutex_t()
    private var bytes = 0
    private var rows = 0
    private var last: Double
    /// Set once the callback answered `.cancel`; every thread stops at its next chunk.
    private(set) var cancelled = false

    init(_ reporting: LoadProgressReporting?, totalBytes: Int?) {
        self.reporting = reporting
        self.totalBytes = totalBytes
        last = reporting?.clock() ?? 0
        pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    /// Counts `bytes` and `rows` more; returns false when the load is to stop.
    func add(bytes moreBytes: Int, rows moreRows: Int) -> Bool {
        guard let reporting else { return true }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        bytes += moreBytes
        rows += moreRows
        guard !cancelled else { return false }
        let now = reporting.clock()
        if now - last >= reporting.interval {
            last = now
            if reporting.report(LoadProgress(bytesRead: bytes, rowsRead: rows, totalBytes: totalBytes)) == .cancel {
                cancelled = true
            }
        }
        return !cancelled
    }
}
