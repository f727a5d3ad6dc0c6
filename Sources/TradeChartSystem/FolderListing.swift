import Glibc

/// The price files of a folder, as the overview lists them: regular files (or links to
/// them) whose names end as price files do (`.csv`, `.txt`, `.tsv`, and those compressed:
/// `.gz`, `.zst`, `.xz`, `.bz2`, `.zip`), hidden ones left out, in the folder's own order.
public enum FolderListing {
    /// The most files listed: a folder with more says so rather than reading them all.
    public static let mostFiles = 5_000

    /// What listing a folder gave.
    public enum Outcome: Sendable, Equatable {
        /// Not a folder (a file, or nothing there).
        case notAFolder
        /// The paths of its price files (the folder's path joined to each name), in its order;
        /// `skipped` counts the files left out beyond `mostFiles`.
        case files([String], skipped: Int)
        /// The folder could not be read: the system's words.
        case unreadable(String)
    }

    /// Lists the folder at `path`.
    public static func list(_ path: String) -> Outcome {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return .notAFolder }
        guard let dir = opendir(path) else { return .unreadable(String(cString: strerror(errno))) }
        defer { closedir(dir) }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        var found: [String] = []
        var skipped = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix("."), isPriceFileName(name) else { continue }
            var fileInfo = stat()
            guard stat(prefix + name, &fileInfo) == 0, (fileInfo.st_mode & S_IFMT) == S_IFREG else { continue }
            if found.count < mostFiles { found.append(prefix + name) } else { skipped += 1 }
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
}
