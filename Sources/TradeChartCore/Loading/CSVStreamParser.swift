import Glibc

/// An incremental price-file parser: feed it bytes in chunks of any size, then
/// call `finish()`. A record cut by the end of a chunk waits, copied, until the
/// next chunk completes it, so `--follow` can feed only the bytes appended to a
/// growing file and take the rows completed since its last look (`takeNewRows()`)
/// or all of them (`snapshot()`) whenever it wants to redraw.
///
/// One pass over the bytes: the header is read once (as text); every other row
/// is split by hand up to the last field needed (time and price) and the rest of
/// the line is skipped with `memchr`. Only the time and the chosen price column
/// are kept (16 bytes a row); Open, High, Low and Volume are not, to keep memory
/// within budget. Rows may come in any order; `finish()` sorts them (not at all
/// when they came in strictly ascending time, in place when newest-first) and
/// keeps the last row of each timestamp in file order. Rows without quotes take
/// a faster path (`fastRow`) that reads them exactly as `row` would.
///
/// Quotes (RFC 4180): a field that starts with `"` runs to the next `"` that is not
/// doubled. When a line ends inside such a field, the line break is part of the
/// field (a real one) unless the next line reads as a row of its own: it has
/// fields up to the time, date-and-time and price columns and its time reads as a
/// date (`startsRow`). If it does, or if the input ends before the quote closes,
/// or the record is still open after `maxRecordBytes`, the quote is unclosed:
/// the row it opened on ends at that line's end and is one bad row ("a quote is
/// left open", with its line number), and reading goes on with the next line.
/// So a note with line breaks loads, and a stray `"` costs one row, decided by
/// the bytes alone (a follower decides as soon as the next line is complete).
///
/// Prices: `null`, empty, `NaN`, `-`, `n/a` are missing (counted, skipped);
/// infinite or out-of-range values (`inf`, `1e400`) are bad rows; zero and
/// negative prices are kept, because spreads, rates and some futures (WTI oil in
/// April 2020) really go there.
public struct CSVStreamParser: Sendable {
    /// A record not decided within this many bytes from its start is a bad row: a
    /// line this long is skipped to its end; a quote still open ends its row at
    /// the end of the line it opened on.
    public static let maxRecordBytes = 1 << 20

    /// The file name used in messages.
    public let file: String
    let options: LoadOptions
    /// The expected total size, used once to reserve room for the rows.
    let expectedBytes: Int?

    public internal(set) var layout: ColumnLayout? {
        didSet {
            shape = layout.map(RowShape.init) ?? RowShape()
            if !options.bars.isEmpty { layOutBars() }
        }
    }
    /// The layout's indices as plain integers, for the per-row loop.
    var shape = RowShape()
    var layoutConfirmed = false
    var fatal: LoadError?
    /// The number of lines completely read so far.
    var line = 0
    var bytesConsumed = 0
    var pending: [UInt8] = []
    var skippingLongRecord = false
    var reserved = false
    /// The separator named by an Excel `sep=;` first line.
    var forcedDelimiter: UInt8?

    var times: [Int64] = []
    var prices: [Double] = []
    /// The open, high, low and volume of the kept rows, when `options.bars` asks for them
    /// and the header has any (see `BarRows`).
    var bars: BarRows?
    var family: TimeFamily?
    var report = LoadReport()
    // Slashed dates: rows that fit only one day/month order, and the first line of each kind.
    var monthFirstOnly = 0, dayFirstOnly = 0
    var firstMonthFirstOnlyLine = 0, firstDayFirstOnlyLine = 0
    var unixMagnitude: Int64 = 0
    var unixUnits = UnixUnits()
    var dayCache = TimestampParser.DayCache()
    /// Where the rows start: the byte after the header line (0 until it is read).
    var headerEnd = 0
    /// Whether some row's raw time is not above the one before (then `finish` sorts).
    var unordered = false
    /// How many rows `takeNewRows` has handed out, and the column decisions it used.
    var handedOut = 0
    var handedOutReading: ColumnReading?
    var handedOutReport: LoadReport?
    /// Rows left out as they were handed out (`takeNewRows`), or by the last snapshot's
    /// decisions over the whole column, beyond what `report` counts.
    var handOutDrops = LoadReport()
    /// The UTC offset of each row kept, as runs in file order (`ParsedTime.noOffset` for
    /// rows without one), and the last row's offset (`Int64.max` before the first row).
    var offsetRuns = UTCOffsetRuns()
    var lastOffset = Int64.max
    /// Set when the offsets changed too often to keep as runs (see `noteOffset`).
    var offsetsDropped = false

