import TradeChartCore

/// A part of the host that works beside the viewer: it carries out the viewer's
/// commands and may have work of its own now and then (looking at a followed file,
/// writing the state file). What it finds goes back to the viewer as events.
public protocol HostService: AnyObject {
    /// Carries out `command` if it is this service's; returns events for the viewer.
    func perform(_ command: ViewerCommand, at time: Double) -> [ViewerEvent]
    /// The clock time of the next `tick`, nil when nothing is pending.
    var nextTick: Double? { get }
    /// Does the work that is due at `time`; returns events for the viewer.
    func tick(at time: Double) -> [ViewerEvent]
    /// A descriptor the loop's wait watches for this service (`poll`): readable when work
    /// may be due sooner than `nextTick` (a followed file changed); nil: none.
    var wakeDescriptor: Int32? { get }
    /// The loop's wait returned (a descriptor may be readable): takes what woke it, without
    /// blocking, and moves `nextTick` if work is due.
    func woke(at time: Double)
    /// The viewer is closing: finish what is pending.
    func finish()
}

extension HostService {
    public func perform(_ command: ViewerCommand, at time: Double) -> [ViewerEvent] { [] }
    public var nextTick: Double? { nil }
    public func tick(at time: Double) -> [ViewerEvent] { [] }
    public var wakeDescriptor: Int32? { nil }
    public func woke(at time: Double) {}
    public func finish() {}
}
