import Glibc

/// `--follow` on a compressed file: bytes appended to it cannot be decoded without reading
/// the whole file again, so it is not followed but read once and shown as it is, and said so.
public enum CompressedFollowing {
    /// What is said instead of following the file at `path`; nil when it is not a compressed
    /// regular file (or a member of a zip archive, `archive.zip:member`).
    public static func note(path: String) -> String? {
        guard path != "-" else { return nil }
        if ArchiveMemberPath(path) != nil { return text(path, .zip) }
        // Regular files only: a FIFO is not opened here (a writer would be let in and cut off).
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let first = (try? FileBytes(fd: fd, size: Int(info.st_size), name: path).bytes(at: 0, count: CompressionFormat.magicLength)) ?? []
        guard let format = CompressionFormat(magic: first) else { return nil }
        return text(path, format)
    }

    private static func text(_ path: String, _ format: CompressionFormat) -> String {
        "\(path) is compressed (\(format.name)): it cannot be followed, so it is shown as it is now"
    }
}
