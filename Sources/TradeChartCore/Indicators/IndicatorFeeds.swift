/// An indicator of the closes alone (EMA, Bollinger bands, RSI, MACD), fed in O(1) a close:
/// `extend(closes:)` takes the closes a followed file appended since, or a whole series,
/// writing each output through an unsafe pointer (`DoubleColumn`); `append(close:)` one.
public protocol CloseIndicator: Sendable {
    /// How many closes it has taken (one value per close in each of its outputs).
    var count: Int { get }
    /// Takes the next close.
    mutating func append(close: Double)
    /// Takes the closes appended since (`closes` holds every close).
    mutating func extend(closes: [Double])
}

/// An indicator of the high, low and close (stochastic, ATR), fed in O(1) a bar:
/// `extend(high:low:close:)` takes the bars a followed file appended since, or a whole
/// series; `append(_:)` one.
public protocol CandleIndicator: Sendable {
    /// How many bars it has taken.
    var count: Int { get }
    /// Takes the next bar.
    mutating func append(_ bar: HighLowClose)
    /// Takes the bars appended since (the columns hold every bar).
    mutating func extend(high: [Double], low: [Double], close: [Double])
}
