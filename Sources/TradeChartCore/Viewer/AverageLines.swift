import Glibc

/// A moving average as the chart draws it: its values over the whole series and the
/// min-max index of those values as the axis plots them.
public struct AverageLine: Sendable {
    public private(set) var average: MovingAverage
    /// The index of the plotted values (NaN before the first full window).
    private(set) var plotIndex: MinMaxIndex
    /// Whether the index holds the average's own values (a linear axis of unscaled prices)
    /// rather than a plotted copy of them: one column for both, lent to the average while it grows.
    private let indexesOwnValues: Bool

    init(_ average: MovingAverage, plotted: (Double) -> Double, scale: PriceScale, log: Bool) {
        self.average = average
        indexesOwnValues = !log && scale == .identity
        let values = log ? average.values.map(plotted) : scale.scaled(average.values)
        plotIndex = MinMaxIndex(values)
    }

    public var bars: Int { average.bars }

    /// Extends the line to the prices appended since (`prices` holds every price), in place:
    /// where the index holds the average's own values it lets go of them while they grow (else
    /// the first appended row would copy the column, and the two would be kept apart from
    /// then on), and takes them back grown.
    mutating func extend(prices: [Double], plotted: (Double) -> Double, scale: PriceScale, log: Bool) {
        if indexesOwnValues {
            let lent = plotIndex.lendValues()
            average.extend(prices: prices)
            plotIndex.adopt(average.values, lent: lent)
            return
        }
        let first = average.values.count
        average.extend(prices: prices)
        let new = Array(average.values[first...])
        plotIndex.append(contentsOf: log ? new.map(plotted) : scale.scaled(new))
    }
}

/// The moving averages (SPEC section 10): `m` cycles none, 20 bars, 20, 50 and 200
/// bars; `--average` sets any list. Each is computed once over the whole series, so a
/// window's left edge shows the right value. Comparing files, they are the primary's,
/// drawn on its percent scale (and follow it through `Tab`).
extension ViewerState {
    /// The lists `m` cycles through.
    static let averageCycle: [[Int]] = [[], [20], [20, 50, 200]]

    /// The colour of the `k`-th average: the palette's after the compared files' own, so
    /// an average looks like another file as little as four colours allow.
    func averageRole(_ k: Int) -> ColorRole { .palette(others.count + k) }

    /// Shows the averages of `bars` bars (none for an empty list), the axis fitted to hold them.
    mutating func setAverages(_ bars: [Int]) {
        overlays.averageBars = bars
        refreshAverages()
        retarget()
    }

    /// The next list of `m`'s cycle after the one shown (a list from `--average` goes to none).
    var nextAverages: [Int] {
        guard let at = Self.averageCycle.firstIndex(of: averageBars) else { return [] }
        return Self.averageCycle[(at + 1) % Self.averageCycle.count]
    }

    /// Computes the averages for the series and axis shown.
    mutating func refreshAverages() {
        overlays.refreshAverages(series.prices, scale: priceScale)
    }

    /// `MA20 12,034.50  MA50 11,987.10`: each average's value at `point` (a dash before it has one).
    func averageLegend(at point: Int) -> [(text: String, role: ColorRole)] {
        averages.enumerated().map { k, line in
            let value = line.average.values[point]
            let shown = value.isNaN ? "–" : priceFormatter.string(value)
            return ("MA\(line.bars) \(shown)", averageRole(k))
        }
    }

    /// What the description says of each average at the range's newest point:
    /// `Moving average of 20 bars: 11,280.84; the price is 2.08% above it.`
    func averageDescriptionLines() -> [String] {
        let last = slice.last
        let price = series.prices[last]
        return averages.map { line in
            let value = line.average.values[last]
            guard !value.isNaN else { return "Moving average of \(line.bars) bars: none yet (fewer bars than that)." }
            let side = price > value ? "above" : price < value ? "below" : "at"
            let gap = value > 0 && price != value ? " " + PriceFormatter(decimals: 2).string(abs(price / value - 1) * 100) + "%" : ""
            return "Moving average of \(line.bars) bars: \(priceFormatter.string(value)); the price is\(gap) \(side) it."
        }
    }

    /// The range (or window) in words, with the moving averages and indicators shown: what `d`, the
    /// screen-reader mode and `--describe` say.
    public var descriptionLines: [String] {
        (comparing ? comparisonDescription() : RangeDescription(series: shownSeries, slice: slice).lines)
            + averageDescriptionLines() + indicatorDescriptionLines()
    }
}
