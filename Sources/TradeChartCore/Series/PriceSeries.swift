/// A price history held as two parallel columns of numbers, oldest point first.
///
/// Times are the data's own wall clock (the exchange's local time) as seconds
/// since 1970-01-01 00:00 of that clock: a timestamp written with a UTC offset
/// keeps the time of day it was written with. Times are strictly ascending.
public struct PriceSeries: Sendable, Equatable {
    /// The instrument name shown in the header (title or file name), free of control characters.
    public var name: String
    /// Local wall-clock seconds since 1970-01-01, strictly ascending.
    public var times: [Int64]
    /// The price of each point (the close column unless another was chosen).
    public var prices: [Double]
    /// True when the timestamps carry a time of day (intraday bars), false for daily data.
    public var hasTimeOfDay: Bool

    public init(name: String, times: [Int64], prices: [Double], hasTimeOfDay: Bool) {
        precondition(times.count == prices.count, "times and prices must have the same length")
        self.name = name
        self.times = times
        self.prices = prices
        self.hasTimeOfDay = hasTimeOfDay
    }

    /// The number of points.
    @inlinable public var count: Int { prices.count }
    @inlinable public var isEmpty: Bool { prices.isEmpty }
}
