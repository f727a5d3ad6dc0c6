import Glibc

/// `archive.zip:member.csv`: one file of a zip archive that holds several, named by the
/// archive's path, a colon and the member's name in the archive. A path is read so only
/// when no file has the whole path as its name and a regular file has the part before a colon.
public struct ArchiveMemberPath: Sendable, Equatable {
    /// The archive's path.
    public let archive: String
    /// The member's name in the archive.
    public let member: String

    /// The path split at the first colon whose left part is a regular file; nil when the
    /// whole path names a file (or anything), or no such colon is found. `errno` is left as it was.
    public init?(_ path: String) {
        let saved = errno
        defer { errno = saved }
        var info = stat()
        guard path != "-", lstat(path, &info) != 0 else { return nil }
        var from = path.startIndex
        while let colon = path[from...].firstIndex(of: ":") {
            let archive = String(path[..<colon]), member = String(path[path.index(after: colon)...])
            if !archive.isEmpty, !member.isEmpty, stat(archive, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                self.archive = archive
                self.member = member
                return
            }
            from = path.index(after: colon)
        }
        return nil
    }

    /// The path as given.
    public var whole: String { "\(archive):\(member)" }
}
