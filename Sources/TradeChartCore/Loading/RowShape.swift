/// The field layout reduced to integers, for the per-row loop (no arrays to retain).
struct RowShape: Sendable, Equatable {
    var delimiter: UInt8 = 0x2C
    var timeIndex = 0
    var clockIndex = -1
    var priceIndex = 0
    var lastNeeded = 0
    /// Bit k set: field k is the time, the time of day or the price (every bit when one
    /// of them lies beyond field 63), so that a row's other fields cost one test each.
    var neededFields: UInt64 = 1

    init() {}

    init(_ layout: ColumnLayout) {
        delimiter = layout.delimiter
        timeIndex = layout.timeIndex
        clockIndex = layout.clockIndex
        priceIndex = layout.priceIndex
        lastNeeded = layout.lastNeeded
        if lastNeeded < 64 {
            neededFields = 0
            for index in [timeIndex, clockIndex, priceIndex] where index >= 0 { neededFields |= 1 &<< UInt64(index) }
        } else {
            neededFields = ~0
        }
    }
}
