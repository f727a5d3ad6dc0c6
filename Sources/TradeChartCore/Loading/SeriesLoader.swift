#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads a price file into a `PriceSeries`: the loops that read the bytes and hand
/// them to the parser, for every kind of input the host gives.
///
/// Bytes are read in 1 MiB chunks into one reused buffer (not mapped whole, so
/// resident memory stays near 16 bytes a row plus the buffer) and parsed by
/// `CSVStreamParser` in one pass; a `ByteSource` of 4 MiB or more is read in parts
/// at once (`ParallelLoad`) with the same result. A `ByteStream` (standard input, a
/// pipe) is always read in one pass, as it arrives. The core opens no file and
/// starts no thread: the system layer gives the bytes and the threads
/// (`SeriesLoader.load(path:)` in TradeChartSystem).
public enum SeriesLoader {
    /// The size of the buffer a read fills (a record may run on past it, up to
    /// `CSVStreamParser.maxRecordBytes`).
    static let chunkBytes = 1 << 20

    /// The most a file read asks for at once: what the parser reads next is still in the
    /// core's cache, and a buffer's pages past it are touched (a page fault each) only when
    /// a record is that long. Reading a 2 MB buffer whole cost the first frame of a large
    /// file 1,000 page faults a read (issue 24).
    static let readBytes = 1 << 18

    /// Loads `source` from its first byte: in `parts` parts read as jobs of `map` when it
    /// is large enough (`pages` takes back their memory as they are joined), else in one pass.
    /// `progress`, when given, is told how far the load has come and may cancel it.
    package static func load(_ source: some ByteSource, options: LoadOptions = .init(), parts: Int,
                             map: some ParallelMap, pages: some PageRelease,
                             progress: LoadProgressReporting? = nil) throws(LoadError) -> LoadedSeries {
        var parser = CSVStreamParser(file: source.name, options: options, expectedBytes: source.size)
        let meter = ProgressMeter(progress, totalBytes: source.size)
        if source.size >= ParallelLoad.minimumBytes, parts > 1,
           try ParallelLoad.read(source, parts: parts, meter: meter, map: map, pages: pages, into: &parser) {
            return try parser.finish()
        }
        _ = try ParallelLoad.readRange(source, from: 0, to: nil, meter: meter, into: &parser)
        return try parser.finish()
    }

    /// Loads what `stream` gives until its end, in one pass. `expectedBytes` (the size
    /// when known) reserves the rows once and is the total the progress is told.
    package static func load(_ stream: inout some ByteStream, expectedBytes: Int?, options: LoadOptions = .init(),
                             progress: LoadProgressReporting? = nil) throws(LoadError) -> LoadedSeries {
        var parser = CSVStreamParser(file: stream.name, options: options, expectedBytes: expectedBytes)
        try readAll(&stream, meter: ProgressMeter(progress, totalBytes: expectedBytes), into: &parser)
        return try parser.finish()
    }

    /// Loads bytes already in memory through the parallel path, split at the line
    /// starts at or after `splits` (byte offsets; the parts are jobs of `map`): the same
    /// result as `load(bytes:)`, for tests and fuzzing of the splitter.
    package static func load(bytes: UnsafeRawBufferPointer, fileName: String, options: LoadOptions = .init(),
                             splits: [Int], map: any ParallelMap = SerialMap()) throws(LoadError) -> LoadedSeries {
        var parser = CSVStreamParser(file: fileName, options: options, expectedBytes: bytes.count)
        if try ParallelLoad.read(MemoryBytes(bytes, name: fileName), parts: splits.count + 1, splits: splits,
                                 meter: ProgressMeter(nil, totalBytes: bytes.count), map: map, pages: KeepPages(), into: &parser) {
            return try parser.finish()
        }
        parser.feed(bytes)
        return try parser.finish()
    }

    /// Loads a file already in memory; `fileName` is used in messages and as the default name.
    public static func load(bytes: UnsafeRawBufferPointer, fileName: String, options: LoadOptions = .init()) throws(LoadError) -> LoadedSeries {
        var parser = CSVStreamParser(file: fileName, options: options, expectedBytes: bytes.count)
        parser.feed(bytes)
        return try parser.finish()
    }

    /// Loads a file already in memory; `fileName` is used in messages and as the default name.
    public static func load(bytes: [UInt8], fileName: String, options: LoadOptions = .init()) throws(LoadError) -> LoadedSeries {
        var parser = CSVStreamParser(file: fileName, options: options, expectedBytes: bytes.count)
        parser.feed(bytes)
        return try parser.finish()
    }

    /// Reads `stream` to its end through one buffer, handing complete records to the parser
    /// and keeping an incomplete last record at the front of the buffer for the next read.
    static func readAll(_ stream: inout some ByteStream, meter: ProgressMeter, into parser: inout CSVStreamParser) throws(LoadError) {
        let capacity = chunkBytes + CSVStreamParser.maxRecordBytes
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var filled = 0
        while true {
            let n = try stream.read(into: UnsafeMutableRawBufferPointer(start: buffer + filled, count: capacity - filled))
            if n == 0 { break }
            filled += n
            let rowsBefore = parser.report.dataRows
            let used = parser.consume(UnsafeRawBufferPointer(start: buffer, count: filled), final: false)
            if used > 0 {
                filled -= used
                if filled > 0 { memmove(buffer, buffer + used, filled) }
            }
            if parser.error != nil { return }
            guard meter.add(bytes: n, rows: parser.report.dataRows - rowsBefore) else { throw .cancelled(file: stream.name) }
        }
        parser.feed(UnsafeRawBufferPointer(start: buffer, count: filled))
    }
}
