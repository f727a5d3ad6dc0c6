/// What the first frame needs of a file read newest rows first (SPEC §1): the range it
/// opens on (asked for, or the one the viewer chooses) and the window asked for, each
/// with the point before it (the reference price). `isMet(by:)` tells whether the newest
/// rows read so far already hold all of that, so the frame drawn from them is the frame
/// of the whole file's rows.
public struct FirstFrameNeed: Sendable, Equatable {
    /// The range asked for (the command line, the remembered state); nil: the opening range.
    public var range: ChartRange?
    /// The first moment of a window asked for (`--from`), in the series' time.
    public var windowStart: Int64?

    public init(range: ChartRange? = nil, windowStart: Int64? = nil) {
        self.range = range
        self.windowStart = windowStart
    }

    /// Whether every row is needed: then reading the newest first gains nothing.
    public var needsEveryRow: Bool { range == .max }

    /// About the earliest moment the first frame needs, for a series whose newest point is
    /// at `newest`: a week before the start of 1Y or of the range or window asked for (the
    /// 5D walk and the point before a range reach back over weekends). A guess that sizes
    /// the next block read; `isMet` decides.
    public func reach(newest: Int64) -> Int64 {
        let day = LocalTime.dayNumber(newest)
        let months = max(12, range?.months ?? 12)
        var earliest = CivilDate(dayNumber: day).addingMonths(-months).dayNumber * LocalTime.secondsPerDay
        if let windowStart { earliest = min(earliest, windowStart) }
        return earliest - 7 * LocalTime.secondsPerDay
    }

    /// Whether `newest`, the newest rows of a series in time order, shows what the whole
    /// series would: the ranges that may be shown start after its first point (so their
    /// points and reference are the same in the whole series), and so does the window.
    /// The opening range is the longest up to 1Y that holds two points: when 1Y and 5D
    /// (the ranges whose walk may reach furthest back) start inside `newest`, every
    /// candidate is decided as in the whole series. A range asked for that cannot be
    /// shown gives way to the opening range, so that one is always needed too.
    public func isMet(by newest: PriceSeries) -> Bool {
        guard newest.count >= 2, !needsEveryRow else { return false }
        func startsInside(_ range: ChartRange) -> Bool { range != .max && newest.start(of: range).first > 0 }
        guard startsInside(.oneYear), startsInside(.fiveDays) else { return false }
        guard let opening = newest.defaultRange(), startsInside(opening) else { return false }
        if let range, !startsInside(range) { return false }
        if let windowStart, newest.times[0] >= windowStart { return false }
        return true
    }
}
