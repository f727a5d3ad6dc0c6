/// Why a range cannot be shown, as a value: `text` words it, once, for the status line,
/// `--describe` and the screen reader.
public enum RangeUnavailable: Sendable, Equatable {
    /// The series has fewer than two prices: no range can be drawn.
    case tooFewPrices(ChartRange)
    /// 1D or 5D of a series with dates only.
    case needsIntraday(ChartRange)
    /// Only one price falls in the range: the one at `time` (the data's local seconds).
    case onePrice(ChartRange, since: Int64)

    /// The range that cannot be shown.
    public var range: ChartRange {
        switch self {
        case .tooFewPrices(let range), .needsIntraday(let range), .onePrice(let range, _): range
        }
    }

    /// The words: `1D needs intraday data`.
    public var text: String {
        switch self {
        case .tooFewPrices(let range): "\(range.label) needs at least two prices"
        case .needsIntraday(let range): "\(range.label) needs intraday data"
        case .onePrice(let range, let time): "\(range.label): only one price since \(LocalTime.date(time))"
        }
    }
}
