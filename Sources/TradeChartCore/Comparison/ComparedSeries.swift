import Glibc

/// Another file shown beside the primary one (SPEC section 9): its series as loaded,
/// its values on the primary's time axis, and how its line is told apart (a colour of
/// the palette and a symbol that the legend, its end label and its line all carry, so
/// it reads without colour too).
public struct ComparedSeries: Sendable {
    public private(set) var series: PriceSeries
    package private(set) var sampled: SampledSeries
    /// Whether its values are plotted as logarithms (the log axis: `L`).
    let log: Bool
    /// The min-max index of the sampled values as plotted (NaN where the file has none).
    private(set) var index: MinMaxIndex
    /// Its place among the other files: its colour and symbol.
    public let slot: Int
    /// Its place on the command line (the first file is 0): how a followed file finds it.
    public let file: Int
    /// Whether every price of the file is whole (shown without decimals), and the decimals
    /// its newest prices are quoted with: known once rather than found again on every frame.
    private(set) var wholePrices: Bool
    private(set) var quotedDecimals: Int

    public init(_ series: PriceSeries, on primary: PriceSeries, slot: Int, file: Int, log: Bool = false) {
        self.init(series, on: SampledSeries(series, at: primary), slot: slot, file: file, log: log)
    }

    /// The same file on the same calendar, plotted on a log axis or not.
    func plotted(log: Bool) -> ComparedSeries {
        log == self.log ? self : ComparedSeries(series, on: sampled, slot: slot, file: file, log: log)
    }

    private init(_ series: PriceSeries, on sampled: SampledSeries, slot: Int, file: Int, log: Bool) {
        self.series = series
        self.sampled = sampled
        self.log = log
        index = MinMaxIndex(log ? sampled.values.map { Glibc.log($0) } : sampled.values)
        wholePrices = PriceFormatter.allWhole(series.prices)
        quotedDecimals = PriceFormatter.quotedDecimals(series.prices)
        self.slot = slot
        self.file = file
    }

    /// Rows appended to the file (a followed one): its series grows in place and only the
    /// primary points from the first one they can change are sampled and indexed again,
    /// O(log N + those points) rather than the whole file and calendar. Rows out of order
    /// sort the file again: then it is sampled afresh.
    mutating func append(_ rows: NewRows, on primary: PriceSeries) {
        switch series.append(times: rows.times, prices: rows.prices, offsets: rows.offsets) {
        case .extended(let from):
            resample(from: SampledSeries.firstChanged(byOtherFrom: from, series, at: primary), on: primary)
            wholePrices = wholePrices && PriceFormatter.allWhole(rows.prices)
            quotedDecimals = max(quotedDecimals, PriceFormatter.quotedDecimals(rows.prices))
        case .reordered:
            self = ComparedSeries(series, on: primary, slot: slot, file: file, log: log)
        }
    }

    /// The primary series grew (its points before `first` unchanged): the file sampled at its new points.
    mutating func primaryGrew(to primary: PriceSeries, from first: Int) {
        resample(from: first, on: primary)
    }

    /// The sampled values and their index from primary point `first` on, in place: the
    /// index lets go of the values it shares (or of its logarithms) while they change.
    private mutating func resample(from first: Int, on primary: PriceSeries) {
        let first = min(first, sampled.values.count)
        var logs = log ? index.values : []
        _ = index.lendValues()
        sampled.resample(from: first, series, at: primary)
        if log {
            logs.removeSubrange(first...)
            logs.append(contentsOf: sampled.values[first...].map { Glibc.log($0) })
            index.adopt(logs, lent: first)
        } else {
            index.adopt(sampled.values, lent: first)
        }
    }

    /// The format of the file's prices around `value`: whole, or in the decimals it quotes.
    func formatter(around value: Double) -> PriceFormatter {
        PriceFormatter(wholePrices: wholePrices, around: abs(value), quoted: quotedDecimals)
    }

    /// A value of the file as the axis plots it.
    package func plotted(_ value: Double) -> Double { log ? Glibc.log(value) : value }

    /// The file's name as the legend shows it.
    public var name: String { series.name }

    /// Its colour.
    public var role: ColorRole { .palette(slot) }

    /// The symbols of the other files, in order (the primary's line is plain).
    package static let symbols: [Unicode.Scalar] = ["◆", "■", "▲", "★"]
    package static let asciiSymbols: [Unicode.Scalar] = ["*", "#", "+", "@"]

    /// Its symbol in `charset`.
    package func symbol(_ charset: Charset) -> Unicode.Scalar {
        let list = charset == .ascii ? Self.asciiSymbols : Self.symbols
        return list[slot % list.count]
    }

    /// The primary indices of `first...last` where the file has a value, nil when none.
    package func covered(_ first: Int, _ last: Int) -> ClosedRange<Int>? {
        guard let run = sampled.covered, run.lowerBound <= last, run.upperBound >= first else { return nil }
        return max(first, run.lowerBound)...min(last, run.upperBound)
    }

    /// The value changes are measured from for the primary points `first...last` whose
    /// reference is `reference`: the file's value there, else (it started later) its
    /// first value in the range; nil when it has none in the range.
    package func referenceValue(first: Int, last: Int, reference: Int) -> Double? {
        let atReference = sampled.values[reference]
        if !atReference.isNaN { return atReference }
        return covered(first, last).map { sampled.values[$0.lowerBound] }
    }
}
