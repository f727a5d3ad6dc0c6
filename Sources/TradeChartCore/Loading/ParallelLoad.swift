#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a large file on every core, with exactly the result of one pass.
///
/// 1. A probe reads the first 64 KiB (a throwaway parse) to learn the header,
///    the layout and the time format of the first good row.
/// 2. The rows after the header are split at line starts into one part per
///    thread; each part is read from the `ByteSource` into its own buffer (so resident
///    memory stays at the rows plus a few MiB, not the file) and parsed by its
///    own `CSVStreamParser`, which starts from the probe's layout and format.
///    Part 0 starts at the top of the file and reads the header itself.
/// 3. The parts are joined in file order. A part is taken as it is when the
///    parts before it ended exactly at its first byte, with no record left
///    open: then one pass would also have started a record there (records are
///    decided by their bytes alone, see `CSVStreamParser.row`). Otherwise the
///    parser of the parts before simply reads on through that part (a quoted
///    line break or a long line across the split: the serial fallback).
///
/// Decisions over the whole column (day/month order, Unix units, sorting,
/// duplicates) are made once, on the joined rows, by `CSVStreamParser.finish`.
/// Line numbers in the report are part-relative until the join adds the lines
/// of the parts before. The threads are the host's: the parts are jobs of a `ParallelMap`.
enum ParallelLoad {
    /// Files smaller than this are read by one thread.
    static let minimumBytes = 4 << 20
    /// The probe's share of the file.
    static let probeBytes = 64 << 10

    /// Reads `source` into `parser` (fresh), split at the line starts at or after
    /// `splits` (byte offsets), or in `parts` even parts when `splits` is nil, the
    /// parts read as jobs of `map`. Returns false, having read nothing, when the file
    /// is not worth splitting or the probe cannot settle the layout (then the caller
    /// reads it serially). `pages` takes back the memory of the parts as they are joined.
    /// `tail`, when given, is the last part already read (the newest rows, read first:
    /// `TailFirstLoad`): the parts before it end at its start and it is joined as they are.
    static func read(_ source: some ByteSource, parts: Int, splits: [Int]? = nil, meter: ProgressMeter,
                     map: some ParallelMap, pages: some PageRelease, tail: (start: Int, parser: CSVStreamParser)? = nil,
                     into parser: inout CSVStreamParser) throws(LoadError) -> Bool {
        guard let template = try probe(source, parser) else { return false }
        let front = try partStarts(source, after: template.headerEnd, parts: parts, splits: splits,
                                   end: tail?.start ?? source.size)
        let starts = front + (tail.map { [$0.start] } ?? [])
        guard starts.count > 1 else { return false }
        let fresh = parser
        var results = map.map(starts.count) { k -> Result<(CSVStreamParser, Int), LoadError>? in
            if let tail, starts[k] == tail.start { return .success((tail.parser, source.size)) }
            let from = starts[k]
            let to = k + 1 < starts.count ? starts[k + 1] : nil
            // Part 0 reserves the rows of the whole file: the other parts are appended to it.
            var part = k == 0 ? fresh : template.startingPart(expectedBytes: (to ?? source.size) - from)
            do throws(LoadError) {
                let stop = try readRange(source, from: from, to: to, meter: meter, into: &part)
                return .success((part, stop))
            } catch {
                return .failure(error)
            }
        }
        /// The result of part `k`, moved out (its memory is freed as soon as it is joined).
        func take(_ k: Int) -> Result<(CSVStreamParser, Int), LoadError> {
            let result = results[k]!
            results[k] = nil
            return result
        }
        // Join in file order.
        var (joined, stop) = try take(0).get()
        for k in 1..<starts.count {
            var (part, partStop) = try take(k).get()
            let to = k + 1 < starts.count ? starts[k + 1] : nil
            if stop == starts[k] && !joined.skippingLongRecord && joined.error == nil {
                joined.absorb(&part, pages: pages)
                stop = partStop
            } else {
                // The parts before did not end at a record boundary here: read on serially.
                stop = try readRange(source, from: stop, to: to, meter: meter, into: &joined)
            }
        }
        parser = joined
        return true
    }

