import CFileSystem
import Glibc

/// Hears when a followed path may have changed, without looking at it: an inotify
/// descriptor that watches the file (written, truncated, touched, moved or deleted) and
/// its folder (a file of the path's name created, moved in or out, deleted: a file
/// replaced, log rotation). The descriptor goes into the loop's `poll`, so a follower
/// sleeps while its file is unchanged and looks as soon as it changes.
///
/// Notifications are trusted alone only on a local file system: on NFS, SMB, FUSE and the
/// like another machine's writes send none (`isTrusted` false: the follower then looks at
/// its interval as well, as GNU tail does). Nil where inotify cannot be had (no instances
/// left: `fs.inotify.max_user_instances`); the follower then looks at its interval.
final class FileChangeWatch {
    /// Readable when an event is waiting; non-blocking, closed on `exec`.
    let descriptor: Int32
    private let path: [UInt8]
    /// The path's last part, as the folder's events name it.
    private let name: [UInt8]
    private var fileWatch: Int32 = -1
    private var folderWatch: Int32 = -1
    /// False until a file was opened on a local file system (see the type's comment).
    private(set) var isTrusted = false
    private var buffer = [UInt8](repeating: 0, count: 4096)

    private static let fileEvents = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVE_SELF | IN_DELETE_SELF)
    private static let folderEvents = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ONLYDIR)

    /// Watches the path of these bytes and its folder; nil when inotify cannot be had.
    init?(pathBytes: [UInt8]) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        descriptor = fd
        path = pathBytes
        let slash = pathBytes.lastIndex(of: UInt8(ascii: "/"))
        name = Array(pathBytes[(slash.map { $0 + 1 } ?? 0)...])
        let folder: [UInt8] = switch slash {
        case nil: Array(".".utf8)
        case 0: Array("/".utf8)
        case let at?: Array(pathBytes[..<at])
        }
        folderWatch = Self.addWatch(fd, folder, Self.folderEvents)
        fileWatch = Self.addWatch(fd, pathBytes, Self.fileEvents)
        guard folderWatch >= 0 || fileWatch >= 0 else {
            close(fd)
            return nil
        }
    }

    deinit { close(descriptor) }

    /// The file at the path was opened (first, or again after it was replaced) as `opened`:
    /// the watch moves to it, and whether its notifications can be trusted is asked again.
    func watchFile(opened: Int32) {
        let watch = Self.addWatch(descriptor, path, Self.fileEvents)
        // The file replaced keeps its watch otherwise: a writer still appending to a rotated log would wake the follower.
        if fileWatch >= 0 && watch != fileWatch { inotify_rm_watch(descriptor, fileWatch) }
        fileWatch = watch
        isTrusted = watch >= 0 && folderWatch >= 0 && tc_file_system_is_remote(opened) == 0
    }

    /// Reads every event waiting, without blocking; true when one concerns the followed
    /// path (or events were lost: the queue overflowed), so that a look is worth making.
    func takeEvents() -> Bool {
        var concerned = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return concerned }
            buffer.withUnsafeBytes { bytes in
                var at = 0
                let header = MemoryLayout<inotify_event>.size
                while at + header <= n {
                    let event = bytes.loadUnaligned(fromByteOffset: at, as: inotify_event.self)
                    let length = Int(event.len)
                    if event.mask & UInt32(IN_Q_OVERFLOW) != 0 || event.wd == fileWatch {
                        concerned = true
                        // The file was deleted (or its file system unmounted): its watch is gone.
                        if event.wd == fileWatch && event.mask & UInt32(IN_IGNORED) != 0 { fileWatch = -1 }
                    } else if event.wd == folderWatch {
                        // The name is NUL-padded.
                        let named = bytes[(at + header)..<min(n, at + header + length)].prefix { $0 != 0 }
                        if named.elementsEqual(name) {
                            concerned = true
                            // A file created where there was none: watch it at once, so that its writes wake too.
                            if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, fileWatch < 0 {
                                fileWatch = Self.addWatch(descriptor, path, Self.fileEvents)
                            }
                        }
                    }
                    at += header + length
                }
            }
        }
    }

    private static func addWatch(_ fd: Int32, _ path: [UInt8], _ events: UInt32) -> Int32 {
        (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { inotify_add_watch(fd, $0.baseAddress!, events) }
        }
    }
}
