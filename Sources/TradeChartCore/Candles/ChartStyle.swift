/// How the price is drawn: a line through the closes, candles, or OHLC bars.
public enum ChartStyle: String, Sendable, CaseIterable, Codable {
    case line, candles, ohlc

    /// The style after this one, as `c` cycles them.
    public var next: ChartStyle {
        switch self {
        case .line: .candles
        case .candles: .ohlc
        case .ohlc: .line
        }
    }

    /// The style's name as the header and messages say it.
    public var name: String {
        switch self {
        case .line: "line"
        case .candles: "candles"
        case .ohlc: "OHLC bars"
        }
    }
}
