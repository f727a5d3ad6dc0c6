import TradeChartCore

/// A load's progress reporting on a clock that moves 0.1 s each time it is read, and
/// what the callback was told, when; it answers `.cancel` from the `cancelAfter`th call.
/// The loader calls back one call at a time, so the recorder needs no lock.
public final class ProgressRecorder: @unchecked Sendable {
    public var now = 0.0
    public var calls: [(time: Double, progress: LoadProgress)] = []
    public var cancelAfter = Int.max

    public init() {}

    public func reporting(interval: Double) -> LoadProgressReporting {
        LoadProgressReporting(interval: interval, clock: { [self] in now += 0.1; return now }, report: { [self] p in
            calls.append((now, p))
            return calls.count >= cancelAfter ? .cancel : .proceed
        })
    }
}
