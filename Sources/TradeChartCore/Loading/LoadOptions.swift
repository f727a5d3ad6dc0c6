/// What the command line says about how to read a price file.
public struct LoadOptions: Sendable, Equatable {
    /// `--column NAME`: the price column to read instead of Close/Price/... (case-insensitive).
    public var column: String?
    /// `--title`: the instrument name; the file name when nil.
    public var name: String?

    /// How many threads read a large file: nil for the environment's
    /// `TRADECHART_LOAD_THREADS`, else one per core; 1 reads it in one pass.
    public var threads: Int?

    /// Which of the open, high, low and volume are read too: the first three for candles,
    /// the volume for the volume pane. A line chart does without them, so a file shown
    /// as a line never reads them.
    public var bars: BarFields

    public init(column: String? = nil, name: String? = nil, threads: Int? = nil, bars: BarFields = []) {
        self.column = column
        self.name = name
        self.threads = threads
        self.bars = bars
    }
}

/// Which columns besides the time and the price a load reads.
public struct BarFields: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The open, high and low: what candles and OHLC bars need.
    public static let prices = BarFields(rawValue: 1)
    /// The volume: what the volume pane needs.
    public static let volume = BarFields(rawValue: 2)
    public static let all: BarFields = [.prices, .volume]
}
