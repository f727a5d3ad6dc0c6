import Foundation
import Testing

/// A call watched from another thread.
private final class Watched<T>: @unchecked Sendable {
    let body: () -> T
    var result: T?
    let done = DispatchSemaphore(value: 0)
    init(_ body: @escaping () -> T) { self.body = body }
}

/// Runs `body` on a thread of its own and waits at most `seconds` for it, so a regression
/// that blocks (in `open(2)` of a pipe, say) fails the test instead of hanging the run.
/// On a timeout the issue is recorded, `unblock` is called to free the stuck thread when
/// that is possible (opening a pipe's other end), and the result is nil.
func withinTimeLimit<T>(_ what: String, seconds: Double = 10, unblock: () -> Void = {},
                        sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping () -> T) -> T? {
    let watched = Watched(body)
    Thread {
        watched.result = watched.body()
        watched.done.signal()
    }.start()
    guard watched.done.wait(timeout: .now() + seconds) == .timedOut else { return watched.result }
    Issue.record("\(what) did not return within \(seconds) s", sourceLocation: sourceLocation)
    unblock()
    _ = watched.done.wait(timeout: .now() + 1)
    return nil
}

/// Opens the writing end of the pipe at `path` and closes it again: a reader stuck in
/// `open(2)` on it returns (and reads an end of input).
func releaseReaderOfPipe(at path: String) {
    let fd = open(path, O_WRONLY | O_NONBLOCK)
    if fd >= 0 { close(fd) }
}
