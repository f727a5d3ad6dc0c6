import Synchronization
import TradeChartCore

/// The overview's files read behind the screen: a thread of its own hands the files to
/// every core (`ConcurrentMap`), and each file's outcome waits here, in the order they
/// finish, until the run loop takes it. The overview shows at once and fills in.
public final class BackgroundLoads: Sendable {
    /// Where the loading threads leave their outcomes.
    private final class Inbox: Sendable {
        let finished = Mutex<[(Int, OverviewEntry.Content)]>([])
        let remaining: Atomic<Int>
        init(_ count: Int) { remaining = Atomic(count) }
    }

    private let inbox: Inbox
    private let thread: JoinableThread?
    public let count: Int

    /// Starts reading `paths` (each the system's bytes and the name shown) with `options`, in
    /// the order `first` gives (indices of `paths`, the rows on screen first; the rest follow).
    public init(paths: [(bytes: [UInt8], shown: String)], first: [Int] = [], options: LoadOptions) {
        count = paths.count
        let inbox = Inbox(paths.count)
        self.inbox = inbox
        var order = first.filter { paths.indices.contains($0) }
        let early = Set(order)
        order += paths.indices.filter { !early.contains($0) }
        thread = JoinableThread(name: "tradechart files") { [order] in
            _ = ConcurrentMap().map(paths.count) { n in
                let k = order[n]
                let content: OverviewEntry.Content
                do throws(LoadError) {
                    content = .loaded(try SeriesLoader.load(pathBytes: paths[k].bytes, shown: paths[k].shown, options: options))
                } catch {
                    content = .failed(error.reason)
                }
                inbox.finished.withLock { $0.append((k, content)) }
                inbox.remaining.subtract(1, ordering: .releasing)
                return 0
            }
        }
    }

    /// The outcomes that came since the last call, each once.
    public func take() -> [(Int, OverviewEntry.Content)] {
        inbox.finished.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    /// Whether every file has been read (its outcome may still wait to be taken).
    public var isDone: Bool { inbox.remaining.load(ordering: .acquiring) == 0 }

    /// Waits until every file has been read.
    public func wait() { thread?.join() }
}
