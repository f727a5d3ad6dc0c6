import Foundation
import Testing
import TradeChartCore
import TradeChartSystem

/// The file and stream followers without a terminal: what each look finds.
@Suite("Followers")
struct FollowerTests {
    final class TempFile {
        let path = NSTemporaryDirectory() + "tc-follower-\(UUID().uuidString).csv"
        deinit { unlink(path) }
        func write(_ text: String) throws { try text.write(toFile: path, atomically: false, encoding: .utf8) }
        func append(_ text: String) throws {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try handle.close()
        }
    }

    /// The prices of an `.updated` look, nil for any other.
    static func prices(_ change: FollowChange) -> [Double]? {
        guard case .updated(let loaded, _) = change else { return nil }
        return loaded.series.prices
    }

    static func reloaded(_ change: FollowChange) -> Bool {
        if case .updated(_, reloaded: true) = change { return true }
        return false
    }

    @Test func appendedRowsArriveAndAPartialLineWaits() throws {
        let file = TempFile()
        try file.write("Date,Close\n2024-01-02,10\n2024-01-03,11\n")
        let follower = FileFollower(path: file.path, options: LoadOptions())
        #expect(Self.prices(follower.poll()) == [10, 11])
        #expect(follower.poll() == .none, "nothing new")
        try file.append("2024-01-04,1")
        #expect(follower.poll() == .none, "a partial line waits")
        try file.append("2\n2024-01-05,13\n")
        #expect(Self.prices(follower.poll()) == [10, 11, 12, 13])
    }

    @Test func truncatedOrReplacedFilesAreReloaded() throws {
        let file = TempFile()
        try file.write("Date,Close\n2024-01-02,10\n2024-01-03,11\n")
        let follower = FileFollower(path: file.path, options: LoadOptions())
        _ = follower.poll()
        // Truncated, then rewritten past the old size between two looks.
        try file.write("Date,Close\n2025-02-02,20\n2025-02-03,21\n2025-02-04,22\n")
        var change = follower.poll()
        #expect(Self.prices(change) == [20, 21, 22])
        #expect(Self.reloaded(change))
        // Truncated to nothing: it waits, then reloads when rows come.
        try file.write("")
        guard case .waiting(let reason) = follower.poll() else { Issue.record("expected waiting"); return }
        #expect(reason.contains("truncated or replaced"))
        try file.write("Date,Close\n2026-03-02,30\n2026-03-03,31\n")
        change = follower.poll()
        #expect(Self.prices(change) == [30, 31])
        #expect(Self.reloaded(change))
        // Replaced by another file (rotation by rename).
        let other = TempFile()
        try other.write("Date,Close\n2027-01-02,40\n2027-01-03,41\n")
        #expect(rename(other.path, file.path) == 0)
        change = follower.poll()
        #expect(Self.prices(change) == [40, 41])
        #expect(Self.reloaded(change))
    }

    @Test func aStreamIsReadAsItComesAndEnds() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let follower = StreamFollower(descriptor: fds[0], name: "pipe", options: LoadOptions())
        func send(_ text: String) { _ = text.utf8CString.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, $0.count - 1) } }
        #expect(follower.poll() == .none, "nothing there yet, and the look does not block")
        send("Date,Close\n2024-01-02,10\n")
        guard case .waiting = follower.poll() else { Issue.record("one price: waiting"); return }
        send("2024-01-03,11\n2024-01-04,1")
        #expect(Self.prices(follower.poll()) == [10, 11], "the partial last line waits")
        #expect(follower.poll() == .none, "nothing new")
        send("2\n")
        #expect(Self.prices(follower.poll()) == [10, 11, 12])
        send("2024-01-05,13")
        close(fds[1])
        // The end of the input ends the last line, and the follower stops looking.
        #expect(Self.prices(follower.poll()) == [10, 11, 12, 13])
        #expect(follower.nextLook == nil)
        #expect(follower.poll() == .none)
    }

    @Test func waitingForAChartEndsWithAProblemWhenTheStreamEndsTooSoon() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        _ = "Date,Close\n2024-01-02,10\n".utf8CString.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, $0.count - 1) }
        close(fds[1])
        let follower = StreamFollower(descriptor: fds[0], name: "pipe", options: LoadOptions())
        guard case .problem(let reason) = follower.waitForChart(onWait: { _ in }) else {
            Issue.record("expected a problem")
            return
        }
        #expect(reason.contains("two"))
    }
}
