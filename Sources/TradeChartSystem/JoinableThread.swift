import Glibc

/// A thread of its own that runs one closure, and that its owner can wait for: the tone
/// writer runs on one, and stopping the stream waits until it has written its last byte.
///
/// Written on pthreads rather than taken from Foundation (`Thread`, which cannot be joined
/// and which would link Foundation into the viewer: issue 24).
final class JoinableThread: @unchecked Sendable {
    private var thread: pthread_t?

    /// Starts `body` on a new thread; nil when the system cannot start one.
    init?(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body))
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
    func join() {
        guard let thread else { return }
        pthread_join(thread, nil)
        self.thread = nil
    }

    deinit {
        if let thread { pthread_detach(thread) }
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
