import Glibc

/// The price files of a folder, as the overview lists them: regular files (or links to
/// them) whose names end as price files do (`.csv`, `.txt`, `.tsv`, and those compressed:
/// `.gz`, `.zst`, `.xz`, `.bz2`, `.zip`), hidden ones left out, in the folder's own order.
/// Names are kept as the system's bytes (they need not be UTF-8) beside their text.
public enum FolderListing {
    /// The most files listed: a folder with more says so rather than reading them all.
    public static let mostFiles = 10_000

    /// A file of the folder: its path as the system's bytes and as shown (repaired to UTF-8).
    public struct File: Sendable, Equatable {
        public var bytes: [UInt8]
        public var shown: String

        public init(bytes: [UInt8], shown: String) {
            self.bytes = bytes
            self.shown = shown
        }
    }

    /// What listing a folder gave.
    public enum Outcome: Sendable, Equatable {
        /// Not a folder (a file, or nothing there).
        case notAFolder
        /// Its price files, in its order; `skipped` counts those left out beyond `mostFiles`.
        case files([File], skipped: Int)
        /// The folder could not be read: the system's words.
        case unreadable(String)
    }

    /// Lists the folder the system names by `path`.
    public static func list(_ path: [UInt8]) -> Outcome {
        var info = stat()
        guard withCPath(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return .notAFolder }
        guard let dir = withCPath(path, { opendir($0) }) else { return .unreadable(String(cString: strerror(errno))) }
        defer { closedir(dir) }
        let prefix = path.last == UInt8(ascii: "/") ? path : path + [UInt8(ascii: "/")]
        var found: [File] = []
        var skipped = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            let text = String(decoding: name, as: UTF8.self)
            guard name.first != UInt8(ascii: "."), isPriceFileName(text) else { continue }
            var fileInfo = stat()
            let full = prefix + name
            guard withCPath(full, { stat($0, &fileInfo) }) == 0, (fileInfo.st_mode & S_IFMT) == S_IFREG else { continue }
            if found.count < mostFiles {
                found.append(File(bytes: full, shown: String(decoding: full, as: UTF8.self)))
            } else {
                skipped += 1
            }
        }
        return .files(found, skipped: skipped)
    }

    /// Whether a file of this name is read as prices.
    public static func isPriceFileName(_ name: String) -> Bool {
        var lower = Substring(name.lowercased())
        for ending in [".gz", ".zst", ".xz", ".bz2"] where lower.hasSuffix(ending) {
            lower = lower.dropLast(ending.count)
            break
        }
        return [".csv", ".txt", ".tsv", ".zip"].contains { lower.hasSuffix($0) && lower.count > $0.count }
    }

    static func withCPath<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (path + [0]).withUnsafeBufferPointer { buffer in buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }
}
