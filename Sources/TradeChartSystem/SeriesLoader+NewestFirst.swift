import Glibc
import TradeChartCore

/// A regular file whose newest rows were read first (`SeriesLoader.loadNewestFirst`): the
/// first frame is drawn from `newest`, and `readRest` (on a thread of the caller's) reads
/// the rows before them and gives the whole file, exactly as a front-to-back load would.
/// It holds the file open until it is let go.
public final class NewestRowsFile: @unchecked Sendable {
    private let fd: Int32
    private let source: FileBytes
    private let tail: TailFirstLoad.Tail
    private let options: LoadOptions

    /// The newest rows: the rows the first frame needs and the point before them. Their
    /// report's line numbers are not the file's, so it has none.
    public let newest: LoadedSeries

    init(fd: Int32, source: FileBytes, tail: TailFirstLoad.Tail, options: LoadOptions) {
        self.fd = fd
        self.source = source
        self.tail = tail
        self.options = options
        var newest = tail.loaded
        newest.report = newest.report.withoutLineNumbers
        self.newest = newest
    }

    /// The share of the file's bytes the newest rows took.
    public var shareRead: Double { Double(source.size - tail.start) / Double(max(1, source.size)) }

    /// Reads the rows before the newest on every core and returns the whole file's series and report.
    public func readRest(progress: LoadProgressReporting? = nil) throws(LoadError) -> LoadedSeries {
        try TailFirstLoad.readRest(source, tail: tail, options: options, parts: LoadThreads.count(requested: options.threads),
                                   map: ConcurrentMap(), pages: SystemPages(), progress: progress)
    }

    deinit { close(fd) }
}

extension SeriesLoader {
    /// Files smaller than this are read whole at once: the newest rows first would gain nothing.
    public static let newestFirstMinimumBytes = 4 << 20

    /// Opens the file `pathBytes` names and reads its newest rows until `need` is met
    /// (`TailFirstLoad`), or says why it is read front to back instead: it is small,
    /// compressed or not a regular file, the need takes every row, or its newest rows do
    /// not tell its order. A file that cannot be opened is left to the front-to-back load
    /// to report.
    public static func loadNewestFirst(pathBytes: [UInt8], fileName: String, options: LoadOptions,
                                       need: FirstFrameNeed) -> Result<NewestRowsFile, FrontToBack> {
        if need.needsEveryRow { return .failure(.everyRowNeeded) }
        var info = stat()
        // Only a regular file is opened here: opening a FIFO would let its writer in and cut it off.
        let isRegular = (pathBytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) }
        } == 0 && (info.st_mode & S_IFMT) == S_IFREG
        guard isRegular else { return .failure(.stream) }
        let fd = (pathBytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_CLOEXEC) }
        }
        guard fd >= 0 else { return .failure(.stream) }
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return .failure(.stream)
        }
        let source = FileBytes(fd: fd, size: Int(info.st_size), name: fileName)
        guard source.size >= newestFirstMinimumBytes else {
            close(fd)
            return .failure(.small)
        }
        let outcome: TailFirstLoad.Outcome
        do throws(LoadError) {
            guard try compression(of: source.bytes(at: 0, count: CompressionFormat.magicLength), fileName: fileName) == nil else {
                close(fd)
                return .failure(.stream)
            }
            let map: any ParallelMap = LoadThreads.count(requested: options.threads) > 1 ? ConcurrentMap() : SerialMap()
            outcome = try TailFirstLoad.readTail(source, options: options, map: map, reach: need.reach, enough: need.isMet)
        } catch {
            close(fd)
            // The front-to-back load reports what went wrong.
            return .failure(.layoutNotSettled)
        }
        switch outcome {
        case .tail(let tail):
            return .success(NewestRowsFile(fd: fd, source: source, tail: tail, options: options))
        case .frontToBack(let why):
            close(fd)
            return .failure(why)
        }
    }
}
