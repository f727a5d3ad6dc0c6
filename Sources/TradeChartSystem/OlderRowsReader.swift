import Synchronization
import TradeChartCore

/// Reads the older rows of a file shown from its newest rows (`NewestRowsFile.readRest`)
/// on a thread of its own, behind the first frame: the viewer's loop asks how far it has
/// come and takes the whole file's series once it is read.
public final class OlderRowsReader: Sendable {
    /// What the reading thread and the loop share.
    private final class Shared: Sendable {
        let fraction = Atomic<UInt64>(0)
        let stopped = Atomic<Bool>(false)
        let outcome = Mutex<Result<LoadedSeries, LoadError>?>(nil)
    }

    private let shared = Shared()
    private let thread: JoinableThread?

    /// Starts reading `file`'s older rows; `fraction` starts at the share its newest rows took.
    public init(_ file: NewestRowsFile) {
        let shared = shared
        shared.fraction.store(file.shareRead.bitPattern, ordering: .relaxed)
        let clock = MonotonicClock()
        thread = JoinableThread(name: "tradechart older") {
            let progress = LoadProgressReporting(interval: 0.05, clock: { clock.now() }) { read in
                if let total = read.totalBytes, total > 0 {
                    shared.fraction.store(min(1, Double(read.bytesRead) / Double(total)).bitPattern, ordering: .relaxed)
                }
                return shared.stopped.load(ordering: .relaxed) ? .cancel : .proceed
            }
            let result = Result { () throws(LoadError) in try file.readRest(progress: progress) }
            shared.outcome.withLock { $0 = result }
        }
        if thread == nil {
            shared.outcome.withLock { $0 = .failure(.cannotOpen(file: file.newest.series.name, reason: "no thread to read the older rows")) }
        }
    }

    /// The share of the file read so far.
    public var fraction: Double { Double(bitPattern: shared.fraction.load(ordering: .relaxed)) }

    /// The whole file once it is read (or why it could not be), nil before; given once.
    public func take() -> Result<LoadedSeries, LoadError>? {
        let result = shared.outcome.withLock { outcome in
            let taken = outcome
            outcome = nil
            return taken
        }
        if result != nil { thread?.join() }
        return result
    }

    /// Stops the read within a chunk (the viewer is closing) and waits for its thread.
    public func stop() {
        shared.stopped.store(true, ordering: .relaxed)
        thread?.join()
    }
}
