/// What tradechart remembers about one file: the last range (or free window), the
/// axis and the moving averages, the style (line, candles, OHLC bars) and whether the
/// volume pane was shown, and the theme and charset when they were given on the
/// command line. Every field but `updated` may be missing (older files, or not set).
public struct RememberedView: Codable, Sendable, Equatable {
    public var range: String?
    public var theme: String?
    public var charset: String?
    /// The free window: the times of its first and last point.
    public var window: [Int64]?
    /// A log price axis, percent labels: present only when on.
    public var log: Bool?
    public var percent: Bool?
    /// The bars of the moving averages shown.
    public var averages: [Int]?
    /// `line`, `candles` or `ohlc` (a `ChartStyle`); nil for the line.
    public var style: String?
    /// Whether the volume pane was shown; nil for no.
    public var volume: Bool?
    /// Seconds since 1970 of the last change, to keep the file small.
    public var updated: Double

    public init(range: String? = nil, theme: String? = nil, charset: String? = nil, window: [Int64]? = nil,
                log: Bool? = nil, percent: Bool? = nil, averages: [Int]? = nil, style: String? = nil, volume: Bool? = nil,
                updated: Double = 0) {
        self.range = range
        self.theme = theme
        self.charset = charset
        self.window = window
        self.log = log
        self.percent = percent
        self.averages = averages
        self.style = style
        self.volume = volume
        self.updated = updated
    }
}
