import Foundation
import Testing
@testable import TradeChartCore
@testable import TradeChartSystem
import TradeChartTestSupport

/// Loading from files, the system's part: opening by path, standard input, a descriptor
/// read from where it stands, a large file read in parts on threads, progress from
/// those threads, and pages handed back as parts are joined.
@Suite("Loading files")
struct FileLoadingTests {
    /// Minute bars past the 4 MiB at which a file is read in parts, with a quoted note
    /// holding a line break now and then, a bad row and a blank line; and its count of data rows.
    static let large: (text: String, rows: Int) = {
        var text = "Datetime,Close,Note\n"
        var rows = 0, blank = 0
        while text.utf8.count < 5 << 20 {
            let stamp = "2019-03-\(String(format: "%02d", 1 + rows / 1440 % 28)) \(String(format: "%02d:%02d", rows / 60 % 24, rows % 60)):00"
            switch rows % 997 {
            case 1: text += "\(stamp),\(rows % 977).5,\"two\nlines\"\n"
            case 2: text += "\(stamp),abc,x\n"
            case 3: text += "\n"; blank += 1
            default: text += "\(stamp),\(rows % 977).25,n\n"
            }
            rows += 1
        }
        return (text, rows - blank)
    }()

    static func failure(_ body: () throws(LoadError) -> LoadedSeries) -> LoadError? {
        if case .failure(let error) = Result(catching: body) { return error }
        return nil
    }

    @Test func aDirectoryIsNotAFile() {
        let error = Self.failure { () throws(LoadError) in try SeriesLoader.load(path: NSTemporaryDirectory()) }
        #expect(error == .cannotOpen(file: NSTemporaryDirectory(), reason: "it is a directory"))
    }

    @Test func aMissingFileSaysWhy() {
        let error = Self.failure { () throws(LoadError) in try SeriesLoader.load(path: "/no/such/file.csv") }
        #expect(error?.description == "/no/such/file.csv: cannot open: No such file or directory")
    }

    @Test func dashReadsStandardInput() throws {
        let file = FollowerTests.TempFile()
        try file.write("\u{FEFF}\"Date\",\"Price\"\r\n\"Jun 14, 2019\",\"12,084.30\"\r\n\"Jun 13, 2019\",\"12,169.05\"\r\n")
        let saved = dup(0)
        let fd = open(file.path, O_RDONLY)
        dup2(fd, 0)
        close(fd)
        defer { dup2(saved, 0); close(saved) }
        let s = try SeriesLoader.load(path: "-")
        #expect(s.series.prices == [12169.05, 12084.3])
        #expect(s.series.name == "standard input")
    }

    /// A descriptor not at the start of its file is read from where it stands, in one pass.
    @Test func aDescriptorIsReadFromWhereItStands() throws {
        let file = FollowerTests.TempFile()
        try file.write("Ignored,Header\nDate,Close\n2019-01-02,1\n2019-01-03,2\n")
        let fd = open(file.path, O_RDONLY)
        defer { close(fd) }
        #expect(lseek(fd, 15, SEEK_SET) == 15)
        let s = try SeriesLoader.load(descriptor: fd, fileName: "rest.csv")
        #expect(s.series.prices == [1, 2])
        #expect(s.series.name == "rest.csv")
    }

    /// A file past the parallel threshold, read from disk on 1 to 4 threads: the result of one pass.
    @Test func aLargeFileLoadsTheSameOnEveryThreadCount() throws {
        let file = FollowerTests.TempFile()
        try file.write(Self.large.text)
        let onePass = try SeriesLoader.load(bytes: Array(Self.large.text.utf8), fileName: file.path)
        #expect(onePass.report.dataRows == Self.large.rows)
        #expect(onePass.report.badRows > 0)
        for threads in 1...4 {
            #expect(try SeriesLoader.load(path: file.path, options: LoadOptions(threads: threads)) == onePass, "\(threads) threads")
        }
    }

    /// Parts read at once on threads give the parts read one after another, wherever they are split.
    @Test func partsOnThreadsEqualOnePass() throws {
        let bytes = Array(Self.large.text.utf8)
        let onePass = Result { () throws(LoadError) in try SeriesLoader.load(bytes: bytes, fileName: "x.csv") }
        for splits in [[1 << 20], [100, 2 << 20, 3 << 20 + 7], [bytes.count / 3, bytes.count / 2, 4 << 20, 5 << 20 - 1]] {
            let parts = bytes.withUnsafeBytes { b in
                Result { () throws(LoadError) in try SeriesLoader.load(bytes: b, fileName: "x.csv", splits: splits, map: ConcurrentMap()) }
            }
            #expect(parts == onePass, "\(splits)")
        }
    }

    @Test func aConcurrentMapReturnsEveryResultInOrder() {
        #expect(ConcurrentMap().map(100) { $0 * $0 } == (0..<100).map { $0 * $0 })
        #expect(ConcurrentMap().map(0) { $0 } == [])
    }

    /// Progress from two threads: a few reports, growing, never two within the interval;
    /// a cancel stops the load.
    @Test func progressFromThreadsAndCancelling() throws {
        let file = FollowerTests.TempFile()
        try file.write(Self.large.text)
        let recorder = ProgressRecorder()
        let loaded = try SeriesLoader.load(path: file.path, options: LoadOptions(threads: 2), progress: recorder.reporting(interval: 0.25))
        #expect(loaded.report.dataRows == Self.large.rows)
        #expect(recorder.calls.count >= 1)
        for (a, b) in zip(recorder.calls, recorder.calls.dropFirst()) {
            #expect(b.time - a.time >= 0.25 - 1e-9)
            #expect(b.progress.bytesRead > a.progress.bytesRead)
        }
        #expect(recorder.calls.allSatisfy { $0.progress.totalBytes == Self.large.text.utf8.count })
        let cancelling = ProgressRecorder()
        cancelling.cancelAfter = 1
        #expect(throws: LoadError.cancelled(file: file.path)) {
            try SeriesLoader.load(path: file.path, options: LoadOptions(threads: 2), progress: cancelling.reporting(interval: 0.15))
        }
        #expect(cancelling.calls.count == 1)
    }

    /// Joining moves a part's rows and hands its pages back to the system: the joined rows are all there.
    @Test func joiningWithPagesHandedBackKeepsEveryRow() {
        var target = (0..<300_001).map { Int64($0) }
        var source = (300_001..<1_500_017).map { Int64($0) }
        CSVStreamParser.move(&source, to: &target, pages: SystemPages())
        #expect(source.isEmpty)
        #expect(target.count == 1_500_017)
        #expect(target.enumerated().allSatisfy { $0.offset == Int($0.element) })
    }
}
