/// Reading a file's newest rows first (SPEC §1): the first frame needs only the range it
/// opens on, so its time does not grow with the file.
///
/// 1. `readTail` reads blocks back from the end of the file, each starting at a line
///    start and twice as long as the one after it, every block's rows joined in front of
///    the rows read before (as `ParallelLoad` joins its parts), until the rows read hold
///    what the first frame needs (`enough`, e.g. `FirstFrameNeed.isMet`).
/// 2. `readRest` reads the rows before them, in parts on every core, and joins the tail
///    after them: the result equals a front-to-back read exactly, line numbers included
///    (the tail's are counted from its start until the join adds the lines before).
///
/// Only a tail in time order tells what the rows before it are: those come earlier, so
/// the newest rows read are the newest of the file. Otherwise (rows out of order, a
/// newest-first file, dates whose reading is decided over the whole column) the file
/// is read front to back, and `FrontToBack` says why.
package enum TailFirstLoad {
    /// The newest block read; each block further back is twice the one after it.
    package static let firstBlockBytes = 1 << 20

    /// The newest rows of a file, read back from its end.
    package struct Tail: Sendable {
        /// Where the rows read start: a line start after the header.
        package let start: Int
        /// The rows from `start` on, as read, to be joined after the rows before them.
        let parser: CSVStreamParser
        /// The series of those rows alone; its report counts lines from `start`, so its
        /// line numbers are not the file's (`LoadReport.withoutLineNumbers`).
        package let loaded: LoadedSeries
    }

    /// What reading back from the end found: the newest rows, or why the file is read from its first byte.
    package enum Outcome: Sendable {
        case tail(Tail)
        case frontToBack(FrontToBack)
    }

    /// Reads `source` back from its end, a block at a time (the newest `firstBlock` bytes
    /// first), until the rows read satisfy `enough`. Gives up, having read at most half
    /// the rows (`most` bytes of them), when they do not (then reading front to back costs little more).
    /// A block of `splitBytes` or more is read in two halves at once, as jobs of `map`.
    package static func readTail(_ source: some ByteSource, options: LoadOptions = .init(), firstBlock: Int = firstBlockBytes,
                                 most: Int? = nil, map: any ParallelMap = SerialMap(), splitBytes: Int = 1 << 20,
                                 reach: ((Int64) -> Int64)? = nil, enough: (PriceSeries) -> Bool) throws(LoadError) -> Outcome {
        let fresh = CSVStreamParser(file: source.name, options: options, expectedBytes: source.size)
        guard let template = try ParallelLoad.probe(source, fresh) else { return .frontToBack(.layoutNotSettled) }
        let headerEnd = template.headerEnd
        let meter = ProgressMeter(nil, totalBytes: source.size)
        var tail: CSVStreamParser?
        var end = source.size
        var block = max(1, firstBlock)
        // The earliest byte a block may start at: after the header, and no more than `most` bytes from the end.
        let earliest = max(headerEnd + 1, source.size - (most ?? (source.size - headerEnd) / 2))
        while true {
            guard end > earliest else { return .frontToBack(.mostRowsNeeded) }
            let wanted = max(end - block, earliest)
            guard let from = try ParallelLoad.lineStart(source, atOrAfter: wanted), from < end else {
                if wanted == earliest { return .frontToBack(.mostRowsNeeded) }
                block *= 2
                continue
            }
            var (part, stop) = try readBlock(source, from: from, to: tail == nil ? nil : end, template: template, meter: meter,
                                             map: map, splitBytes: splitBytes, absorbing: source.size - end)
            guard part.error == nil else { return .frontToBack(.layoutNotSettled) }
            if tail != nil {
                // A record running across the block's end is read differently from here: give up.
                guard stop == end, !part.skippingLongRecord else { return .frontToBack(.recordAcrossBlocks) }
                part.absorb(&tail!, pages: KeepPages())
            }
            tail = part
            if let why = FrontToBack(reading: part) { return .frontToBack(why) }
            // Two times at least, rising: one row does not tell the file's order.
            if let loaded = try? part.snapshot(), loaded.series.count >= 2, enough(loaded.series) {
                return .tail(Tail(start: from, parser: part, loaded: loaded))
            }
            end = from
            block = nextBlock(after: block, read: source.size - from, tail: tail, reach: reach)
        }
    }

    /// The size of the next block: twice the last, or, when `reach` (given the newest time)
    /// says about how far back the rows are needed, the bytes the rows read so far suggest
    /// that takes, a tenth more.
    static func nextBlock(after block: Int, read: Int, tail: CSVStreamParser?, reach: ((Int64) -> Int64)?) -> Int {
        guard let reach, let tail, let oldest = tail.times.min(), let newest = tail.times.max(), newest > oldest,
              tail.family != nil else { return block * 2 }
        let target = reach(newest)
        guard target < oldest else { return block * 2 }
        let perSecond = Double(read) / Double(newest - oldest)
        let wanted = Double(oldest - target) * perSecond * 1.1
        return wanted.isFinite && wanted < Double(Int.max / 4) ? max(block, Int(wanted)) : block * 2
    }

    /// Reads the block `[from, to)` (to the end when `to` is nil) into a parser started from
    /// `template`: in two halves at once when it is `splitBytes` or more, joined as the
    /// blocks are (read again in one pass when a record runs across the middle). Returns the
    /// parser and where it stopped. The parser's columns have room for the rows of
    /// `absorbing` bytes more (the tail read before, which it takes next), so that joining
    /// the halves and the tail copies each row once and grows no column (issue 24).
    static func readBlock(_ source: some ByteSource, from: Int, to: Int?, template: CSVStreamParser, meter: ProgressMeter,
                          map: any ParallelMap, splitBytes: Int, absorbing: Int = 0) throws(LoadError) -> (CSVStreamParser, Int) {
        let end = to ?? source.size
        if end - from >= splitBytes, let middle = try ParallelLoad.lineStart(source, atOrAfter: from + (end - from) / 2),
           middle < end {
            let halves = map.map(2) { k -> Result<(CSVStreamParser, Int), LoadError> in
                var half = template.startingPart(expectedBytes: k == 0 ? end - from + absorbing : end - middle)
                do throws(LoadError) {
                    let stop = try ParallelLoad.readRange(source, from: k == 0 ? from : middle, to: k == 0 ? middle : to,
                                                          meter: meter, into: &half)
                    return .success((half, stop))
                } catch {
                    return .failure(error)
                }
            }
            var (older, stop) = try halves[0].get()
            var (newer, newerStop) = try halves[1].get()
            if stop == middle && !older.skippingLongRecord && older.error == nil {
                older.absorb(&newer, pages: KeepPages())
                return (older, newerStop)
            }
        }
        var part = template.startingPart(expectedBytes: end - from + absorbing)
        let stop = try ParallelLoad.readRange(source, from: from, to: to, meter: meter, into: &part)
        return (part, stop)
    }

    /// Reads the rows before `tail` (in `parts` parts, jobs of `map`) and joins the tail
    /// after them: the whole file, exactly as a front-to-back read gives it. `progress`
    /// hears the tail's bytes as read already.
    package static func readRest(_ source: some ByteSource, tail: Tail, options: LoadOptions = .init(), parts: Int,
                                 map: some ParallelMap, pages: some PageRelease,
                                 progress: LoadProgressReporting? = nil) throws(LoadError) -> LoadedSeries {
        var parser = CSVStreamParser(file: source.name, options: options, expectedBytes: source.size)
        let meter = ProgressMeter(progress, totalBytes: source.size)
        guard meter.add(bytes: source.size - tail.start, rows: tail.parser.report.dataRows) else { throw .cancelled(file: source.name) }
        if try !ParallelLoad.read(source, parts: parts, meter: meter, map: map, pages: pages, tail: (tail.start, tail.parser),
                                  into: &parser) {
            // The probe settled the tail's layout, so this is not reached; read serially all the same.
            _ = try ParallelLoad.readRange(source, from: 0, to: nil, meter: meter, into: &parser)
        }
        return try parser.finish()
    }
}

