import TradeChartCore

/// What the overview's files read in the background have given so far (`BackgroundLoads`
/// reads them on every core; tests give a script).
public protocol OverviewLoading: AnyObject {
    /// The outcomes that came since the last call, each once: the file's number, what it gave.
    func take() -> [(Int, OverviewEntry.Content)]
    /// Whether every file has been read.
    var isDone: Bool { get }
}

/// Hands the overview each file as it is read, as `.overviewFile` events, looking twenty
/// times a second until every file is in (then it asks for no more ticks: no CPU).
public final class OverviewLoadService: HostService {
    private let loads: OverviewLoading
    public private(set) var nextTick: Double? = 0
    static let interval = 0.05

    public init(loads: OverviewLoading) {
        self.loads = loads
    }

    public func tick(at time: Double) -> [ViewerEvent] {
        let done = loads.isDone
        let events = loads.take().map { ViewerEvent.overviewFile($0.0, $0.1) }
        nextTick = done ? nil : time + Self.interval
        return events
    }
}
