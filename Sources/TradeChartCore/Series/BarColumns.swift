/// The open, high, low and volume of each point beside a series' closes (SPEC
/// section 8), one value per point, NaN where a row left the value out (a gap, not
/// a bad row). `volume` is nil when the file has no volume column.
public struct BarColumns: Sendable, Equatable {
    public var open: [Double]
    public var high: [Double]
    public var low: [Double]
    public var volume: [Double]?

    public init(open: [Double], high: [Double], low: [Double], volume: [Double]?) {
        precondition(open.count == high.count && high.count == low.count && (volume?.count ?? open.count) == open.count,
                     "the columns must have one value per point")
        self.open = open
        self.high = high
        self.low = low
        self.volume = volume
    }

    /// The number of points.
    public var count: Int { open.count }
}
