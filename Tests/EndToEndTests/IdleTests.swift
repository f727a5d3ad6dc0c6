import Foundation
import Testing

/// A viewer left open costs nothing, as `less` would: once the chart is drawn and the
/// state file written, the process has no thread but its own and does not wake until a
/// key, a resize or a signal comes. Each file here takes a path that once started a
/// thread of Dispatch's (whose pool's monitor then woke the process every second, for
/// good): a small file with the state file read on a thread of its own, a compressed one
/// decoded ahead on another thread, and a large one read on every core with its older
/// rows read behind the first frame.
@Suite("Idle viewer", .serialized)
struct IdleTests {
    enum File: String, CaseIterable, CustomTestStringConvertible {
        case small, compressed, large
        var testDescription: String { rawValue }
    }

    /// The context switches of each thread of `pid` by thread id (`/proc/PID/task/*/schedstat`,
    /// third field: how often the thread was put on a core, so once per wake).
    static func switches(of pid: Int32) throws -> [String: Int] {
        let folder = "/proc/\(pid)/task"
        var result: [String: Int] = [:]
        for task in try FileManager.default.contentsOfDirectory(atPath: folder) {
            guard let text = try? String(contentsOfFile: "\(folder)/\(task)/schedstat", encoding: .utf8) else { continue }
            let fields = text.split(separator: " ")
            if fields.count >= 3, let count = Int(fields[2].trimmingCharacters(in: .whitespacesAndNewlines)) {
                result[task] = count
            }
        }
        return result
    }

    /// A generated intraday file of `rows` rows (6 MB for 100,000: above the size read on every core).
    static func largeFile(in folder: String, rows: Int = 100_000) throws -> String {
        var text = "time,open,high,low,close,volume\n"
        text.reserveCapacity(rows * 64)
        var price = 100.0
        for i in 0..<rows {
            price *= 1 + Double((i * 7919) % 201 - 100) / 100_000
            let p = String(format: "%.4f", price)
            text += "\(1_600_000_000 + i * 60),\(p),\(p),\(p),\(p),\(1000 + i % 97)\n"
        }
        let path = folder + "/large.csv"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: File.allCases)
    func aViewerLeftOpenKeepsNoOtherThreadAndNeverWakes(_ file: File) throws {
        let folder = NSTemporaryDirectory() + "tc-idle-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = switch file {
        case .small: "Data/dax.csv"
        case .compressed: "Tests/TradeChartSystemTests/Compression/Fixtures/dax300.csv.gz"
        case .large: try Self.largeFile(in: folder)
        }
        let t = try TmuxSession("\(TmuxSession.binary) '\(path)'", width: 100, height: 30)
        _ = try t.waitForScreen(timeout: 30, "the chart") { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }
        // A range chosen is remembered: the state file is written on a thread of its own.
        try t.send("3")
        _ = try t.waitForScreen(timeout: 10, "the range 1M") { $0.contains("1M ·") }
        let pid = try #require(try t.viewerPid())
        // The older rows, the state file: every other thread ends once its work is done.
        let deadline = Date().addingTimeInterval(20)
        var threads = try Self.switches(of: pid)
        while threads.count > 1 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            threads = try Self.switches(of: pid)
        }
        #expect(threads.count == 1, "threads left running: \(threads.count)")
        Thread.sleep(forTimeInterval: 0.5)
        let before = try Self.switches(of: pid)
        Thread.sleep(forTimeInterval: 3)
        let after = try Self.switches(of: pid)
        #expect(after == before, "woke while idle: \(before) -> \(after)")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    /// A followed file left unchanged costs next to nothing too: the viewer sleeps until the
    /// file's change notifications wake it (and looks now and then besides, for what they
    /// may miss) instead of polling the file several times a second; a row appended still
    /// shows at once.
    @Test func aFollowedFileLeftUnchangedWakesTheViewerOnlyNowAndThen() throws {
        let folder = NSTemporaryDirectory() + "tc-idle-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/dax.csv"
        try FileManager.default.copyItem(atPath: "Data/dax.csv", toPath: path)
        let t = try TmuxSession("\(TmuxSession.binary) --no-state --follow '\(path)'", width: 100, height: 30)
        _ = try t.waitForScreen(timeout: 30, "the chart") { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }
        let pid = try #require(try t.viewerPid())
        Thread.sleep(forTimeInterval: 1)
        let before = try Self.switches(of: pid)
        Thread.sleep(forTimeInterval: 4)
        let after = try Self.switches(of: pid)
        let wakes = after.reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
        #expect(wakes <= 2, "woke \(wakes) times in 4 s of an unchanged followed file")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("2019-05-14,12000,12100,11900,12345.67,12345.67,100000000\n".utf8))
        try handle.close()
        _ = try t.waitForScreen(timeout: 3, "the appended row's close in the header") {
            ($0.components(separatedBy: "\n").first ?? "").contains("12,345.67")
        }
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }
}
