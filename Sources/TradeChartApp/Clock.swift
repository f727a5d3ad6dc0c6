import TradeChartSystem

/// The loop's only source of time: seconds on a clock that never goes back.
public protocol Clock: AnyObject {
    func now() -> Double
}

/// The monotonic clock of the system.
public final class SystemClock: Clock {
    private let clock = MonotonicClock()
    public init() {}
    public func now() -> Double { clock.now() }
}
