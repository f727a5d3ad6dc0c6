/// The open, high, low and volume of the rows a parser keeps, one entry per kept
/// row beside its time and price, read only when `LoadOptions.bars` asks for them:
/// a file shown as a line never reads them (its load stays at 16 bytes a row).
///
/// They are read from a row once its time and price were accepted, by splitting the
/// row again up to the last of these fields (quotes as in `CSVStreamParser`), so the
/// rows a load keeps are decided exactly as without them. A field that is missing
/// (a short row, like stooq's rows without volume), empty, `null`, `-` or not a number
/// is NaN: a gap in its column, not a bad row.
struct BarRows: Sendable, CompanionColumns {
    var fields: BarLayout
    var delimiter: UInt8
    var open: [Double] = []
    var high: [Double] = []
    var low: [Double] = []
    var volume: [Double] = []

    let wanted: BarFields

    init(_ layout: ColumnLayout, wanted: BarFields) {
        self.wanted = wanted
        fields = BarLayout(layout, wanted: wanted)
        delimiter = layout.delimiter
    }

    /// The layout changed before any row was kept (rows with an unnamed time column).
    mutating func relayout(_ layout: ColumnLayout) {
        fields = BarLayout(layout, wanted: wanted)
        delimiter = layout.delimiter
    }

    mutating func reserve(_ rows: Int) {
        if fields.open >= 0 { open.reserveCapacity(rows) }
        if fields.high >= 0 { high.reserveCapacity(rows) }
        if fields.low >= 0 { low.reserveCapacity(rows) }
        if fields.volume >= 0 { volume.reserveCapacity(rows) }
    }

    /// Lets go of every row kept (given away with the times and prices).
    mutating func removeRows() {
        open = []
        high = []
        low = []
        volume = []
    }

    /// A high and low that cannot be the row's: the close (or the low) lies outside them.
    /// They are not kept (gaps in their columns); the fields are those the message quotes.
    enum Untrusted {
        case highBelowClose(high: CSVStreamParser.Field)
        case lowAboveClose(low: CSVStreamParser.Field)
        case highBelowLow(high: CSVStreamParser.Field, low: CSVStreamParser.Field)
    }

    /// Reads the fields of the record `[start, end)` (a row already kept, its price `close`)
    /// and keeps them; a high below the close or the low, or a low above the close, is not
    /// trusted: the row keeps neither, and the answer says why.
    mutating func read(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, close: Double) -> Untrusted? {
        var o = Double.nan, h = Double.nan, l = Double.nan, v = Double.nan
        var highField: CSVStreamParser.Field = (start, start), lowField: CSVStreamParser.Field = (start, start)
        let last = fields.lastField
        let delimiter = delimiter
        var p = start
        var index = 0
        while index <= last {
            var fieldStart = p, fieldEnd = p
            if p < end && p.pointee == 0x22 {
                // A quoted field runs to the next quote that is not doubled.
                p += 1
                fieldStart = p
                while p < end && !(p.pointee == 0x22 && !(p + 1 < end && p[1] == 0x22)) {
                    p += p.pointee == 0x22 ? 2 : 1
                }
                fieldEnd = min(p, end)
                while p < end && p.pointee != delimiter && p.pointee != 0x0A { p += 1 }
            } else {
                p = FieldScan.stop(p, end, delimiter: delimiter)
                fieldEnd = p
            }
            if index == fields.open { o = Self.price(fieldStart, fieldEnd, delimiter) }
            if index == fields.high {
                h = Self.price(fieldStart, fieldEnd, delimiter)
                highField = (fieldStart, fieldEnd)
            }
            if index == fields.low {
                l = Self.price(fieldStart, fieldEnd, delimiter)
                lowField = (fieldStart, fieldEnd)
            }
            if index == fields.volume { v = VolumeParser.parse(fieldStart, fieldEnd, delimiter: delimiter) }
            // The line end (or the record's end) closes the row: the fields after it are gaps.
            if p >= end || p.pointee == 0x0A { break }
            p += 1
            index += 1
        }
        // NaN compares false: a gap in either column is no reason.
        let untrusted: Untrusted? = h < close ? .highBelowClose(high: highField)
            : l > close ? .lowAboveClose(low: lowField)
            : h < l ? .highBelowLow(high: highField, low: lowField) : nil
        if untrusted != nil { (h, l) = (.nan, .nan) }
        if fields.open >= 0 { open.append(o) }
        if fields.high >= 0 { high.append(h) }
        if fields.low >= 0 { low.append(l) }
        if fields.volume >= 0 { volume.append(v) }
        return untrusted
    }

