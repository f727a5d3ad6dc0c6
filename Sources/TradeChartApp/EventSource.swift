import TradeChartCore

/// Where the loop's events come from: the terminal's keys, mouse, resizes and
/// signals, or a script in tests.
public protocol EventSource: AnyObject {
    /// Waits up to `timeoutMilliseconds` (negative: until something happens) for the
    /// next event; nil when the time passed without one, or when one of `wakers` (the
    /// services' descriptors: a followed file changed) became readable first.
    func nextEvent(timeoutMilliseconds: Int, wakingFor wakers: [Int32]) -> ViewerEvent?
}
