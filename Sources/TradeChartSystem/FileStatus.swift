#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one `stat(2)` says about a followed path: which file it is (device and inode),
/// what kind of file, how large, and when its bytes or its inode last changed (with
/// nanoseconds). A follower compares two of them to tell appended rows from a file
/// truncated, replaced, or rewritten in place.
struct FileStatus: Equatable {
    enum Kind: Equatable {
        case regular
        /// A FIFO (or a pipe): followed as a stream, like standard input.
        case pipe
        case directory
        /// A device, a socket: nothing a follower reads.
        case other

        /// What a follower can read.
        var isFollowable: Bool { self == .regular || self == .pipe }
    }

    var device: UInt64
    var inode: UInt64
    var kind: Kind
    var size: Int64
    /// The last write to the bytes (mtime), seconds and nanoseconds.
    var modified: Timestamp
    /// The last change to the inode (ctime): also moves when mtime is set back by hand.
    var changed: Timestamp

    struct Timestamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
    }

    /// The status of what the path of these bytes (any but NUL, UTF-8 or not) names now.
    init?(pathBytes: [UInt8]) {
        var info = stat()
        let found = (pathBytes + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) }
        }
        guard found == 0 else { return nil }
        self.init(info)
    }

    /// The status of an open file.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFIFO: kind = .pipe
        case S_IFDIR: kind = .directory
        default: kind = .other
        }
        size = Int64(info.st_size)
        modified = Timestamp(seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
        changed = Timestamp(seconds: info.st_ctim.tv_sec, nanoseconds: info.st_ctim.tv_nsec)
    }

    /// True when both name the same file (not a new one put at the path).
    func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode && kind == other.kind
    }

    /// True when the file was written to or its inode changed since `other` was taken.
    func wasTouched(since other: FileStatus) -> Bool {
        modified != other.modified || changed != other.changed
    }

    /// Why a follower cannot read a file of this kind.
    var refusal: String {
        kind == .directory ? "is a directory" : "is not a regular file or a pipe (a device or a socket)"
    }
}
