import Foundation
import Testing
@testable import TradeChartCore
@testable import TradeChartSystem

/// A large file read newest rows first from the disk (issue 24): the newest rows hold the
/// opening range, the rest read on threads (and behind the first frame, on a thread of its
/// own) gives exactly what loading the file front to back gives; the files read front to
/// back say why.
@Suite("Large files, newest rows first")
struct NewestRowsFileTests {
    /// Hourly bars for about seventeen years (past 4 MiB), with a quoted note holding a line
    /// break now and then, a bad row and a row without a price.
    static func text(newestFirst: Bool = false) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var lines: [String] = []
        var time = 1_000_000_000
        var size = 0
        while size < 5 << 20 {
            time += 3600
            let date = CivilDate(dayNumber: Int64(time / 86_400))
            let stamp = "\(date.year)-\(two(date.month))-\(two(date.day)) \(two(time % 86_400 / 3600)):00:00"
            let line = switch lines.count % 1009 {
            case 1: "\(stamp),\(lines.count % 977).5,\"two\nlines\""
            case 2: "\(stamp),abc,x"
            case 3: "\(stamp),null,x"
            default: "\(stamp),\(lines.count % 977).25,n"
            }
            lines.append(line)
            size += line.utf8.count + 1
        }
        if newestFirst { lines.reverse() }
        return "Datetime,Close,Note\n" + lines.joined(separator: "\n") + "\n"
    }

    static func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "tradechart-newest-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).csv"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func newestFirst(_ path: String, need: FirstFrameNeed = FirstFrameNeed()) -> Result<NewestRowsFile, FrontToBack> {
        SeriesLoader.loadNewestFirst(pathBytes: Array(path.utf8), fileName: path, options: LoadOptions(), need: need)
    }

    @Test func theRestReadOnThreadsGivesTheFrontToBackLoad() throws {
        let path = try Self.write(Self.text())
        defer { unlink(path) }
        let whole = try SeriesLoader.load(path: path)
        #expect(whole.report.badRows > 5 && whole.report.firstBadLine == 5)
        let file = try Self.newestFirst(path).get()
        #expect(file.shareRead < 0.2)
        let newest = file.newest.series
        #expect(newest.count < whole.series.count / 5)
        #expect(Array(whole.series.times.suffix(newest.count)) == newest.times)
        #expect(file.newest.report.firstBadLine == nil, "the newest rows' line numbers are not the file's")
        let seen = ProgressSeen()
        let progress = LoadProgressReporting(interval: 0, clock: { 0 }) { read in seen.add(read.bytesRead); return .proceed }
        #expect(try file.readRest(progress: progress) == whole)
        #expect(seen.first >= Int(Double(Self.fileSize(path)) * file.shareRead) - 1)
        // Behind the first frame: on a thread of its own.
        let reader = OlderRowsReader(file)
        var taken: Result<LoadedSeries, LoadError>?
        for _ in 0..<2000 where taken == nil {
            taken = reader.take()
            if taken == nil { usleep(5000) }
        }
        #expect(try taken?.get() == whole)
    }

    @Test func filesTheNewestRowsCannotStandForAreReadFrontToBack() throws {
        let reversed = try Self.write(Self.text(newestFirst: true))
        let small = try Self.write("Date,Close\n2024-01-02,1\n2024-01-03,2\n")
        let plain = try Self.write(Self.text())
        defer { for path in [reversed, small, plain] { unlink(path) } }
        #expect(Self.newestFirst(reversed).failure == .newestFirst)
        #expect(Self.newestFirst(small).failure == .small)
        #expect(Self.newestFirst(plain, need: FirstFrameNeed(range: .max)).failure == .everyRowNeeded)
        #expect(Self.newestFirst("/nonexistent/x.csv").failure == .stream)
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
    }

    /// The progress reports a load made: the first bytes count it told.
    final class ProgressSeen: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int] = []
        func add(_ bytes: Int) { lock.lock(); values.append(bytes); lock.unlock() }
        var first: Int { lock.lock(); defer { lock.unlock() }; return values.first ?? -1 }
    }
}

extension Result {
    /// The failure, nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
