/// An indicator of the closes alone (EMA, Bollinger bands, RSI, MACD), fed one close at a
/// time in O(1): `extend(closes:)` takes the closes a followed file appended since.
public protocol CloseIndicator: Sendable {
    /// How many closes it has taken (one value per close in each of its outputs).
    var count: Int { get }
    /// Takes the next close.
    mutating func append(close: Double)
    /// Makes room for `count` values in each output, so a whole series is written without copies.
    mutating func reserveCapacity(_ count: Int)
}

extension CloseIndicator {
    /// Takes the closes appended since (`closes` holds every close).
    public mutating func extend(closes: [Double]) {
        guard closes.count > count else { return }
        // Room for a whole series at once and a sixteenth more (room never written takes no
        // memory), so a follow's first rows fit; later ones grow the outputs geometrically
        // (reserving the exact count each time would copy every column for every row).
        if count == 0 { reserveCapacity(closes.count + closes.count / 16) }
        for i in count..<closes.count { append(close: closes[i]) }
    }
}

/// An indicator of the high, low and close (stochastic, ATR), fed one bar at a time in
/// O(1): `extend(high:low:close:)` takes the bars a followed file appended since.
public protocol CandleIndicator: Sendable {
    /// How many bars it has taken.
    var count: Int { get }
    /// Takes the next bar.
    mutating func append(_ bar: HighLowClose)
    /// Makes room for `count` values in each output, so a whole series is written without copies.
    mutating func reserveCapacity(_ count: Int)
}

extension CandleIndicator {
    /// Takes the bars appended since (the columns hold every bar).
    public mutating func extend(high: [Double], low: [Double], close: [Double]) {
        guard close.count > count else { return }
        if count == 0 { reserveCapacity(close.count + close.count / 16) }
        for i in count..<close.count { append(.at(i, high: high, low: low, close: close)) }
    }
}
