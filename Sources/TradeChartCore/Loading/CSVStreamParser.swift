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
    static let maxRecordBytes = 1 << 20

    /// The file name used in messages.
    package let file: String
    let options: LoadOptions
    /// The expected total size, used once to reserve room for the rows.
    let expectedBytes: Int?

    package internal(set) var layout: ColumnLayout? {
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
    /// The separator named by `--separator` or an Excel `sep=;` first line.
    var forcedDelimiter: UInt8?
    /// `--date-format`, and whether it is given (read on every row).
    let dateFormat: DateFormat?
    let customDate: Bool
    /// `--columns`: the name of each column.
    let columnNames: [String]?
    /// Whether the file's first data row must read (an override is given and this parser
    /// reads from the top of the file): then a bad first row is an error, not a skipped row.
    var strictFirstRow: Bool

    var times: [Int64] = []
    var prices: [Double] = []
    /// The open, high, low and volume of the kept rows, when `options.bars` asks for them
    /// and the header has any (see `BarRows`).
    var bars: BarRows?
    var family: TimeFamily?
    var report = LoadReport()
    /// Slashed dates that fit only one day/month order.
    var slashOrders = SlashOrderTally()
    var unixMagnitude: Int64 = 0
    var unixUnits = UnixUnits()
    var dayCache = TimestampParser.DayCache()
    /// Where the rows start: the byte after the header line (0 until it is read).
    var headerEnd = 0
    /// Whether some row's raw time is not above the one before (then `finish` sorts).
    var unordered = false
    /// What `takeNewRows` has handed out so far.
    var handOut = RowsHandedOut()
    /// The UTC offset of each row kept, as runs in file order (`ParsedTime.noOffset` for
    /// rows without one), and the last row's offset (`Int64.max` before the first row).
    var offsetRuns = UTCOffsetRuns()
    var lastOffset = Int64.max
    /// Set when the offsets changed too often to keep as runs (see `noteOffset`).
    var offsetsDropped = false

    /// - Parameters:
    ///   - file: the name used in messages (the path as given, or `standard input`).
    ///   - expectedBytes: the file size when known, to reserve memory once.
    package init(file: String, options: LoadOptions = .init(), expectedBytes: Int? = nil) {
        self.file = TextSanitizer.clean(file)
        self.options = options
        self.expectedBytes = expectedBytes
        strictFirstRow = !options.reading.isEmpty
        var format: DateFormat?, names: [String]?
        do throws(LoadError) {
            forcedDelimiter = try options.reading.separatorByte()
            names = try options.reading.columnNames()
            format = try options.reading.dateFormat.map { text throws(LoadError) in try DateFormat(text) }
        } catch {
            if case .badOverride(let option, _, let reason) = error {
                fatal = .badOverride(file: self.file, line: nil, reason: "\(option) \(reason)")
            }
        }
        dateFormat = format
        customDate = format != nil
        columnNames = names
    }

    /// The first error that makes the file unusable (found in the header), if any.
    /// `finish()` throws it; feeding more bytes after it does nothing.
    package var error: LoadError? { fatal }

    /// The number of lines read completely so far: a follower redraws only when it grows.
    package var linesRead: Int { line }

    /// The rows with a time and a price read so far (for a progress display).
    package var rowsRead: Int { handOut.givenAway + times.count }

    /// Parses the complete records in `chunk`; an incomplete last record is kept for the next call.
    package mutating func feed(_ chunk: UnsafeRawBufferPointer) {
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
    package mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// Reads what is left (a last line without a line end) and returns the sorted series.
    package mutating func finish() throws(LoadError) -> LoadedSeries {
        flushPending()
        var t = times, p = prices, b = bars
        times = []
        prices = []
        bars = nil
        return try assemble(&t, &p, &b)
    }

    /// The series of the rows completed so far, leaving the parser ready for more bytes.
    /// Rows given away (`markRowsHandedOut(givingThemAway: true)`) are no longer there:
    /// a follower that needs the whole series again reads its file again.
    package func snapshot() throws(LoadError) -> LoadedSeries {
        assert(handOut.givenAway == 0, "a snapshot of a parser that gave its rows away")
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
    mutating func consume(_ buffer: UnsafeRawBufferPointer, final: Bool) -> Int {
        guard let raw = buffer.baseAddress, buffer.count > 0, fatal == nil else { return buffer.count }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let end = base + buffer.count
        var p = base
        if skippingLongRecord {
            guard let nl = FieldScan.find(p, 0x0A, end - p) else { bytesConsumed += buffer.count; return buffer.count }
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
        while q < stop, let nl = FieldScan.find(q, 0x0A, stop - q) {
            lines += 1
            q = nl + 1
        }
        guard lines > 0 else { return }
        let meanLine = max(4, (q - p) / lines)
        let estimate = (expectedBytes - bytesConsumed) / meanLine
        let rows = min(estimate + estimate / 50 + 16, expectedBytes / 4 + 16)
        // Made with room for every row, advised as worth huge pages (`DoubleColumn`): a
        // fresh column of 80 MB then costs 40 page faults, not 20,000.
        if times.isEmpty && prices.isEmpty {
            times = DoubleColumn.reserved(rows)
            prices = DoubleColumn.reserved(rows)
        } else {
            times.reserveCapacity(rows)
            prices.reserveCapacity(rows)
        }
        bars?.reserve(rows)
    }
}
