import Glibc

/// A named thread of its own that runs one closure, and that its owner can wait for: the
/// tone writer runs on one (stopping the stream waits until it has written its last byte),
/// as do the reading of a file's older rows and the overview's loads. Released without a
/// `join`, the thread runs on by itself (detached).
///
/// Written on pthreads rather than taken from Foundation (`Thread`, which cannot be joined
/// and which would link Foundation into the viewer: issue 24).
public final class JoinableThread: @unchecked Sendable {
    private var thread: pthread_t?

    /// Starts `body` on a new thread named `name` (as `top -H` and `htop` show it, at most
    /// 15 bytes); nil when the system cannot start one.
    public init?(name: String, _ body: @escaping @Sendable () -> Void) {
        let named: @Sendable () -> Void = {
            Self.nameThisThread(name)
            body()
        }
        let box = Unmanaged.passRetained(Body(named))
        var created = pthread_t()
        let result = pthread_create(&created, nil, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            body.run()
            return nil
        }, box.toOpaque())
        guard result == 0 else {
            box.release()
            return nil
        }
        thread = created
    }

    /// Waits until the closure has returned; at once when it already has or was waited for.
    public func join() {
        guard let thread else { return }
        pthread_join(thread, nil)
        self.thread = nil
    }

    deinit {
        if let thread { pthread_detach(thread) }
    }

    /// Names the calling thread `name` (its first 15 bytes), through `/proc/thread-self/comm`
    /// (`pthread_setname_np` and `prctl` are not visible to Swift here); left unnamed where that fails.
    private static func nameThisThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
