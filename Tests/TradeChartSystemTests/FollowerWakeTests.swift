import Foundation
import Testing
import TradeChartCore
import TradeChartSystem

/// What wakes a follower between its looks: a followed file's change notifications (the
/// file and its folder watched), a pipe's data. Each test has a folder of its own, so
/// that no other test's files are in the folder watched.
@Suite("Follower wake-ups")
struct FollowerWakeTests {
    final class Folder {
        let path = NSTemporaryDirectory() + "tc-wake-\(UUID().uuidString)"
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func write(_ name: String, _ text: String) throws {
            try text.write(toFile: path + "/" + name, atomically: false, encoding: .utf8)
        }
        func append(_ name: String, _ text: String) throws {
            let handle = try #require(FileHandle(forWritingAtPath: path + "/" + name))
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try handle.close()
        }
    }

    static let rows = "date,close\n2024-01-02,10\n2024-01-03,11\n"

    /// Whether the follower's descriptor becomes readable within a second, and then what
    /// taking it says.
    static func woke(_ follower: Follower) -> Bool {
        guard let descriptor = follower.wakeDescriptor else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 1000) > 0 else { return false }
        return follower.takeWake()
    }

    /// Whether the follower's descriptor says anything now, without waiting.
    static func saysSomething(_ follower: Follower) -> Bool {
        guard let descriptor = follower.wakeDescriptor else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0 && follower.takeWake()
    }

    @Test func rowsAppendedWakeTheFollowerAndALookTakesTheWakeUp() throws {
        let folder = try Folder()
        try folder.write("a.csv", Self.rows)
        let follower = FileFollower(path: folder.path + "/a.csv", options: LoadOptions())
        guard case .updated = follower.poll() else { Issue.record("the first look gives the chart"); return }
        #expect(!Self.saysSomething(follower), "nothing changed since the look")
        try folder.append("a.csv", "2024-01-04,12\n")
        #expect(Self.woke(follower), "a row appended wakes the follower")
        #expect(!Self.saysSomething(follower), "the wake-up was taken")
        try folder.append("a.csv", "2024-01-05,13\n")
        // A look sees what the notifications said: they do not wake the loop again after it.
        guard case .appended = follower.poll() else { Issue.record("the look finds the row"); return }
        #expect(!Self.saysSomething(follower), "the look took the wake-up of what it read")
    }

    @Test func onALocalFileSystemTheFollowerLooksOnlyNowAndThenBesides() throws {
        let folder = try Folder()
        let follower = FileFollower(path: folder.path + "/later.csv", options: LoadOptions())
        #expect(follower.lookDue(every: 1) == 1, "nothing opened yet: looks at its interval")
        guard case .waiting = follower.poll() else { Issue.record("no file yet: waiting"); return }
        try folder.write("later.csv", Self.rows)
        #expect(Self.woke(follower), "the file created where the path points wakes the follower")
        guard case .updated = follower.poll() else { Issue.record("the file gives the chart"); return }
        #expect(follower.lookDue(every: 1) == FileFollower.safetyLookInterval, "a local file's notifications are trusted")
        #expect(follower.lookDue(every: 10) == 10, "an interval longer than the safety look is kept")
        try folder.append("later.csv", "2024-01-04,12\n")
        #expect(Self.woke(follower), "the file created later is watched: its rows wake the follower")
    }

    @Test func otherFilesOfTheFolderDoNotWakeTheFollower() throws {
        let folder = try Folder()
        try folder.write("a.csv", Self.rows)
        let follower = FileFollower(path: folder.path + "/a.csv", options: LoadOptions())
        _ = follower.poll()
        try folder.write("b.csv", Self.rows)
        try folder.append("b.csv", "2024-01-04,12\n")
        #expect(!Self.woke(follower), "another file written in the folder")
        #expect(rename(folder.path + "/b.csv", folder.path + "/c.csv") == 0)
        #expect(!Self.woke(follower), "another file renamed in the folder")
    }

    @Test func aFileReplacedByRotationWakesTheFollowerAndItsSuccessorIsWatched() throws {
        let folder = try Folder()
        try folder.write("a.csv", Self.rows)
        let follower = FileFollower(path: folder.path + "/a.csv", options: LoadOptions())
        _ = follower.poll()
        // Rotation: the file moved aside, a new one put at the path.
        #expect(rename(folder.path + "/a.csv", folder.path + "/a.csv.1") == 0)
        #expect(Self.woke(follower), "the file moved away")
        try folder.write("a.csv", "date,close\n2024-02-01,20\n2024-02-02,21\n")
        #expect(Self.woke(follower), "a new file at the path")
        guard case .updated(let loaded, reloaded: true) = follower.poll() else { Issue.record("the new file is read"); return }
        #expect(loaded.series.prices == [20, 21])
        try folder.append("a.csv", "2024-02-05,22\n")
        #expect(Self.woke(follower), "the new file's rows wake the follower")
        _ = follower.poll()
        // A writer still appending to the rotated file changes nothing that is followed.
        try folder.append("a.csv.1", "2024-01-04,12\n")
        #expect(!Self.woke(follower), "the rotated file's rows")
    }

    /// A history piped in ahead of a feed (`(cat history.csv; feed) | tradechart --follow -`)
    /// is read 8 MB a look, each look at once after the one before, not an interval later.
    /// (A file stands for the pipe: it is always readable, so the first look reads 8 MB.)
    @Test func aLookThatLeftInputUnreadIsFollowedAtOnce() throws {
        let folder = try Folder()
        var text = "date,close\n"
        var day = CivilDate(year: 1900, month: 1, day: 1).dayNumber
        while text.utf8.count < 10 << 20 {
            text += "\(CivilDate(dayNumber: day)),\(100 + day % 17)\n"
            day += 1
        }
        try folder.write("history.csv", text)
        let fd = open(folder.path + "/history.csv", O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        let follower = StreamFollower(descriptor: fd, name: "history", options: LoadOptions())
        guard case .updated = follower.poll() else { Issue.record("the first 8 MB give the chart"); return }
        #expect(follower.lookDue(every: 1) == 0, "input left unread: the next look at once")
        _ = follower.poll()
        #expect(follower.lookDue(every: 1) == nil, "the rest read to its end")
    }

    @Test func aPipeWakesTheFollowerWhenDataOrItsEndComes() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let follower = StreamFollower(descriptor: fds[0], name: "the pipe", options: LoadOptions())
        #expect(follower.wakeDescriptor == fds[0])
        #expect(!Self.saysSomething(follower), "nothing written yet")
        _ = "date,close\n2024-01-02,10\n".utf8CString.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, $0.count - 1) }
        #expect(Self.woke(follower), "data wakes the follower")
        _ = follower.poll()
        #expect(!Self.saysSomething(follower), "the look read it")
        close(fds[1])
        #expect(Self.woke(follower), "the end of the input wakes the follower")
        _ = follower.poll()
        #expect(follower.wakeDescriptor == nil && follower.lookDue(every: 1) == nil, "an ended input is not looked at again")
    }
}
