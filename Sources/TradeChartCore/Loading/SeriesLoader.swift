import Glibc

/// Loads a price file into a `PriceSeries`: the entry point the program calls.
///
/// Files are read with `read(2)` in 1 MiB chunks into one reused buffer (not
/// mapped whole, so resident memory stays near 16 bytes a row plus the buffer)
/// and parsed by `CSVStreamParser` in one pass; a regular file of 4 MiB or more
/// is read on every core (`ParallelLoad`) with the same result. Standard input
/// is always read in one pass, as it arrives.
public enum SeriesLoader {
    /// The size of each `read(2)`.
    public static let chunkBytes = 1 << 20

    /// Loads the file at `path`; `-` reads standard input. `progress`, when given, is
    /// told how far the load has come a few times a second and may cancel it.
    public static func load(path: String, options: LoadOptions = .init(),
                            progress: LoadProgressReporting? = nil) throws(LoadError) -> LoadedSeries {
        let isStdin = path == "-"
        let file = isStdin ? "standard input" : path
        let fd: Int32 = isStdin ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(file: file, reason: errorText(errno)) }
        defer { if !isStdin { close(fd) } }
        return try load(descriptor: fd, fileName: file, options: options, progress: progress)
    }

    /// Loads what the open file `fd` holds from where it stands (read in chunks, on every
    /// core when it is a large regular file, as `load(path:)` does); `fileName` is used in
    /// messages and as the default name. For a file opened by other means than a path
    /// given as text (a name that is not UTF-8). The descriptor is left open.
    public static func load(descriptor fd: Int32, fileName file: String, options: LoadOptions = .init(),
                            progress: LoadProgressReporting? = nil) throws(LoadError) -> LoadedSeries {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotOpen(file: file, reason: errorText(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .cannotOpen(file: file, reason: "it is a directory") }
        let size = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        var parser = CSVStreamParser(file: file, options: options, expectedBytes: size)
        let meter = ProgressMeter(progress, totalBytes: size)
        if let size, size >= ParallelLoad.minimumBytes, lseek(fd, 0, SEEK_CUR) == 0 {
            let threads = ParallelLoad.threadCount(requested: options.threads)
            if threads > 1, try ParallelLoad.read(ByteSource(fd: fd, size: size, file: file), threads: threads,
                                                  meter: meter, into: &parser) {
                return try parser.finish()
            }
        }
        try readAll(fd: fd, file: file, meter: meter, into: &parser)
        return try parser.finish()
    }

    /// Loads bytes already in memory through the parallel path, split at the line
    /// starts at or after `splits` (byte offsets; the parts are read on threads at
    /// once, or one after another when `onThreads` is false, which is faster for
    /// tiny inputs): the same result as `load(bytes:)`, for tests and fuzzing of the splitter.
    public static func load(bytes: UnsafeRawBufferPointer, fileName: String, options: LoadOptions = .init(),
                            splits: [Int], onThreads: Bool = true) throws(LoadError) -> LoadedSeries {
        var parser = CSVStreamParser(file: fileName, options: options, expectedBytes: bytes.count)
        if try ParallelLoad.read(ByteSource(memory: bytes, file: fileName), threads: splits.count + 1, splits: splits,
                                 meter: ProgressMeter(nil, totalBytes: bytes.count), onThreads: onThreads, into: &parser) {
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

    /// Reads `fd` to its end through one buffer, handing complete records to the parser
    /// and keeping an incomplete last record at the front of the buffer for the next read.
    static func readAll(fd: Int32, file: String, meter: ProgressMeter, into parser: inout CSVStreamParser) throws(LoadError) {
        let capacity = chunkBytes + CSVStreamParser.maxRecordBytes
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var filled = 0
        while true {
            let n = read(fd, buffer + filled, capacity - filled)
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EISDIR { throw .cannotOpen(file: file, reason: "it is a directory") }
                throw .readFailed(file: file, reason: errorText(errno))
            }
            if n == 0 { break }
            filled += n
            let rowsBefore = parser.report.dataRows
            let used = parser.consume(UnsafeRawBufferPointer(start: buffer, count: filled), final: false)
            if used > 0 {
                filled -= used
                if filled > 0 { memmove(buffer, buffer + used, filled) }
            }
            if parser.error != nil { return }
            guard meter.add(bytes: n, rows: parser.report.dataRows - rowsBefore) else { throw .cancelled(file: file) }
        }
        parser.feed(UnsafeRawBufferPointer(start: buffer, count: filled))
    }

    /// The system's text for an `errno` value, for messages.
    public static func errorText(_ code: Int32) -> String {
        guard let s = strerror(code) else { return "error \(code)" }
        return String(cString: s)
    }
}
