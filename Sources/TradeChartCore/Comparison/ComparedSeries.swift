/// Another file shown beside the primary one (SPEC section 9): its series as loaded,
/// its values on the primary's time axis, and how its line is told apart (a colour of
/// the palette and a symbol that the legend, its end label and its line all carry, so
/// it reads without colour too).
public struct ComparedSeries: Sendable {
    public let series: PriceSeries
    package let sampled: SampledSeries
    /// The min-max index of the sampled values (NaN where the file has none).
    let index: MinMaxIndex
    /// Its place among the other files: its colour and symbol.
    public let slot: Int
    /// Its place on the command line (the first file is 0): how a followed file finds it.
    public let file: Int
    /// Whether every price of the file is whole (shown without decimals), known once
    /// rather than found again on every frame.
    let wholePrices: Bool

    public init(_ series: PriceSeries, on primary: PriceSeries, slot: Int, file: Int) {
        self.series = series
        sampled = SampledSeries(series, at: primary)
        index = MinMaxIndex(sampled.values)
        wholePrices = PriceFormatter.allWhole(series.prices)
        self.slot = slot
        self.file = file
    }

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