    /// The layout and time format of the file's first rows, as a parser ready to
    /// start a part; nil when the first 64 KiB do not settle them.
    static func probe(_ source: some ByteSource, _ fresh: CSVStreamParser) throws(LoadError) -> CSVStreamParser? {
        let count = min(source.size, probeBytes)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        defer { buffer.deallocate() }
        let n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: count), at: 0)
        var probe = fresh
        _ = probe.consume(UnsafeRawBufferPointer(start: buffer, count: n), final: false)
        guard probe.error == nil, probe.layoutConfirmed, probe.family != nil else { return nil }
        return probe
    }

    /// The first byte of each part: 0, then line starts after the header and before `end`.
    static func partStarts(_ source: some ByteSource, after headerEnd: Int, parts: Int, splits: [Int]?,
                           end: Int) throws(LoadError) -> [Int] {
        let wanted = splits ?? (1..<max(1, parts)).map { headerEnd + (end - headerEnd) * $0 / parts }
        var starts = [0]
        for offset in wanted.sorted() {
            let at = max(offset, headerEnd, starts[starts.count - 1] + 1)
            guard let start = at > headerEnd ? try lineStart(source, atOrAfter: at) : at else { continue }
            if start < end && start > starts[starts.count - 1] { starts.append(start) }
        }
        return starts
    }

    /// The first line start at or after `offset` (past a header's end), searched for at
    /// most `maxRecordBytes`; nil when there is none that near.
    static func lineStart(_ source: some ByteSource, atOrAfter offset: Int) throws(LoadError) -> Int? {
        let window = min(1 << 16, max(1, source.size))
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: window, alignment: 16)
        defer { buffer.deallocate() }
        var at = offset - 1  // a line starts at `offset` when the byte before it is a line feed
        var searched = 0
        while searched < CSVStreamParser.maxRecordBytes && at < source.size {
            let n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: window), at: at)
            if n == 0 { break }
            if let nl = memchr(buffer, 0x0A, n) { return at + (nl - buffer) + 1 }
            at += n
            searched += n
        }
        return nil
    }

    /// Reads `[from, to)` (to the end of the file when `to` is nil, then as the
    /// final bytes) through one buffer into `parser`, as `SeriesLoader.readAll`
    /// does. Returns where the parser stopped: `to`, or earlier when a record runs on.
    static func readRange(_ source: some ByteSource, from: Int, to: Int?, meter: ProgressMeter,
                          into parser: inout CSVStreamParser) throws(LoadError) -> Int {
        // A small range fits whole (a file may still grow past its size: then the full buffer).
        let known = to ?? (source.mayGrow ? nil : source.size)
        let capacity = min(SeriesLoader.chunkBytes + CSVStreamParser.maxRecordBytes, known.map { max(1, $0 - from) } ?? Int.max)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var offset = from
        var filled = 0
        while to.map({ offset < $0 }) ?? true {
            let count = min(SeriesLoader.readBytes, capacity - filled, (to ?? Int.max) - offset)
            let n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + filled, count: count), at: offset)
            if n == 0 { break }
            offset += n
            filled += n
            let rowsBefore = parser.report.dataRows
            let used = parser.consume(UnsafeRawBufferPointer(start: buffer, count: filled), final: false)
            if used > 0 {
                filled -= used
                if filled > 0 { memmove(buffer, buffer + used, filled) }
            }
            if parser.error != nil { return to ?? offset }
            guard meter.add(bytes: n, rows: parser.report.dataRows - rowsBefore) else { throw .cancelled(file: source.name) }
        }
        if to == nil {
            _ = parser.consume(UnsafeRawBufferPointer(start: buffer, count: filled), final: true)
            filled = 0
        }
        return offset - filled
    }
}

extension CSVStreamParser {
    /// A parser for a part that starts at a line start after the header: this
    /// parser's layout and time format, nothing read yet, lines counted from 0.
    func startingPart(expectedBytes: Int) -> CSVStreamParser {
        var part = CSVStreamParser(file: file, options: options, expectedBytes: expectedBytes)
        part.layout = layout
        part.layoutConfirmed = layoutConfirmed
        part.forcedDelimiter = forcedDelimiter
        part.strictFirstRow = false
        part.family = family
        part.headerEnd = headerEnd
        return part
    }

    /// Appends what the parser of the next part read: rows, counts, and the report
    /// with its line numbers moved past the lines read here.
    mutating func absorb(_ part: inout CSVStreamParser, pages: some PageRelease) {
        let offset = line
        // Parts after the first start from the layout the first data row settles: when this
        // parser has not read that row yet (its part ended at the header), it takes it over.
        if !layoutConfirmed && part.layoutConfirmed {
            layout = part.layout
            layoutConfirmed = true
        }
        report.dataRows += part.report.dataRows
        report.missingPrices += part.report.missingPrices
        report.absorbUntrusted(part.report, lines: offset)
        if part.report.badRows > 0 {
            if report.badRows == 0 {
                report.firstBadLine = part.report.firstBadLine.map { $0 + offset }
                report.firstBadReason = part.report.firstBadReason
            }
            report.badRows += part.report.badRows
        }
        slashOrders.absorb(part.slashOrders, lines: offset)
        unixMagnitude = max(unixMagnitude, part.unixMagnitude)
        unixUnits.absorb(part.unixUnits, lines: offset, rows: times.count)
        if family == nil { family = part.family }
        line += part.line
        bytesConsumed += part.bytesConsumed
        skippingLongRecord = part.skippingLongRecord
        if let last = times.last, let first = part.times.first, first <= last { unordered = true }
        unordered = unordered || part.unordered
        absorbOffsets(of: part)
        Self.move(&part.times, to: &times, pages: pages)
        Self.move(&part.prices, to: &prices, pages: pages)
        if bars != nil && part.bars != nil { bars!.absorb(&part.bars!, pages: pages) }
    }

    /// Appends `source` to `target` and empties it, handing the pages already copied
    /// back to `pages` as it goes: joining parts never holds the rows twice.
    static func move<T>(_ source: inout [T], to target: inout [T], pages: some PageRelease) {
        let step = (1 << 20) / MemoryLayout<T>.stride
        let page = pages.pageSize
        source.withUnsafeMutableBufferPointer { s in
            guard let base = s.baseAddress else { return }
            var copied = 0
            var released = UInt(bitPattern: base)
            while copied < s.count {
                let n = min(step, s.count - copied)
                target.append(contentsOf: UnsafeBufferPointer(rebasing: s[copied..<copied + n]))
                copied += n
                // Whole pages inside the copied elements: their contents are not read again.
                let end = UInt(bitPattern: base + copied) & ~UInt(page - 1)
                let start = (released + UInt(page - 1)) & ~UInt(page - 1)
                if end > start, n == step {
                    pages.release(UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(bitPattern: start), count: Int(end - start)))
                    released = end
                }
            }
        }
        source = []
    }
}
