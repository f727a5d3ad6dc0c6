import Foundation
import Testing

/// `--follow` when the path stops being a plain growing file: a followed file replaced
/// by a FIFO leaves the viewer answering keys, and a FIFO is drawn as its rows arrive,
/// while its writer is still writing.
@Suite("Following through replacement in tmux", .serialized)
struct FollowReplacementTests {
    static let bin = TmuxSession.binary

    /// A FIFO's writing end, held open by the test.
    final class PipeWriter {
        let descriptor: Int32
        /// `O_RDWR` opens a FIFO without waiting for a reader (Linux), and keeps a writer on it.
        init(path: String, flags: Int32 = O_RDWR) throws {
            descriptor = open(path, flags | O_CLOEXEC)
            try #require(descriptor >= 0, "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        deinit { close(descriptor) }
        func send(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        }
    }

    static func temporaryPath(_ ending: String) -> String {
        NSTemporaryDirectory() + "tc-replace-\(UUID().uuidString.prefix(8)).\(ending)"
    }

    @Test func aFollowedFileReplacedByAPipeStillAnswersKeys() throws {
        let path = try FollowTests.intradayCopy()
        defer { unlink(path) }
        let t = try TmuxSession("\(Self.bin) --follow '\(path)'", width: 120, height: 40)
        try t.waitFor("3,092.91")
        // Replaced by a FIFO that no one writes to (yet).
        let fifo = Self.temporaryPath("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(rename(fifo, path) == 0)
        let waiting = try t.waitFor("replaced", timeout: 3)
        #expect(waiting.contains("waiting for rows"))
        // Keys still work while it waits: switch the range.
        try t.send("3")
        try t.waitFor("[1M]")
        // A writer comes: its rows replace the chart.
        let writer = try PipeWriter(path: path, flags: O_WRONLY | O_NONBLOCK)
        writer.send("Date,Close\n2024-03-01,1234.5\n2024-03-04,2345.25\n")
        let reloaded = try t.waitForScreen(timeout: 3) { FollowTests.header($0).contains("2,345.25") }
        #expect(FollowTests.header(reloaded).contains("2,345.25"))
        try Self.quit(t)
    }

    /// Quits with `q` and expects status 0; a viewer that does not quit is killed, not left behind.
    static func quit(_ t: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pid = try t.viewerPid()
        try t.send("q")
        let status = try t.waitForExit()
        #expect(status == 0, "the viewer quit on q", sourceLocation: sourceLocation)
        if status == nil, let pid { kill(pid, SIGKILL) }
    }

    @Test func aPipeIsDrawnWhileItsWriterKeepsWriting() throws {
        let fifo = Self.temporaryPath("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let writer = try PipeWriter(path: fifo)
        writer.send("Date,Close\n2024-03-01,1234.5\n2024-03-04,2345.25\n")
        let t = try TmuxSession("\(Self.bin) --follow '\(fifo)'", width: 120, height: 40)
        let first = try t.waitForScreen(timeout: 3) { FollowTests.header($0).contains("2,345.25") }
        #expect(FollowTests.header(first).contains("2,345.25"), "the rows show before the writer ends")
        writer.send("2024-03-05,2400.75\n")
        let later = try t.waitForScreen(timeout: 3) { FollowTests.header($0).contains("2,400.75") }
        #expect(FollowTests.header(later).contains("2,400.75"))
        try Self.quit(t)
    }
}
