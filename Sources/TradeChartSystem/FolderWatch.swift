import TradeChartCore

/// Follows the overview's files (`--follow`): a look stats every file listed and, for a
/// folder, lists it again; a file that changed (grew, was rewritten or replaced) is read
/// again behind the screen, and a new price file in the folder is added. Files are read
/// whole again when they change: the overview's files are small, and a row shows one
/// close and one sparkline, so nothing finer is worth keeping.
public final class FolderWatch {
    /// The folder listed again at each look, nil for files given one by one.
    private let folder: [UInt8]?
    private let options: LoadOptions
    private var paths: [(bytes: [UInt8], shown: String)]
    private var seen: [FileStatus?]
    /// The files being read again (their numbers), and their reading.
    private var reading: (files: [Int], loads: BackgroundLoads)?

    /// What a look found.
    public enum Change: Sendable, Equatable {
        /// A new price file in the folder, numbered after the others.
        case added(path: String)
        /// What file number `k` gave when it was read again.
        case read(Int, OverviewEntry.Content)
    }

    /// Watches `paths` as they are now (the first load reads them), and `folder` for new files.
    public init(folder: [UInt8]?, paths: [(bytes: [UInt8], shown: String)], options: LoadOptions) {
        self.folder = folder
        self.options = options
        self.paths = paths
        seen = paths.map { FileStatus(pathBytes: $0.bytes) }
    }

    /// One look: the files read again since the last, the new ones, and the reading of
    /// those that changed started.
    public func look() -> [Change] {
        var changes: [Change] = []
        if let (files, loads) = reading, loads.isDone {
            loads.wait()
            changes += loads.take().map { .read(files[$0.0], $0.1) }
            reading = nil
        }
        if let folder, case .files(let listed, _) = FolderListing.list(folder) {
            let known = Set(paths.map(\.bytes))
            for file in listed where !known.contains(file.bytes) {
                paths.append((file.bytes, file.shown))
                seen.append(nil)
                changes.append(.added(path: file.shown))
            }
        }
        guard reading == nil else { return changes }
        var changed: [Int] = []
        for k in paths.indices {
            let now = FileStatus(pathBytes: paths[k].bytes)
            if now != seen[k] {
                seen[k] = now
                changed.append(k)
            }
        }
        if !changed.isEmpty {
            reading = (changed, BackgroundLoads(paths: changed.map { paths[$0] }, options: options))
        }
        return changes
    }

    /// Whether files are being read again (the next look should come soon).
    public var isReading: Bool { reading != nil }
}