/// Why a file is read from its first byte instead of its newest rows first (`--describe` says it).
public enum FrontToBack: Error, Sendable, Hashable {
    /// Compressed files and pipes are read as they come.
    case stream
    /// Small files are read whole at once.
    case small
    /// The first frame needs every row (`--range max`, a window from the first row).
    case everyRowNeeded
    /// The rows the first frame needs are most of the file.
    case mostRowsNeeded
    /// The first rows do not settle the file's layout, or a row breaks it.
    case layoutNotSettled
    /// A quoted line break (or a very long line) crosses where a block starts.
    case recordAcrossBlocks
    /// The newest rows come first.
    case newestFirst
    /// The newest rows are not in time order.
    case unordered
    /// The times' reading is decided over the whole column (day/month order, Unix units).
    case columnWideTimes
    /// What the frame shows needs the rows before its range (moving averages, indicators,
    /// candles or the volume pane).
    case rowsBeforeTheRange

    /// What a tail just read says, nil when it can stand for the newest rows.
    init?(reading tail: CSVStreamParser) {
        if tail.family == .slashed || tail.family == .unix {
            self = .columnWideTimes
        } else {
            // A repeated time is no disorder: the last of its rows is kept, in the tail as in the file.
            let (ascending, descending) = SeriesOrder.direction(tail.times)
            if ascending { return nil }
            self = descending ? .newestFirst : .unordered
        }
    }

    /// The words `--describe` uses after "read front to back: ".
    public var text: String {
        switch self {
        case .stream: "it is compressed or a pipe"
        case .small: "it is small"
        case .everyRowNeeded: "the first frame needs every row"
        case .mostRowsNeeded: "the first frame needs most of the rows"
        case .layoutNotSettled: "its first rows do not settle its layout"
        case .recordAcrossBlocks: "a quoted line break or a very long line crosses a block's start"
        case .newestFirst: "its newest rows come first"
        case .unordered: "its newest rows are not in time order"
        case .columnWideTimes: "its times are read by the whole column (day/month order or Unix units)"
        case .rowsBeforeTheRange: "what the chart shows needs the rows before its range (averages, indicators, candles or volume)"
        }
    }
}
