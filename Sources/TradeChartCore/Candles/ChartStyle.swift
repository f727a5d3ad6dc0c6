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
}
