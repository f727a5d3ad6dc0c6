/// What tradechart remembers about one file: the last range, the style (line,
/// candles, OHLC bars) and whether the volume pane was shown, and the theme and
/// charset when they were given on the command line.
public struct RememberedView: Codable, Sendable, Equatable {
    public var range: String?
    public var theme: String?
    public var charset: String?
    /// `line`, `candles` or `ohlc` (a `ChartStyle`); nil for the line.
    public var style: String?
    /// Whether the volume pane was shown; nil for no.
    public var volume: Bool?
    /// Seconds since 1970 of the last change, to keep the file small.
    public var updated: Double

    public init(range: String? = nil, theme: String? = nil, charset: String? = nil, updated: Double = 0) {
        self.range = range
        self.theme = theme
        self.charset = charset
        self.updated = updated
    }
}
