import TradeChartCore

/// What a look at a followed input found.
public enum FollowChange: Equatable {
    case none
    /// New rows arrived (or the input was reloaded): the whole series as it stands now, at least two points.
    case updated(LoadedSeries, reloaded: Bool)
    /// No chart yet (no header, fewer than two prices, the file is missing for a moment); more may come.
    case waiting(String)
    /// The input cannot give a chart and nothing more will change that.
    case problem(String)

    /// The series the parser has so far, or why there is none yet.
    static func snapshot(of parser: CSVStreamParser, name: String, reloaded: Bool) -> FollowChange {
        do {
            let loaded = try parser.snapshot()
            guard loaded.series.count >= 2 else { return .waiting("\(name): waiting for a second price") }
            return .updated(loaded, reloaded: reloaded)
        } catch {
            return parser.error == nil ? .waiting("\(error)") : .problem("\(error)")
        }
    }
}

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
            case .waiting(let reason):
                if !told { onWait(reason) }
                told = true
            case .none:
                break
            }
            guard nextLook != nil else { return .problem("\(name): the input ended before two prices arrived") }
            block()
        }
    }
}