    /// - Parameters:
    ///   - file: the name used in messages (the path as given, or `standard input`).
    ///   - expectedBytes: the file size when known, to reserve memory once.
    public init(file: String, options: LoadOptions = .init(), expectedBytes: Int? = nil) {
        self.file = TextSanitizer.clean(file)
        self.options = options
        self.expectedBytes = expectedBytes
    }

    /// The first error that makes the file unusable (found in the header), if any.
    /// `finish()` throws it; feeding more bytes after it does nothing.
    public var error: LoadError? { fatal }

    /// The number of lines read completely so far: a follower redraws only when it grows.
    public var linesRead: Int { line }

    /// The rows with a time and a price read so far (for a progress display).
    public var rowsRead: Int { times.count }

    /// Parses the complete records in `chunk`; an incomplete last record is kept for the next call.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer) {
        guard chunk.count > 0, fatal == nil else { return }
        if pending.isEmpty {
            let used = consume(chunk, final: false)
            if used < chunk.count { pending.append(contentsOf: chunk[used...]) }
        } else {
            pending.append(contentsOf: chunk)
            let buffered = pending
            let used = buffered.withUnsafeBytes { consume($0, final: false) }
            pending.removeFirst(used)
        }
    }

    /// Parses the complete records in `bytes`.
    public mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// Reads what is left (a last line without a line end) and returns the sorted series.
    public mutating func finish() throws(LoadError) -> LoadedSeries {
        flushPending()
        var t = times, p = prices, b = bars
        times = []
        prices = []
        bars = nil
        return try assemble(&t, &p, &b)
    }

    /// The series of the rows completed so far, leaving the parser ready for more bytes.
    public func snapshot() throws(LoadError) -> LoadedSeries {
        var copy = self
        var t = copy.times, p = copy.prices, b = copy.bars
        copy.times = []
        copy.prices = []
        copy.bars = nil
        return try copy.assemble(&t, &p, &b)
    }

    mutating func flushPending() {
        guard !pending.isEmpty, fatal == nil else { return }
        let buffered = pending
        pending = []
        _ = buffered.withUnsafeBytes { consume($0, final: true) }
    }

    // MARK: - Records

    /// Parses the complete records at the start of `buffer` and returns how many
    /// bytes they took; with `final`, the end of the buffer ends the last record.
    /// A caller with its own buffer may call this directly and keep the unconsumed rest.
    public mutating func consume(_ buffer: UnsafeRawBufferPointer, final: Bool) -> Int {
        guard let raw = buffer.baseAddress, buffer.count > 0, fatal == nil else { return buffer.count }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let end = base + buffer.count
        var p = base
        if skippingLongRecord {
            guard let nl = Self.find(p, 0x0A, end - p) else { bytesConsumed += buffer.count; return buffer.count }
            p = nl + 1
            line += 1
            skippingLongRecord = false
        }
        if layout == nil {
            p = readHeader(p, end, final: final)
            if fatal != nil { bytesConsumed += buffer.count; return buffer.count }
            if layout == nil { bytesConsumed += p - base; return p - base }
            headerEnd = bytesConsumed + (p - base)
        }
        reserveOnce(p, end)
        var t = times, pr = prices
        times = []
        prices = []
        while p < end {
            if layoutConfirmed, let next = fastRow(p, end, &t, &pr) { p = next; continue }
            guard let next = row(p, end, final: final, &t, &pr) else { break }
            p = next
        }
        times = t
        prices = pr
        bytesConsumed += p - base
        return p - base
    }

    /// Reserves the rows of the whole file once, from its size and the mean line length so far.
    mutating func reserveOnce(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) {
        guard !reserved, let expectedBytes, end - p > 0 else { return }
        reserved = true
        let sample = min(end - p, 1 << 16)
        var lines = 0
        var q = p
        let stop = p + sample
        while q < stop, let nl = Self.find(q, 0x0A, stop - q) {
            lines += 1
            q = nl + 1
        }
        guard lines > 0 else { return }
        let meanLine = max(4, (q - p) / lines)
        let estimate = (expectedBytes - bytesConsumed) / meanLine
        let rows = min(estimate + estimate / 50 + 16, expectedBytes / 4 + 16)
        times.reserveCapacity(rows)
        prices.reserveCapacity(rows)
        bars?.reserve(rows)
    }

    /// Reads the header (after blank lines, a BOM and an Excel `sep=` line) and sets
    /// `layout` (or `fatal`). Returns where it stopped: after the header, or at the
    /// start of a line not complete yet (then `layout` is still nil).
    mutating func readHeader(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, final: Bool) -> UnsafePointer<UInt8> {
        var p = start
        while true {
            if line == 0 && bytesConsumed == 0 && p == start {
                // A byte order mark is told apart on its first four bytes (UTF-32 starts like UTF-16).
                if end - p < 4 && !final { return p }
                if let encoding = Self.wideEncoding(byteOrderMark: UnsafeRawBufferPointer(start: p, count: min(4, end - p))) {
                    fatal = .notText(file: file, line: 1, reason: "\(encoding) (save it as UTF-8)")
                    return end
                }
                if end - p >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { p += 3 }
            }
            let nlRaw = Self.find(p, 0x0A, end - p)
            let lineEnd = nlRaw ?? end
            // Checked whether or not its line end is here yet, so that how the bytes
            // arrive does not matter (and the message does not list a megabyte of names).
            if lineEnd - p > Self.maxRecordBytes {
                fatal = .noHeader(file: file, line: line + 1, reason: "the first line is longer than 1 MiB")
                return end
            }
            guard nlRaw != nil || final else { return p }
            let text = UnsafeBufferPointer(start: p, count: lineEnd - p)
            let next = nlRaw == nil ? end : lineEnd + 1
            line += 1
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) {
                p = next
                if p >= end {
                    if final { fatal = .empty(file: file) }
                    return end
                }
                continue
            }
            if text.contains(0) {
                let encoding = Self.wideEncoding(ofText: UnsafeRawBufferPointer(text))
                fatal = .notText(file: file, line: line,
                                 reason: encoding.map { "it contains NUL bytes: \($0), without a byte order mark (save it as UTF-8)" }
                                    ?? "it contains NUL bytes (binary data)")
                return end
            }
            if text.count >= 5 && text.count <= 6 && (text[0] | 0x20) == 0x73 && (text[1] | 0x20) == 0x65
                && (text[2] | 0x20) == 0x70 && text[3] == 0x3D && forcedDelimiter == nil {
                forcedDelimiter = text[4]
                p = next
                continue
            }
            let delimiter = forcedDelimiter ?? ColumnLayout.delimiter(ofHeader: text)
            let names = ColumnLayout.splitHeader(text, delimiter: delimiter)
            if looksLikeData(names) {
                fatal = .noHeader(file: file, line: line,
                                  reason: "the first line is data, not column names (expected a header such as Date,Close)")
                return end
            }
            do throws(LoadError) {
                layout = try ColumnLayout.detect(header: names, delimiter: delimiter, options: options, file: file)
            } catch {
                fatal = error
            }
            return next
        }
    }

    /// A header whose first field reads as a date is a data row (a file without header).
    func looksLikeData(_ names: [String]) -> Bool {
        guard var first = names.first, !first.isEmpty else { return false }
        return first.withUTF8 { u in
            guard let b = u.baseAddress else { return false }
            if case .success = TimestampParser.parse(b, b + u.count) { return true }
            return false
        }
    }

    /// The common row, read faster: complete in the buffer, without quotes, with
    /// every field up to the last one needed. Finds the field ends eight bytes at a
    /// time and reads the row as `row` would; returns nil (having changed nothing)
    /// for any other row, which `row` then reads.
    @inline(__always)
    mutating func fastRow(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>,
                          _ times: inout [Int64], _ prices: inout [Double]) -> UnsafePointer<UInt8>? {
        guard let nl = Self.find(start, 0x0A, min(end - start, Self.maxRecordBytes)),
              Self.find(start, 0x22, nl - start) == nil else { return nil }
        let lay = shape
        var time = (start, start), clock = (start, start), price = (start, start)
        var field = 0
        var fieldStart = start
        var p = start
        let pattern = FieldScan.ones &* UInt64(lay.delimiter)
        scan: while true {
            let inLine = nl - p
            var hits: UInt64
            if end - p >= 8 {
                hits = FieldScan.exactZeroBytes(UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) ^ pattern)
                if inLine < 8 { hits &= (1 &<< UInt64(inLine &* 8)) &- 1 }
            } else {
                hits = 0
                for i in 0..<inLine where p[i] == lay.delimiter { hits |= 0x80 &<< UInt64(i &* 8) }
            }
            while hits != 0 {
                let at = p + hits.trailingZeroBitCount >> 3
                hits &= hits &- 1
                if field == lay.timeIndex { time = (fieldStart, at) }
                if field == lay.priceIndex { price = (fieldStart, at) }
                if field == lay.clockIndex { clock = (fieldStart, at) }
                if field == lay.lastNeeded { break scan }
                field += 1
                fieldStart = at + 1
            }
            if inLine <= 8 {
                // The line end closes the last field.
                guard field == lay.lastNeeded else { return nil }
                if field == lay.timeIndex { time = (fieldStart, nl) }
                if field == lay.priceIndex { price = (fieldStart, nl) }
                if field == lay.clockIndex { clock = (fieldStart, nl) }
                break scan
            }
            p += 8
        }
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
                    let qt = Self.find(q, 0x22, stop - q)
                    if let nl = Self.find(q, 0x0A, (qt ?? stop) - q) {
                        // The line ends inside the quotes: a real line break unless the next line is a row.
                        let next = nl + 1
                        guard let nextEnd = Self.find(next, 0x0A, stop - next) ?? (atEnd ? stop : nil) else {
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
                guard let nl = Self.find(q, 0x0A, stop - q) else {
                    if atEnd {
                        if Self.find(q, 0x22, stop - q) != nil { continue record }
                        q = stop
                        break record
                    }
                    guard overflow else { return nil }
                    if Self.find(q, 0x22, stop - q) != nil { continue record }
                    return tooLong(stop, end, newlines: newlines)
                }
                if Self.find(q, 0x22, nl - q) != nil { continue record }
                q = nl + 1
                break record
            }
        }
        if let unclosedAt { q = unclosedAt < end ? unclosedAt + 1 : end }
        let lineNumber = line + 1
        line += 1 + newlines
        let fields = index + 1
        if fields == 1 && unclosedAt == nil && Self.isBlank(time.0, time.1) && Self.isBlank(start, q) { return q }
        if !confirmed {
            confirmLayout(fields: fields, date: time, probe: probe)
            if shape != lay {
                line = lineNumber - 1
                return row(start, end, final: final, &times, &prices)
            }
        }
        report.dataRows += 1
        if unclosedAt != nil {
            report.recordBad(line: lineNumber, reason: "a quote is left open")
            return q
        }
        if fields <= lay.priceIndex || fields <= lay.timeIndex || fields <= lay.clockIndex {
            if Self.isBlank(time.0, time.1) && Self.isBlank(price.0, price.1) { report.dataRows -= 1; return q }
            report.recordBad(line: lineNumber, reason: "the row has \(fields) field\(fields == 1 ? "" : "s"), too few for the \(lay.priceIndex >= fields ? "price" : "time") column")
            return q
        }
        accept(line: lineNumber, record: (start, q), time: time, clock: clock, price: price, &times, &prices)
        return q
    }

    /// Reads the time and price of a row already split into fields (counted in
    /// `report.dataRows`) and keeps it, or records why it is skipped. `record` is the
    /// row's bytes, read again for the open, high, low and volume when they are kept.
    @inline(__always)
    mutating func accept(line: Int, record: (UnsafePointer<UInt8>, UnsafePointer<UInt8>),
                         time: (UnsafePointer<UInt8>, UnsafePointer<UInt8>),
                         clock: (UnsafePointer<UInt8>, UnsafePointer<UInt8>), price: (UnsafePointer<UInt8>, UnsafePointer<UInt8>),
                         _ times: inout [Int64], _ prices: inout [Double]) {
        var value = 0.0
        switch DecimalParser.parse(price.0, price.1, delimiter: shape.delimiter) {
        case .value(let v): value = v
        case .missing:
            if Self.isBlank(time.0, time.1) { report.dataRows -= 1; return }
            report.missingPrices += 1
            return
        case .notANumber:
            report.recordBad(line: line, reason: "price '\(Self.text(price.0, price.1))' is not a number")
            return
        case .notFinite:
            report.recordBad(line: line, reason: "price '\(Self.text(price.0, price.1))' is out of range")
            return
        }
        let parsed: TimestampParser.Result
        if shape.clockIndex >= 0 {
            parsed = Self.dateAndClock(time, clock)
        } else {
            parsed = TimestampParser.parse(time.0, time.1, cache: &dayCache)
        }
        switch parsed {
        case .success(let t):
            if t.family != family {
                if family == nil {
                    family = t.family
                } else {
                    report.recordBad(line: line, reason: TimeProblem.otherFamily.reason(Self.text(time.0, time.1), family: family))
                    return
                }
            }
            switch t.family {
            case .slashed:
                if t.slashOrders == 1 {
                    if monthFirstOnly == 0 { firstMonthFirstOnlyLine = line }
                    monthFirstOnly += 1
                } else if t.slashOrders == 2 {
                    if dayFirstOnly == 0 { firstDayFirstOnlyLine = line }
                    dayFirstOnly += 1
                }
            case .unix:
                let magnitude = t.value < 0 ? 0 &- t.value : t.value
                if magnitude > unixMagnitude { unixMagnitude = magnitude }
                unixUnits.add(t.value, line: line, index: times.count)
            default: break
            }
            if let last = times.last, t.value <= last { unordered = true }
            if Int64(t.offset) != lastOffset { noteOffset(t.offset, at: times.count) }
            times.append(t.value)
            prices.append(value)
            if bars != nil { bars!.read(record.0, record.1) }
        case .failure(let failure):
            let shown = shape.clockIndex >= 0 ? "\(Self.text(time.0, time.1)) \(Self.text(clock.0, clock.1))" : Self.text(time.0, time.1)
            report.recordBad(line: line, reason: failure.problem.reason(shown, family: family))
        }
    }


    /// A date column and a separate time-of-day column read together.
    @inline(__always)
    static func dateAndClock(_ date: (UnsafePointer<UInt8>, UnsafePointer<UInt8>),
                             _ clock: (UnsafePointer<UInt8>, UnsafePointer<UInt8>)) -> TimestampParser.Result {
        let d = TimestampParser.parse(date.0, date.1, allowTime: false)
        guard case .success(var t) = d else { return d }
        if Self.isBlank(clock.0, clock.1) { return d }
        let sod = TimestampParser.timeOfDay(clock.0, clock.1, offset: &t.offset)
        guard sod >= 0 else { return .failure(.init(problem: sod == -2 ? .invalidTime : .unrecognised)) }
        guard t.family != .unix else { return .failure(.init(problem: .unrecognised)) }
        t.value += Int64(sod)
        return .success(t)
    }

    /// Decides, on the first data row, whether rows carry an unnamed time column.
    mutating func confirmLayout(fields: Int, date: (UnsafePointer<UInt8>, UnsafePointer<UInt8>),
                                probe: (UnsafePointer<UInt8>, UnsafePointer<UInt8>)) {
        guard let lay = layout else { return }
        layoutConfirmed = true
        guard lay.clockIndex < 0, fields == lay.columns.count + 1, probe.1 > probe.0,
              TimestampParser.timeOfDay(probe.0, probe.1) >= 0,
              case .success = TimestampParser.parse(date.0, date.1, allowTime: false) else { return }
        layout = lay.withUnnamedClockColumn()
    }

    @inline(__always)
    static func isBlank(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        var q = p
        while q < e {
            let c = q.pointee
            if c != 0x20 && c != 0x0D && c != 0x09 && c != 0x0A { return false }
            q += 1
        }
        return true
    }

    /// A record not decided within `maxRecordBytes` (a line that long): one bad row,
    /// skipped to the first line end at or after `stop` (in a later buffer if need be).
    mutating func tooLong(_ stop: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, newlines: Int) -> UnsafePointer<UInt8> {
        report.dataRows += 1
        report.recordBad(line: line + 1, reason: "line is longer than \(Self.maxRecordBytes >> 20) MiB")
        line += newlines
        guard let nl = Self.find(stop, 0x0A, end - stop) else {
            skippingLongRecord = true
            return end
        }
        line += 1
        return nl + 1
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
                while let qt = find(q, 0x22, e - q) {
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

    /// The first `byte` in the `count` bytes at `p`.
    @inline(__always)
    static func find(_ p: UnsafePointer<UInt8>, _ byte: Int32, _ count: Int) -> UnsafePointer<UInt8>? {
        guard count > 0, let r = memchr(p, byte, count) else { return nil }
        return UnsafePointer(r.assumingMemoryBound(to: UInt8.self))
    }

    /// A field as text for a message: control characters removed, at most 40 bytes.
    static func text(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> String {
        let n = e - p
        let shown = String(decoding: UnsafeBufferPointer(start: p, count: min(n, 40)), as: UTF8.self)
        return TextSanitizer.clean(shown) + (n > 40 ? "…" : "")
    }
}
