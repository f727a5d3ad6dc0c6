import Glibc
import TradeChartCore

/// Loading from files: the entry points the program calls. They open the file, tell a
/// regular file (read in parts on every core when it is 4 MiB or more, `FileBytes`,
/// `ConcurrentMap`) from a stream (standard input, a pipe: one pass as it arrives,
/// `FileStream`), and hand the bytes to the core's loader; a compressed file is decoded
/// as it is read (`loadCompressed`), a zip archive's member named as `archive.zip:member`.
extension SeriesLoader {
    /// Loads the file at `path`; `-` reads standard input. `progress`, when given, is
    /// told how far the load has come a few times a second and may cancel it.
    public static func load(path: String, options: LoadOptions = .init(),
                            progress: LoadProgressReporting? = nil) throws(LoadError) -> LoadedSeries {
        let isStdin = path == "-"
        let file = isStdin ? "standard input" : path
        let fd: Int32 = isStdin ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT, let member = ArchiveMemberPath(path) { return try load(member: member, options: options, progress: progress) }
            throw .cannotOpen(file: file, reason: errorText(code))
        }
        defer { if !isStdin { close(fd) } }
        return try load(descriptor: fd, fileName: file, options: options, progress: progress)
    }

    /// Loads the file the system names by `pathBytes` (which need not be UTF-8), `shown` its
    /// name in messages: by its path when the bytes are that text (so `archive.zip:member`
    /// works), else opened by its bytes.
    public static func load(pathBytes: [UInt8], shown: String, options: LoadOptions = .init(),
                            progress: LoadProgressReporting? = nil) throws(LoadError) -> LoadedSeries {
        if shown == "-" || Array(shown.utf8) == pathBytes { return try load(path: shown, options: options, progress: progress) }
        let fd = (pathBytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_CLOEXEC) }
        }
        guard fd >= 0 else { throw LoadError.cannotOpen(file: shown, reason: errorText(errno)) }
        defer { close(fd) }
        return try load(descriptor: fd, fileName: shown, options: options, progress: progress)
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
        if let size, lseek(fd, 0, SEEK_CUR) == 0 {
            if let loaded = try loadCompressed(file: fd, size: size, fileName: file, options: options, progress: progress) {
                return loaded
            }
            return try load(FileBytes(fd: fd, size: size, name: file), options: options,
                            parts: LoadThreads.count(requested: options.threads),
                            map: ConcurrentMap(), pages: SystemPages(), progress: progress)
        }
        return try loadMaybeCompressed(FileStream(fd: fd, name: file), size: size, options: options, progress: progress)
    }

    /// The system's text for an `errno` value, for messages.
    public static func errorText(_ code: Int32) -> String {
        guard let s = strerror(code) else { return "error \(code)" }
        return String(cString: s)
    }
}
