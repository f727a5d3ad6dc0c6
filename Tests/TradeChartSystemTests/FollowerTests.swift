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
        /// Writes over the start of the file without truncating it (an in-place rewrite).
        func overwrite(_ text: String) throws {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.write(Data(text.utf8))
            try handle.close()
        }
        /// Sets the file's modification time (and so moves its inode change time).
        func setModified(seconds: Int) {
            var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        /// Puts `make(temporaryPath)`'s result at the path in one rename, as a rotation does.
        func replace(by make: (String) -> Void) {
            let temporary = path + ".new"
            make(temporary)
            #expect(rename(temporary, path) == 0)
        }
    }

    /// A FIFO's writing end (opened once the follower reads it, so the open does not block).
    final class PipeWriter {
        let descriptor: Int32
        init(path: String) throws {
            descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            try #require(descriptor >= 0, "a reader has the pipe open")
        }
        func send(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        }
        func close() { _ = Glibc.close(descriptor) }
    }

    /// A look that must come back at once: a look that blocks fails the test (and is freed).
    static func look(_ follower: Shown<FileFollower>, sourceLocation: SourceLocation = #_sourceLocation) -> FollowChange? {
        withinTimeLimit("a look at \(follower.path)", unblock: { releaseReaderOfPipe(at: follower.path) },
                        sourceLocation: sourceLocation) { follower.poll() }
    }

    static func waitingReason(_ change: FollowChange?) -> String? {
        guard case .waiting(let reason) = change else { return nil }
        return reason
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
        let follower = Shown(FileFollower(path: file.path, options: LoadOptions()))
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
        let follower = Shown(FileFollower(path: file.path, options: LoadOptions()))
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
        let follower = Shown(StreamFollower(descriptor: fds[0], name: "pipe", options: LoadOptions()))
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
        #expect(follower.lookDue(every: 1) == nil)
        #expect(follower.poll() == .none)
    }

    @Test func waitingForAChartEndsWithAProblemWhenTheStreamEndsTooSoon() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        _ = "Date,Close\n2024-01-02,10\n".utf8CString.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, $0.count - 1) }
        close(fds[1])
        let follower = Shown(StreamFollower(descriptor: fds[0], name: "pipe", options: LoadOptions()))
        guard case .problem(let reason) = follower.waitForChart(onWait: { _ in }) else {
            Issue.record("expected a problem")
            return
        }
        #expect(reason.contains("two"))
    }

    // MARK: - Following through replacement

    static let threeDays = "Date,Close\n2024-01-02,10\n2024-01-03,11\n2024-01-04,12\n"

    /// A file of three days, followed, after the first look read it.
    static func followingThreeDays(sourceLocation: SourceLocation = #_sourceLocation) throws -> (TempFile, Shown<FileFollower>) {
        let file = TempFile()
        try file.write(threeDays)
        let follower = Shown(FileFollower(path: file.path, options: LoadOptions()))
        #expect(prices(follower.poll()) == [10, 11, 12], sourceLocation: sourceLocation)
        return (file, follower)
    }

    @Test func aFileRewrittenInPlaceAtTheSameSizeShowsTheNewPrices() throws {
        let (file, follower) = try Self.followingThreeDays()
        // At once, in the same clock tick as the look: the bytes read last differ.
        try file.overwrite("Date,Close\n2024-01-02,20\n2024-01-03,21\n2024-01-04,22\n")
        let change = follower.poll()
        #expect(Self.prices(change) == [20, 21, 22])
        #expect(Self.reloaded(change))
        #expect(follower.poll() == .none)
    }

    @Test func aRewriteThatKeepsTheLastRowsIsToldByTheFilesTimes() throws {
        let file = TempFile()
        let rows = (3...20).map { String(format: "2024-01-%02d,%d\n", $0, $0) }.joined()
        try file.write("Date,Close\n2024-01-02,10\n" + rows)
        file.setModified(seconds: 1_700_000_000)
        let follower = Shown(FileFollower(path: file.path, options: LoadOptions()))
        #expect(Self.prices(follower.poll())?.first == 10)
        // Only the first price changes, far before the last bytes read; the write moves the file's times.
        try file.overwrite("Date,Close\n2024-01-02,90\n")
        let change = follower.poll()
        #expect(Self.prices(change)?.first == 90)
        #expect(Self.prices(change)?.count == 19)
        #expect(Self.reloaded(change))
    }

    @Test func aFileOnlyTouchedIsNotReloaded() throws {
        let (file, follower) = try Self.followingThreeDays()
        file.setModified(seconds: 1_800_000_000)
        #expect(follower.poll() == .none, "the same rows: nothing to redraw, nothing to say")
        try file.append("2024-01-05,13\n")
        #expect(Self.prices(follower.poll()) == [10, 11, 12, 13])
    }

    @Test func aPipeIsFollowedAsRowsArriveAcrossWriters() throws {
        let path = NSTemporaryDirectory() + "tc-follower-\(UUID().uuidString).fifo"
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let follower = Shown(FileFollower(path: path, options: LoadOptions()))
        // No writer yet: the look comes back at once and says what it waits for.
        let first = Self.look(follower)
        #expect(Self.waitingReason(first)?.contains("pipe") == true, "\(String(describing: first))")
        let writer = try PipeWriter(path: path)
        writer.send("Date,Close\n2024-01-02,10\n2024-01-03,11\n")
        // The writer is still there: the rows show now, not when it ends.
        #expect(Self.prices(Self.look(follower) ?? .none) == [10, 11])
        writer.send("2024-01-04,12\n2024-01-05,1")
        #expect(Self.prices(Self.look(follower) ?? .none) == [10, 11, 12], "a partial line waits")
        writer.send("3")
        writer.close()
        // The writer's end completes its last line.
        #expect(Self.prices(Self.look(follower) ?? .none) == [10, 11, 12, 13])
        #expect(Self.look(follower) == FollowChange.none)
        // The next writer's rows follow on.
        let next = try PipeWriter(path: path)
        next.send("2024-01-08,14\n")
        #expect(Self.prices(Self.look(follower) ?? .none) == [10, 11, 12, 13, 14])
        next.close()
    }

    @Test func aFileReplacedByAPipeDoesNotFreezeTheViewer() throws {
        let (file, follower) = try Self.followingThreeDays()
        file.replace { #expect(mkfifo($0, 0o600) == 0) }
        let change = Self.look(follower)
        #expect(Self.waitingReason(change)?.contains("replaced") == true, "\(String(describing: change))")
        let writer = try PipeWriter(path: file.path)
        writer.send("Date,Close\n2025-02-03,30\n2025-02-04,31\n")
        let reloaded = Self.look(follower) ?? .none
        #expect(Self.prices(reloaded) == [30, 31])
        #expect(Self.reloaded(reloaded))
        writer.close()
    }

    @Test func aPathThatBecomesADirectoryOrADeviceIsWaitedOut() throws {
        let (file, follower) = try Self.followingThreeDays()
        // A directory.
        #expect(unlink(file.path) == 0 && mkdir(file.path, 0o700) == 0)
        var change = Self.look(follower)
        #expect(Self.waitingReason(change)?.contains("is a directory") == true, "\(String(describing: change))")
        #expect(rmdir(file.path) == 0)
        try file.write("Date,Close\n2025-02-03,30\n2025-02-04,31\n")
        change = Self.look(follower)
        #expect(Self.prices(change ?? .none) == [30, 31])
        #expect(Self.reloaded(change ?? .none))
        // A device that never ends (/dev/zero): not read, so no endless read.
        file.replace { #expect(symlink("/dev/zero", $0) == 0) }
        change = Self.look(follower)
        #expect(Self.waitingReason(change)?.contains("not a regular file or a pipe") == true, "\(String(describing: change))")
        #expect(Self.look(follower).map(Self.waitingReason) != nil)
        file.replace { try? "Date,Close\n2026-03-02,40\n2026-03-03,41\n".write(toFile: $0, atomically: false, encoding: .utf8) }
        change = Self.look(follower)
        #expect(Self.prices(change ?? .none) == [40, 41])
        #expect(Self.reloaded(change ?? .none))
    }

    @Test(arguments: ["directory", "device"])
    func followingADirectoryOrADeviceIsAProblemAtOnce(kind: String) throws {
        let folder = NSTemporaryDirectory() + "tc-follower-\(UUID().uuidString)"
        #expect(mkdir(folder, 0o700) == 0)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = kind == "directory" ? folder : "/dev/zero"
        let follower = Shown(FileFollower(path: path, options: LoadOptions()))
        let change = withinTimeLimit("waiting for a chart from \(path)") {
            follower.waitForChart(onWait: { _ in })
        }
        guard case .problem(let reason) = change else {
            Issue.record("expected a problem, got \(String(describing: change))")
            return
        }
        #expect(reason.contains(kind == "directory" ? "is a directory" : "not a regular file or a pipe"))
    }
}
