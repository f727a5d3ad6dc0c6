import TradeChartCore

/// An input that grows while the viewer shows it: a file (`tail -f`) or standard input.
public protocol Follower: AnyObject {
    /// The name for messages.
    var name: String { get }
    /// Reads what arrived since the last look, without blocking.
    func poll() -> FollowChange
    /// Seconds until a look is due when nothing wakes the follower sooner (`wakeDescriptor`),
    /// for looks at most every `interval` seconds: `interval` where the follower cannot tell
    /// when its input changes, a safety look now and then where it can; nil when nothing more can come.
    func lookDue(every interval: Double) -> Double?
    /// A descriptor that becomes readable when a look may find something (a file's change
    /// notifications, a pipe's data), for the loop's `poll`; nil: none, look at `lookDue`.
    var wakeDescriptor: Int32? { get }
    /// Whether what made `wakeDescriptor` readable is worth a look; takes it, without blocking.
    func takeWake() -> Bool
    /// Waits until there may be more to read.
    func block()
}

extension Follower {
    public var wakeDescriptor: Int32? { nil }
    public func takeWake() -> Bool { false }

    /// How often a wait for a followed input's first chart looks, in seconds.
    public static var pollInterval: Double { 0.25 }
    /// The least time between two looks while rows keep coming, unless `--refresh` says
    /// otherwise: a look costs the same for one row or ten, so rows that come ten a second
    /// cost a tenth each (a row after a quiet second is looked at as soon as it comes).
    public static var defaultLookInterval: Double { 1 }
    /// The look that catches what a change notification may miss (a watch lost to a moved
    /// folder, a write through `mmap`) where notifications are trusted.
    public static var safetyLookInterval: Double { 5 }

    /// Blocks until the input gives a chart (`.updated`) or cannot (`.problem`);
    /// `onWait` hears the first reason for waiting.
    public func waitForChart(onWait: (String) -> Void) -> FollowChange {
        var told = false
        while true {
            let change = poll()
            switch change {
            case .updated, .problem:
                return change
            case .rewritten(let loaded):
                return .updated(loaded, reloaded: true)
            case .waiting(let reason):
                if !told { onWait(reason) }
                told = true
            case .none, .appended:
                break
            }
            guard lookDue(every: Self.pollInterval) != nil else {
                return .problem("\(name): the input ended before two prices arrived")
            }
            block()
        }
    }
}
