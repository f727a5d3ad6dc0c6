import FoundationEssentials
import ArgumentParser
import TradeChartApp
import TradeChartCore

/// An option whose values are the words of an enum's raw values. The parser's own
/// defaults describe each value with `String(describing:)`, whose reflection (protocol
/// conformance look-ups over the whole binary) cost every start, `--version` too, about
/// a tenth of its instructions (issue 24): the words are the raw values themselves.
protocol WordChoice: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension WordChoice {
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// `--color auto|always|never`.
extension ColorChoice: WordChoice {}

/// `--charset auto|braille|block|ascii`.
extension CharsetChoice: WordChoice {}

/// `--theme auto|dark|light`.
extension ThemeChoice: WordChoice {}

/// `--graphics auto|sixel|kitty|braille`.
extension GraphicsMode: WordChoice {}

/// `--style line|candles|ohlc`.
extension ChartStyle: WordChoice {}

/// `--period auto|1m|...|1y` (see `CandlePeriod(argument:)`).
extension PeriodRequest: ExpressibleByArgument {}

/// `--range 1D|5D|1M|6M|1Y|5Y` (any case, or the key digit).
extension ChartRange: ExpressibleByArgument {
    public init?(argument: String) { self.init(label: argument) }
    public var defaultValueDescription: String { label }
    public static var allValueStrings: [String] { allCases.map(\.label) }
    /// The labels say it all: listed on one line, not one per line as described values.
    public static var allValueDescriptions: [String: String] { [:] }
}

/// `--order name|change|date|folder`.
extension OverviewOrder: ExpressibleByArgument {
    public var defaultValueDescription: String { argument }
    public static var allValueStrings: [String] { allCases.map(\.argument) }
    public static var allValueDescriptions: [String: String] { [:] }
}

/// `--size COLSxROWS`.
extension FrameSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

/// `--from DATE`, `--to DATE`: see `DateArgument` for what is read.
extension DateArgument: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

/// `--average 20,50,200`: the bars of each moving average (1 to 100,000, at most eight).
struct AverageList: ExpressibleByArgument {
    var bars: [Int]

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { part in
            Int(String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()))
        }
        guard !parts.isEmpty, parts.count <= 8, parts.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 100_000 }) else { return nil }
        bars = parts.compactMap { $0 }
    }
}
