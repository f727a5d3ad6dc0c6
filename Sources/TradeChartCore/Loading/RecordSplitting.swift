/// Splitting records into fields: the common row in one pass eight bytes at a time (`fastRow`),
/// any row with quotes, line breaks in quotes and rows cut by the end of a buffer
/// (`row`), and whether a line reads as a row of its own (`startsRow`). What the
/// fields hold is read by `accept` (RowAssembly.swift).
extension CSVStreamParser {
    /// The common row, read faster: complete in the buffer, without quotes, with
    /// every field up to the last one needed. One pass over the line, eight bytes at
    /// a time: the delimiters up to the last field needed, then the line end, each
    /// word checked for a quote on the way. Reads the row as `row` would; returns nil
    /// (having changed nothing) for any other row, which `row` then reads.
    @inline(__always)
    mutating func fastRow(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>,
                          _ times: inout [Int64], _ prices: inout [Double]) -> UnsafePointer<UInt8>? {
        let lay = shape
        // The record must be decided within its window; words are never loaded past it.
        let limit = start + min(end - start, Self.maxRecordBytes)
        var time = (start, start), clock = (start, start), price = (start, start)
        var field = 0
        var fieldStart = start
        var p = start
        let delimiters = FieldScan.ones &* UInt64(lay.delimiter)
        var lineEnd: UnsafePointer<UInt8>?
        fields: while true {
            guard limit - p >= 8 else { return nil }
            let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
            var hits = FieldScan.exactZeroBytes(word ^ delimiters)
            let stops = FieldScan.lineEndOrQuote(word)
            // Only the delimiters before the first line end or quote count.
            if stops != 0 { hits &= (stops & (0 &- stops)) &- 1 }
            while hits != 0 {
                let at = p + hits.trailingZeroBitCount >> 3
                hits &= hits &- 1
                if (lay.neededFields &>> UInt64(truncatingIfNeeded: field)) & 1 != 0 {
                    if field == lay.timeIndex { time = (fieldStart, at) }
                    if field == lay.priceIndex { price = (fieldStart, at) }
                    if field == lay.clockIndex { clock = (fieldStart, at) }
                    if field == lay.lastNeeded { p = at + 1; break fields }
                }
                field += 1
                fieldStart = at + 1
            }
            if stops != 0 {
                // The line end closes the last field; a quote is `row`'s.
                let at = p + stops.trailingZeroBitCount >> 3
                guard at.pointee == 0x0A, field == lay.lastNeeded else { return nil }
                if field == lay.timeIndex { time = (fieldStart, at) }
                if field == lay.priceIndex { price = (fieldStart, at) }
                if field == lay.clockIndex { clock = (fieldStart, at) }
                lineEnd = at
                break fields
            }
            p += 8
        }
        if lineEnd == nil {
            // The rest of the line: its end, with no quote before it.
            while true {
                guard limit - p >= 8 else { return nil }
                let stops = FieldScan.lineEndOrQuote(UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
                if stops != 0 {
                    let at = p + stops.trailingZeroBitCount >> 3
                    guard at.pointee == 0x0A else { return nil }
                    lineEnd = at
                    break
                }
                p += 8
            }
        }
        guard let nl = lineEnd else { return nil }
        line += 1
        report.dataRows += 1
        accept(line: line, record: (start, nl), time: time, clock: clock, price: price, &times, &prices)
        return nl + 1
    }

    /// Reads one record starting at `start`. Returns where the next record starts,
    /// or nil when the record is not complete in this buffer (and `final` is false).
    ///
    /// A record is decided by its first `maxRecordBytes` bytes (and, for a quoted line
    /// break, the line after it) alone, so how the bytes arrive never changes the result.
    mutating func row(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, final: Bool,
                      _ times: inout [Int64], _ prices: inout [Double]) -> UnsafePointer<UInt8>? {
        let lay = shape
        let delimiter = lay.delimiter
        let lastNeeded = lay.lastNeeded
        let confirmed = layoutConfirmed
        // Bytes beyond the window never decide a record.
        let overflow = end - start > Self.maxRecordBytes
        let stop = overflow ? start + Self.maxRecordBytes : end
        // The end of the buffer is the end of the input.
        let atEnd = final && !overflow
        var q = start
        var index = 0
        var newlines = 0
        // Set when a quote is judged unclosed: the line end after it, where the record stops.
        var unclosedAt: UnsafePointer<UInt8>?
        var time = (start, start), clock = (start, start), price = (start, start), probe = (start, start)
        record: while true {
            var fs = q
            var fe = q
            if q < stop && q.pointee == 0x22 {
                q += 1
                fs = q
                let newlinesBefore = newlines
                var openingLineEnd: UnsafePointer<UInt8>?
                quoted: while true {
                    let qt = FieldScan.find(q, 0x22, stop - q)
                    if let nl = FieldScan.find(q, 0x0A, (qt ?? stop) - q) {
                        // The line ends inside the quotes: a real line break unless the next line is a row.
                        let next = nl + 1
                        guard let nextEnd = FieldScan.find(next, 0x0A, stop - next) ?? (atEnd ? stop : nil) else {
                            guard overflow else { return nil }
                            unclosedAt = openingLineEnd ?? nl
                            newlines = newlinesBefore
                            break record
                        }
                        if Self.startsRow(next, nextEnd, lay) {
                            unclosedAt = openingLineEnd ?? nl
                            newlines = newlinesBefore
                            break record
                        }
                        if openingLineEnd == nil { openingLineEnd = nl }
                        newlines += 1
                        q = next
                        continue quoted
                    }
                    guard let qt else {
                        // Neither a closing quote nor a line end before the stop.
                        if atEnd {
                            unclosedAt = openingLineEnd ?? stop
                            newlines = newlinesBefore
                            break record
                        }
                        guard overflow else { return nil }
                        if let openingLineEnd {
                            unclosedAt = openingLineEnd
                            newlines = newlinesBefore
                            break record
                        }
                        return tooLong(stop, end, newlines: newlines)
                    }
                    if qt + 1 < stop && qt[1] == 0x22 { q = qt + 2; continue }
                    if qt + 1 == stop && !atEnd {
                        guard overflow else { return nil }
                        return tooLong(stop, end, newlines: newlines)
                    }
                    fe = qt
                    q = qt + 1
                    break
                }
                while q < stop && q.pointee != delimiter && q.pointee != 0x0A { q += 1 }
            } else {
                q = FieldScan.stop(q, stop, delimiter: delimiter)
                fe = q
            }
            if index == lay.timeIndex { time = (fs, fe) }
            if index == lay.priceIndex { price = (fs, fe) }
            if index == lay.clockIndex { clock = (fs, fe) }
            if !confirmed && index == lay.timeIndex + 1 { probe = (fs, fe) }
            if q == stop {
                if atEnd { break record }
                guard overflow else { return nil }
                return tooLong(stop, end, newlines: newlines)
            }
            if q.pointee == 0x0A { q += 1; break record }
            q += 1
            index += 1
            if index > lastNeeded && confirmed {
                guard let nl = FieldScan.find(q, 0x0A, stop - q) else {
                    if atEnd {
                        if FieldScan.find(q, 0x22, stop - q) != nil { continue record }
                        q = stop
                        break record
                    }
                    guard overflow else { return nil }
                    if FieldScan.find(q, 0x22, stop - q) != nil { continue record }
                    return tooLong(stop, end, newlines: newlines)
                }
                if FieldScan.find(q, 0x22, nl - q) != nil { continue record }
                q = nl + 1
                break record
            }
        }
        if let unclosedAt { q = unclosedAt < end ? unclosedAt + 1 : end }
        let lineNumber = line + 1
        line += 1 + newlines
        let fields = index + 1
        if fields == 1 && unclosedAt == nil && FieldScan.isBlank(time.0, time.1) && FieldScan.isBlank(start, q) { return q }
        if !confirmed {
            confirmLayout(fields: fields, date: time, probe: probe)
            if shape != lay {
                line = lineNumber - 1
                return row(start, end, final: final, &times, &prices)
            }
        }
        report.dataRows += 1
        if unclosedAt != nil {
            badRow(line: lineNumber, .unclosedQuote)
            return q
        }
        if fields <= lay.priceIndex || fields <= lay.timeIndex || fields <= lay.clockIndex {
            if FieldScan.isBlank(time.0, time.1) && FieldScan.isBlank(price.0, price.1) { report.dataRows -= 1; return q }
            badRow(line: lineNumber, .tooFewFields(fields, price: lay.priceIndex >= fields))
            return q
        }
        accept(line: lineNumber, record: (start, q), time: time, clock: clock, price: price, &times, &prices)
        return q
    }

    /// Whether the line `[p, e)` (without its line end) reads as a row of its own: it
    /// has fields up to the last one needed and its time (date and time of day) reads.
    /// Decides whether a line break inside quotes is real (see the type's comment).
    static func startsRow(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ lay: RowShape) -> Bool {
        var q = p
        var index = 0
        var time = (p, p), clock = (p, p)
        while true {
            var fs = q
            var fe = q
            if q < e && q.pointee == 0x22 {
                q += 1
                fs = q
                fe = e
                while let qt = FieldScan.find(q, 0x22, e - q) {
                    if qt + 1 < e && qt[1] == 0x22 { q = qt + 2; continue }
                    fe = qt
                    break
                }
                q = fe
                while q < e && q.pointee != lay.delimiter { q += 1 }
            } else {
                q = FieldScan.stop(q, e, delimiter: lay.delimiter)
                fe = q
            }
            if index == lay.timeIndex { time = (fs, fe) }
            if index == lay.clockIndex { clock = (fs, fe) }
            if index >= lay.lastNeeded { break }
            if q >= e { return false }
            q += 1
            index += 1
        }
        let parsed = lay.clockIndex >= 0 ? dateAndClock(time, clock) : TimestampParser.parse(time.0, time.1)
        if case .success = parsed { return true }
        return false
    }
}
