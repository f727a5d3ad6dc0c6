/// Why a window of time (`--from`, `--to`) cannot be shown, as a value: `text` words it
/// for the status line, from what the file holds around it.
public enum WindowUnavailable: Sendable, Equatable {
    /// One price falls in the window, at `time` (the data's local seconds): a chart needs two.
    case onePrice(at: Int64)
    /// The window starts after the newest price, at `last`.
    case afterTheData(last: Int64)
    /// The window ends before the oldest price, at `first`.
    case beforeTheData(first: Int64)
    /// The window falls between two prices of the file: none in `from...to`.
    case noPrices(from: Int64, to: Int64)

    /// Why `window` of `series` holds fewer than two prices.
    package init(_ window: ClosedRange<Int64>, of series: PriceSeries) {
        let first = series.lowerBound(of: window.lowerBound)
        let end = series.lowerBound(of: window.upperBound &+ 1)
        if end > first {
            self = .onePrice(at: series.times[first])
        } else if first == series.count {
            self = .afterTheData(last: series.times[series.count - 1])
        } else if first == 0 {
            self = .beforeTheData(first: series.times[0])
        } else {
            self = .noPrices(from: window.lowerBound, to: window.upperBound)
        }
    }

    /// The words: `one price on 13 May 2019: a chart needs two`.
    public var text: String {
        switch self {
        case .onePrice(let time): "One price on \(DateText.dayMonthYear(time)): a chart needs two"
        case .afterTheData(let last): "No prices after \(DateText.dayMonthYear(last)), the last day in the file"
        case .beforeTheData(let first): "No prices before \(DateText.dayMonthYear(first)), the first day in the file"
        case .noPrices(let from, let to):
            LocalTime.date(from) == LocalTime.date(to) ? "No prices on \(DateText.dayMonthYear(from))"
                : "No prices between \(DateText.dayMonthYear(from)) and \(DateText.dayMonthYear(to))"
        }
    }
}
