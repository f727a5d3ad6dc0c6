import Foundation
import Testing
@testable import TradeChartCore
import TradeChartTestSupport

/// A long load says how far it has come, no more often than asked, and stops when told.
@Suite("Loading: progress and cancelling")
struct LoadProgressTests {
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

    /// Loads the text in `parts` parts (one after another) with its progress told to `reporting`.
    static func load(parts: Int, progress: LoadProgressReporting) throws(LoadError) -> LoadedSeries {
        try text.bytes.withUnsafeBytes { b in
            Result { () throws(LoadError) in
                try SeriesLoader.load(MemoryBytes(b, name: "minutes.csv"), parts: parts, map: SerialMap(), pages: KeepPages(),
                                      progress: progress)
            }
        }.get()
    }

    @Test(arguments: [1, 2])
    func progressIsReportedAtMostEveryInterval(parts: Int) throws {
        let size = Self.text.bytes.count, rows = Self.text.rows
        do {
            let recorder = ProgressRecorder()
            let loaded = try Self.load(parts: parts, progress: recorder.reporting(interval: 0.25))
            #expect(loaded.report.dataRows == rows)
            // The recorder's clock moves 0.1 s at each look, one look a read of 256 KiB: a
            // call every third read at most (never two within the interval), and at least one.
            let reads = (size + (256 << 10) - 1) / (256 << 10)
            #expect(recorder.calls.count >= 1)
            #expect(recorder.calls.count <= reads / 3 + 1)
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
    func theCallbackCancelsTheLoad(parts: Int) throws {
        let size = Self.text.bytes.count
        do {
            let recorder = ProgressRecorder()
            recorder.cancelAfter = 1
            #expect(throws: LoadError.cancelled(file: "minutes.csv")) {
                try Self.load(parts: parts, progress: recorder.reporting(interval: 0.15))
            }
            // Asked once, then no more: the load stopped well before the end of the file.
            #expect(recorder.calls.count == 1)
            #expect(recorder.calls[0].progress.bytesRead < size)
            #expect(LoadError.cancelled(file: "a.csv").description == "a.csv: loading cancelled")
        }
    }
}
