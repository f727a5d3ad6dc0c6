import Foundation
import Testing
@testable import TradeChartCore

/// A long load says how far it has come, no more often than asked, and stops when told.
@Suite("Loading: progress and cancelling")
struct LoadProgressTests {
    /// A clock that moves 0.1 s each time it is read, and what the callback was told, when.
    final class Recorder: @unchecked Sendable {
        var now = 0.0
        var calls: [(time: Double, progress: LoadProgress)] = []
        var cancelAfter = Int.max

        func reporting(interval: Double) -> LoadProgressReporting {
            LoadProgressReporting(interval: interval, clock: { [self] in now += 0.1; return now }, report: { [self] p in
                calls.append((now, p))
                return calls.count >= cancelAfter ? .cancel : .proceed
            })
        }
    }

    /// 6 MiB of minute bars and their row count.
    static let text: (bytes: Data, rows: Int) = {
        var text = "Datetime,Close\n"
        var rows = 0
        while text.utf8.count < 6 << 20 {
            text += "2019-03-\(String(format: "%02d", 1 + rows / 1440 % 28)) \(String(format: "%02d:%02d", rows / 60 % 24, rows % 60)):00,\(rows % 977).25\n"
            rows += 1
        }
        return (Data(text.utf8), rows)
    }()

    /// The file written for one test, removed after it.
    static func withFile(_ body: (_ path: String, _ size: Int, _ rows: Int) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "tradechart-progress-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).csv"
        try text.bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path, text.bytes.count, text.rows)
    }

    @Test(arguments: [1, 2])
    func progressIsReportedAtMostEveryInterval(threads: Int) throws {
        try Self.withFile { path, size, rows in
            let recorder = Recorder()
            let loaded = try SeriesLoader.load(path: path, options: LoadOptions(threads: threads),
                                               progress: recorder.reporting(interval: 0.25))
            #expect(loaded.report.dataRows == rows)
            // About one call per three 1 MiB chunks: a few, never two within the interval.
            #expect(recorder.calls.count >= 1)
            #expect(recorder.calls.count <= 3)
            for (a, b) in zip(recorder.calls, recorder.calls.dropFirst()) {
                #expect(b.time - a.time >= 0.25 - 1e-9)
                #expect(b.progress.bytesRead > a.progress.bytesRead)
                #expect(b.progress.rowsRead > a.progress.rowsRead)
            }
            for call in recorder.calls {
                #expect(call.progress.totalBytes == size)
                #expect(call.progress.bytesRead > 0 && call.progress.bytesRead <= size)
                #expect(call.progress.rowsRead > 0 && call.progress.rowsRead <= rows)
            }
        }
    }

    @Test(arguments: [1, 2])
    func theCallbackCancelsTheLoad(threads: Int) throws {
        try Self.withFile { path, size, _ in
            let recorder = Recorder()
            recorder.cancelAfter = 1
            #expect(throws: LoadError.cancelled(file: path)) {
                try SeriesLoader.load(path: path, options: LoadOptions(threads: threads),
                                      progress: recorder.reporting(interval: 0.15))
            }
            // Asked once, then no more: the load stopped well before the end of the file.
            #expect(recorder.calls.count == 1)
            #expect(recorder.calls[0].progress.bytesRead < size)
            #expect(LoadError.cancelled(file: "a.csv").description == "a.csv: loading cancelled")
        }
    }
}
