/// One candle: a bar of the file, or consecutive bars merged exactly (the open of
/// the first, the highest high, the lowest low, the close of the last, the volumes
/// summed).
public struct Candle: Sendable, Equatable {
    /// The series indices it stands for.
    public var first: Int
    public var last: Int
    public var open: Double
    public var high: Double
    public var low: Double
    public var close: Double
    /// The summed volume, nil when the file has no volume column.
    public var volume: Double?

    public init(first: Int, last: Int, open: Double, high: Double, low: Double, close: Double, volume: Double?) {
        self.first = first
        self.last = last
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
    }

    /// A rising candle closes at or above its open (drawn hollow); a falling one below (filled).
    public var rising: Bool { close >= open }

    /// The number of bars merged into it.
    public var bars: Int { last - first + 1 }
}
