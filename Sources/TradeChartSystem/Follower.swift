import TradeChartCore

/// An input that grows while the viewer shows it: a file (`tail -f`) or standard input.
public protocol Follower: AnyObject {
    /// The name for messages.
    var name: String { get }
    /// Reads what arrived since the last look, without blocking.
    func poll() -> FollowChange
    /// Seconds until the next look is worthwhile; nil when nothing more can come.
    var nextLook: Double? { get }
    /// Waits until there may be more to read.
    func block()
}

extension Follower {
    /// How often to look, in seconds.
    public static var pollInterval: Double { 0.25 }

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
            guard nextLook != nil else { return .problem("\(name): the input ended before two prices arrived") }
            block()
        }
    }
}
