/// The field layout reduced to integers, for the per-row loop (no arrays to retain).
struct RowShape: Sendable, Equatable {
    var delimiter: UInt8 = 0x2C
    var timeIndex = 0
    var clockIndex = -1
    var priceIndex = 0
    var lastNeeded = 0

    init() {}

    init(_ layout: ColumnLayout) {
        delimiter = layout.delimiter
        timeIndex = layout.timeIndex
        clockIndex = layout.clockIndex
        priceIndex = layout.priceIndex
        lastNeeded = layout.lastNeeded
    }
}
