/// A range of a chart in words, for a screen reader or a terminal without the
/// chart: short plain-text lines (no colour, Braille or box drawing) naming the
/// instrument and range, the first and last price with their dates, the change
/// with the word up, down or unchanged, the lowest and highest price, the trend
/// and the largest rise and fall. An unavailable range is described by its reason.
package struct RangeDescription: Sendable, Equatable {
    /// The summary, one short sentence or phrase per line.
    package var lines: [String]
    /// Why the range cannot be shown, or nil when it is described.
    package var unavailableReason: String?

    /// The lines joined by newlines (no trailing newline).
    package var text: String { lines.joined(separator: "\n") }

    /// Describes `range` of `series`, or says why it is unavailable.
    package init(series: PriceSeries, range: ChartRange) {
        switch series.slice(range) {
        case .available(let slice):
            self.init(series: series, slice: slice)
        case .unavailable(let why):
            self.init(lines: ["\(series.name), range \(range.label).", "Not available: \(why.text)."],
                      unavailableReason: why.text)
        }
    }

    /// Describes the points of `slice`.
    package init(series: PriceSeries, slice: RangeSlice) {
        let stats = RangeStatistics(series: series, slice: slice)
        let format = PriceFormatter(forPrices: series.prices[slice.reference...slice.last],
                                    around: max(abs(stats.minimum), abs(stats.maximum)))
        let when = { (index: Int) in ReadableTime.text(series.times[index], withTimeOfDay: series.hasTimeOfDay) }
        let at = { (index: Int) in "\(format.string(series.prices[index])) on \(when(index))" }

        var lines: [String] = []
        if slice.isWindow {
            lines.append("\(series.name), a window of time.")
        } else if slice.range == .max {
            lines.append("\(series.name), all the data.")
        } else if slice.coversAllData {
            lines.append("\(series.name), range \(slice.range.label): all data (less than \(slice.range.label)).")
        } else {
            lines.append("\(series.name), range \(slice.range.label).")
        }
        lines.append("From \(when(slice.first)) to \(when(slice.last)), \(slice.count) prices.")
        lines.append("First price: \(at(slice.first)).")
        lines.append("Last price: \(at(slice.last)).")
        if slice.reference < slice.first {
            lines.append("Previous close: \(at(slice.reference)).")
            lines.append("Change from the previous close: \(RangeDescription.movement(stats.change, format)).")
        } else {
            lines.append("Change: \(RangeDescription.movement(stats.change, format)).")
        }
        lines.append("Lowest: \(at(stats.minIndex)).")
        lines.append("Highest: \(at(stats.maxIndex)).")
        lines.append("Trend: \(stats.trend.rawValue).")
        for (title, move, never) in [("Largest rise", stats.largestRise, "rises"), ("Largest fall", stats.largestFall, "falls")] {
            if let move {
                lines.append("\(title): \(RangeDescription.movement(move, format)),")
                lines.append("from \(at(move.from))")
                lines.append("to \(at(move.to)).")
            } else {
                lines.append("\(title): none, the price never \(never).")
            }
        }
        self.init(lines: lines, unavailableReason: nil)
    }

    init(lines: [String], unavailableReason: String?) {
        self.lines = lines
        self.unavailableReason = unavailableReason
    }

    /// `up 1,234.50 (+8.20%)`, `down 3.10 (-0.50%)` or `unchanged`: the direction in a
    /// word, the size without a sign, the percent with its sign (`n/a` from a price of zero or below).
    static func movement(_ move: PriceMove, _ format: PriceFormatter) -> String {
        let size = format.change(move, signed: false)
        let zero = format.string(0)
        guard size != zero else { return "unchanged" }
        let word = move.change > 0 ? "up" : "down"
        guard let percent = move.percent else { return "\(word) \(size) (percent n/a)" }
        return "\(word) \(size) (\(PriceFormatter.percent(percent)))"
    }
}