    /// A price field as a number, NaN for anything that is not one.
    @inline(__always)
    static func price(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ delimiter: UInt8) -> Double {
        if case .value(let v) = DecimalParser.parse(p, e, delimiter: delimiter) { return v }
        return .nan
    }

    /// The columns as loaded, for `count` rows.
    func columns(count: Int) -> BarColumns {
        BarColumns(count: count, open: fields.open >= 0 ? open : nil, high: fields.high >= 0 ? high : nil,
                   low: fields.low >= 0 ? low : nil, volume: fields.volume >= 0 ? volume : nil)
    }

    /// The `count` rows from `first` on, as columns.
    func columns(from first: Int, count: Int) -> BarColumns {
        func tail(_ column: [Double], _ index: Int) -> [Double]? { index >= 0 ? Array(column[first..<first + count]) : nil }
        return BarColumns(count: count, open: tail(open, fields.open), high: tail(high, fields.high), low: tail(low, fields.low),
                          volume: tail(volume, fields.volume))
    }

    /// Appends the rows of the parser of the next part, emptying it (see `CSVStreamParser.absorb`).
    mutating func absorb(_ part: inout BarRows, pages: some PageRelease) {
        CSVStreamParser.move(&part.open, to: &open, pages: pages)
        CSVStreamParser.move(&part.high, to: &high, pages: pages)
        CSVStreamParser.move(&part.low, to: &low, pages: pages)
        CSVStreamParser.move(&part.volume, to: &volume, pages: pages)
    }

    // MARK: - CompanionColumns

    mutating func copyRow(_ from: Int, to: Int) {
        guard from != to else { return }
        if !open.isEmpty { open[to] = open[from] }
        if !high.isEmpty { high[to] = high[from] }
        if !low.isEmpty { low[to] = low[from] }
        if !volume.isEmpty { volume[to] = volume[from] }
    }

    mutating func keepFirst(_ count: Int) {
        if open.count > count { open.removeLast(open.count - count) }
        if high.count > count { high.removeLast(high.count - count) }
        if low.count > count { low.removeLast(low.count - count) }
        if volume.count > count { volume.removeLast(volume.count - count) }
    }

    mutating func reverse() {
        open.reverse()
        high.reverse()
        low.reverse()
        volume.reverse()
    }

    mutating func permute(_ order: [UInt32]) {
        if !open.isEmpty { open = open.permuted(order) }
        if !high.isEmpty { high = high.permuted(order) }
        if !low.isEmpty { low = low.permuted(order) }
        if !volume.isEmpty { volume = volume.permuted(order) }
    }
}

extension CSVStreamParser {
    /// Sets up (or re-aims) the open, high, low and volume columns for a new layout.
    mutating func layOutBars() {
        guard let layout else { return }
        if bars != nil {
            bars!.relayout(layout)
        } else if !BarLayout(layout, wanted: options.bars).isEmpty {
            bars = BarRows(layout, wanted: options.bars)
        }
    }

    /// The header's names of the open, high, low and volume columns.
    var barNames: BarColumnNames {
        guard let layout else { return BarColumnNames() }
        return BarLayout(layout).names(in: layout)
    }
}
