import Foundation
import Testing
@testable import TradeChartCore
@testable import TradeChartSystem
import TradeChartTestSupport

/// Compressed price files: each format loads as the file it holds, recognised by its first
/// bytes whatever its name; a file cut short or corrupt is said to be damaged, naming it;
/// a zip archive's member is found or named. The fixtures are the first 300 rows of
/// Data/dax.csv (a Yahoo export) and 200 rows of Data/sp500-1min.csv, compressed with
/// gzip -9, zstd -19, xz, bzip2 and zip (-0 for the stored one, -fz for the zip64 one).
@Suite("Compressed files")
struct CompressedFileTests {
    static let fixtures: String = {
        // <root>/Tests/TradeChartSystemTests/Compression/CompressedFileTests.swift -> .../Compression/Fixtures
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        return here.appendingPathComponent("Fixtures").path
    }()

    static func fixture(_ name: String) -> String { fixtures + "/" + name }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture(name))))
    }

    /// A temporary file holding `bytes`, named `name` (with its ending), removed when released.
    final class Temporary {
        let directory = NSTemporaryDirectory() + "tc-compressed-\(UUID().uuidString)"
        let path: String

        init(_ bytes: [UInt8], name: String) throws {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            path = directory + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }
    }

    static func failure(_ body: () throws(LoadError) -> LoadedSeries) -> LoadError? {
        if case .failure(let error) = Result(catching: body) { return error }
        return nil
    }

    /// What the loaded series holds, the name aside (it is the file's).
    static func sameRows(_ a: LoadedSeries, _ b: LoadedSeries) -> Bool {
        a.series.times == b.series.times && a.series.prices == b.series.prices && a.bars == b.bars
            && a.report == b.report && a.barNames == b.barNames
    }

    static let every = LoadOptions(bars: .all)
    static let compressed = ["dax300.csv.gz", "dax300.csv.zst", "dax300.csv.xz", "dax300.csv.bz2", "dax300.zip"]

    @Test(arguments: compressed)
    func eachFormatLoadsAsTheFileItHolds(_ name: String) throws {
        let plain = try SeriesLoader.load(path: Self.fixture("dax300.csv"), options: Self.every)
        #expect(plain.series.count == 300)
        #expect(plain.bars != nil)
        for threads in [1, 2] {
            let loaded = try SeriesLoader.load(path: Self.fixture(name), options: LoadOptions(threads: threads, bars: .all))
            #expect(Self.sameRows(loaded, plain), "\(name) on \(threads) thread(s)")
            #expect(loaded.series.name == name)
        }
    }

    /// The first bytes decide: a compressed file with no ending, or the wrong one, loads.
    @Test(arguments: compressed)
    func theFirstBytesTellTheFormatWhateverTheName(_ name: String) throws {
        let plain = try SeriesLoader.load(path: Self.fixture("dax300.csv"), options: Self.every)
        for other in ["prices", "prices.csv", name.hasSuffix(".gz") ? "prices.xz" : "prices.gz"] {
            let file = try Temporary(try Self.bytes(name), name: other)
            let loaded = try SeriesLoader.load(path: file.path, options: Self.every)
            #expect(Self.sameRows(loaded, plain), "\(name) named \(other)")
        }
    }

    /// Standard input and pipes are sniffed too.
    @Test(arguments: compressed)
    func standardInputIsDecodedToo(_ name: String) throws {
        let plain = try SeriesLoader.load(path: Self.fixture("dax300.csv"), options: Self.every)
        let loaded = try Self.loadThroughPipe(try Self.bytes(name))
        #expect(try Self.sameRows(loaded.get(), plain))
    }

    /// A zip archive on a pipe is read by its first file's local header (its directory is at
    /// its end): sizes in the header (checked with its CRC-32), in a zip64 field, stored, or
    /// after the data as `zip - -` writes them; cut short, it is said to be damaged.
    @Test(arguments: ["dax300.zip", "dax40-stored.zip", "dax40-zip64.zip", "dax40-streamed.zip", "two.zip"])
    func aZipArchiveOnAPipeIsReadByItsFirstFile(_ name: String) throws {
        let rows = name.hasPrefix("dax40") ? 40 : 300
        let plain = try SeriesLoader.load(path: Self.fixture("dax300.csv"), options: Self.every)
        let loaded = try Self.loadThroughPipe(try Self.bytes(name)).get()
        #expect(loaded.series.count == rows)
        #expect(loaded.series.prices == Array(plain.series.prices.prefix(rows)))
        let bytes = try Self.bytes(name)
        guard case .failure(.damaged(let file, _)) = try Self.loadThroughPipe(Array(bytes.prefix(bytes.count / 3))) else {
            Issue.record("\(name) cut short on a pipe is not said to be damaged")
            return
        }
        #expect(file == "standard input")
    }

    /// Loads what a pipe gives when `bytes` are written into it.
    static func loadThroughPipe(_ bytes: [UInt8]) throws -> Result<LoadedSeries, LoadError> {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writeEnd = ends[1]
        let writer = Thread {
            bytes.withUnsafeBytes { raw in
                var at = 0
                while at < raw.count {
                    let n = write(writeEnd, raw.baseAddress! + at, min(1000, raw.count - at))
                    if n <= 0 { break }
                    at += n
                }
            }
            close(writeEnd)
        }
        writer.start()
        let loaded = Result { () throws(LoadError) in
            try SeriesLoader.load(descriptor: ends[0], fileName: "standard input", options: Self.every)
        }
        // Read what the loader left (a zip's directory, say) before closing, so the writer never
        // writes into a closed pipe.
        var rest = [UInt8](repeating: 0, count: 4096)
        while read(ends[0], &rest, rest.count) > 0 {}
        close(ends[0])
        return loaded
    }

    /// Cut anywhere, every format says it is damaged and names the file; never a part shown as whole.
    @Test(arguments: compressed)
    func aFileCutShortIsDamaged(_ name: String) throws {
        let whole = try Self.bytes(name)
        for length in [10, whole.count / 3, whole.count / 2, whole.count - 30, whole.count - 1] {
            let file = try Temporary(Array(whole[0..<length]), name: name)
            let error = Self.failure { () throws(LoadError) in try SeriesLoader.load(path: file.path) }
            guard case .damaged(let named, _) = error else {
                Issue.record("\(name) cut to \(length) bytes: \(String(describing: error))")
                continue
            }
            #expect(named == file.path)
            #expect(error!.description.hasPrefix("\(file.path): damaged: "))
        }
    }

    /// A download cut off (or still coming) opened in the viewer: the rows before the cut are
    /// read, exactly as the whole file has them (a row the cut went through is not read, its
    /// price would be the digits before the cut), and the report says the file is damaged and
    /// how many rows are shown. Too little before the cut for a chart is still damaged.
    @Test(arguments: ["gzip", "zstd", "xz", "bzip2"])
    func aFileCutShortGivesTheRowsBeforeTheCutWhereAsked(_ tool: String) throws {
        // 100,000 minutes of a random walk, in ten-thousandths: 2.2 MB, several blocks of every format.
        var text = "time,close\n"
        var seed: UInt64 = 42, ticks = 10_000_000
        for i in 0..<100_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            ticks += Int(seed >> 40) % 20_001 - 10_000
            let fraction = String(ticks % 10_000)
            text += "\(1_704_186_000 + 60 * i),\(ticks / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)\n"
        }
        // A bad row early on: the note counts the rows drawn, not every row read.
        text = text.replacingOccurrences(of: "\n1704186300,", with: "\nnot a time,")
        guard let packed = Self.compress(Array(text.utf8), with: tool) else { return }  // the tool is not installed
        let whole = try SeriesLoader.load(bytes: Array(text.utf8), fileName: "prices.csv")
        let format = ["gzip": "gzip", "zstd": "zstd", "xz": "xz", "bzip2": "bzip2"][tool]!
        for threads in [1, 2] {
            let file = try Temporary(Array(packed[0..<packed.count * 3 / 5]), name: "prices.csv.cut")
            let options = LoadOptions(threads: threads, keepsRowsBeforeCut: true)
            let cut = try SeriesLoader.load(path: file.path, options: options)
            let count = cut.series.count
            #expect(count > 2 && count < whole.series.count, "\(tool): \(count) rows")
            let sameTimes = cut.series.times == Array(whole.series.times.prefix(count))
            let samePrices = cut.series.prices == Array(whole.series.prices.prefix(count))
            #expect(sameTimes && samePrices, "\(tool): the \(count) rows are not the file's first (last: \(cut.series.prices.last ?? 0))")
            #expect(cut.report.cutShort == .init(reason: "the \(format) data ends early (the file is cut short)", rows: count))
            #expect(cut.report.summary?.hasPrefix("damaged: the \(format) data ends early (the file is cut short): only the "
                    + "\(LoadProgressLine.grouped(count)) rows before the cut are shown; 1 bad row skipped") == true,
                    "\(cut.report.summary ?? "no summary")")
            // Without being asked, the same file is damaged.
            let refused = Self.failure { () throws(LoadError) in try SeriesLoader.load(path: file.path) }
            #expect(refused == .damaged(file: file.path, reason: "the \(format) data ends early (the file is cut short)"))
            // Nothing but the start of the data: no chart, damaged.
            let stub = try Temporary(Array(packed[0..<12]), name: "prices.csv.stub")
            let none = Self.failure { () throws(LoadError) in try SeriesLoader.load(path: stub.path, options: options) }
            guard case .damaged(let named, _) = none else {
                Issue.record("\(tool) cut to 12 bytes, rows kept: \(String(describing: none))")
                continue
            }
            #expect(named == stub.path)
        }
    }

    /// Random bytes after a valid magic number: damaged, for every format.
    @Test(arguments: compressed)
    func randomBytesAfterTheMagicAreDamaged(_ name: String) throws {
        let magic = Array(try Self.bytes(name).prefix(name.hasSuffix(".zip") ? 4 : 6))
        // The same noise on every run: the top bytes of a linear congruential sequence.
        var state = UInt64(name.utf8.count)
        for size in [16, 700, 9000] {
            let noise = (0..<size).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            let file = try Temporary(magic + noise, name: "noise")
            let error = Self.failure { () throws(LoadError) in try SeriesLoader.load(path: file.path) }
            guard case .damaged(let named, _) = error else {
                Issue.record("\(name)'s magic and \(size) random bytes: \(String(describing: error))")
                continue
            }
            #expect(named == file.path)
        }
    }

    /// A gzip file whose trailer's CRC-32 is not that of its data: damaged, not shown.
    @Test func aGzipFileWhoseCheckFailsIsDamaged() throws {
        var bytes = try Self.bytes("dax300.csv.gz")
        bytes[bytes.count - 8] ^= 0x01
        let file = try Temporary(bytes, name: "changed.csv.gz")
        let error = Self.failure { () throws(LoadError) in try SeriesLoader.load(path: file.path) }
        #expect(error == .damaged(file: file.path, reason: "gzip data: incorrect data check"))
    }

    /// A byte changed inside a stored zip member: its CRC-32 no longer matches.
    @Test func aZipMemberWhoseBytesChangedIsDamaged() throws {
        let fine = try SeriesLoader.load(path: Self.fixture("dax40-stored.zip"))
        #expect(fine.series.count == 40)
        var bytes = try Self.bytes("dax40-stored.zip")
        // The member's bytes start after the 30-byte local header and its name "dax40.csv".
        let at = 30 + 9 + 2000
        bytes[at] = bytes[at] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
        let file = try Temporary(bytes, name: "changed.zip")
        let error = Self.failure { () throws(LoadError) in try SeriesLoader.load(path: file.path) }
        #expect(error == .damaged(file: file.path, reason: "the member's CRC-32 does not match its archive's"))
    }

    /// A zip64 archive (its directory's end and the member's size in zip64 records, as `zip -fz` writes them).
    @Test func aZip64ArchiveLoads() throws {
        let stored = try SeriesLoader.load(path: Self.fixture("dax40-stored.zip"), options: Self.every)
        #expect(Self.sameRows(try SeriesLoader.load(path: Self.fixture("dax40-zip64.zip"), options: Self.every), stored))
    }

    @Test func aZipWithSeveralFilesListsThem() {
        let path = Self.fixture("two.zip")
        let error = Self.failure { () throws(LoadError) in try SeriesLoader.load(path: path) }
        #expect(error == .archiveMember(file: path, member: nil, members: ["dax300.csv", "sp500-200.csv"]))
        #expect(error?.description == "\(path): it holds 2 files: name one, as in \(path):dax300.csv (files: dax300.csv, sp500-200.csv)")
    }

    @Test func archiveColonMemberPicksOne() throws {
        let path = Self.fixture("two.zip")
        for (member, plain) in [("sp500-200.csv", "sp500-200.csv"), ("dax300.csv", "dax300.csv")] {
            let loaded = try SeriesLoader.load(path: "\(path):\(member)", options: Self.every)
            #expect(Self.sameRows(loaded, try SeriesLoader.load(path: Self.fixture(plain), options: Self.every)))
            #expect(loaded.series.name == "two.zip:\(member)")
        }
        let error = Self.failure { () throws(LoadError) in try SeriesLoader.load(path: "\(path):nope.csv") }
        #expect(error == .archiveMember(file: path, member: "nope.csv", members: ["dax300.csv", "sp500-200.csv"]))
        // A colon after a file that is no zip archive: no such file, and why.
        let plain = Self.fixture("dax300.csv")
        let notZip = Self.failure { () throws(LoadError) in try SeriesLoader.load(path: "\(plain):x.csv") }
        #expect(notZip?.description.contains("is not a zip archive") == true)
    }

    /// A name that says gzip over plain text (a browser decompressed the download) loads the
    /// text; over binary bytes it is damaged.
    @Test func aNameAloneDoesNotMakeAFileCompressed() throws {
        let text = try Temporary(try Self.bytes("dax300.csv"), name: "dax.csv.gz")
        #expect(try SeriesLoader.load(path: text.path).series.count == 300)
        let binary = try Temporary([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07], name: "dax.csv.gz")
        let error = Self.failure { () throws(LoadError) in try SeriesLoader.load(path: binary.path) }
        guard case .damaged(let named, _) = error else {
            Issue.record("binary named .gz: \(String(describing: error))")
            return
        }
        #expect(named == binary.path)
    }

    /// gzip and bzip2 files may be several members one after another (cat a.gz b.gz): all are read.
    @Test(arguments: [("gzip", "gz"), ("bzip2", "bz2"), ("xz", "xz"), ("zstd", "zst")])
    func membersOneAfterAnotherAreAllRead(_ tool: String, _ ending: String) throws {
        let lines = try String(contentsOfFile: Self.fixture("dax300.csv"), encoding: .utf8).split(separator: "\n")
        let first = lines[0...150].joined(separator: "\n") + "\n", second = lines[151...].joined(separator: "\n") + "\n"
        guard let a = Self.compress(Array(first.utf8), with: tool), let b = Self.compress(Array(second.utf8), with: tool) else {
            return  // the tool is not installed
        }
        let file = try Temporary(a + b, name: "two-members.csv.\(ending)")
        let plain = try SeriesLoader.load(path: Self.fixture("dax300.csv"), options: Self.every)
        #expect(Self.sameRows(try SeriesLoader.load(path: file.path, options: Self.every), plain))
    }

    /// A large file cycles the read-ahead's chunks many times and reports progress in
    /// compressed bytes of the compressed size; one thread and two read the same.
    @Test func aLargeFileShowsProgressInCompressedBytes() throws {
        guard let packed = Self.compress(Array(FileLoadingTests.large.text.utf8), with: "gzip") else { return }
        let file = try Temporary(packed, name: "large.csv.gz")
        let recorder = ProgressRecorder()
        let loaded = try SeriesLoader.load(path: file.path, options: LoadOptions(threads: 2),
                                           progress: recorder.reporting(interval: 0.25))
        #expect(loaded.report.dataRows == FileLoadingTests.large.rows)
        #expect(loaded == (try SeriesLoader.load(path: file.path, options: LoadOptions(threads: 1))))
        #expect(recorder.calls.count >= 1)
        #expect(recorder.calls.allSatisfy { $0.progress.totalBytes == packed.count && $0.progress.bytesRead <= packed.count })
        for (a, b) in zip(recorder.calls, recorder.calls.dropFirst()) {
            #expect(b.progress.bytesRead >= a.progress.bytesRead)
        }
        let cancelling = ProgressRecorder()
        cancelling.cancelAfter = 1
        #expect(throws: LoadError.cancelled(file: file.path)) {
            try SeriesLoader.load(path: file.path, options: LoadOptions(threads: 2), progress: cancelling.reporting(interval: 0.15))
        }
    }

    /// `--follow` is refused for compressed files (and zip members), not for plain ones.
    @Test func compressedFilesAreNotFollowed() throws {
        #expect(CompressedFollowing.note(path: Self.fixture("dax300.csv")) == nil)
        let gz = Self.fixture("dax300.csv.gz")
        #expect(CompressedFollowing.note(path: gz) == "\(gz) is compressed (gzip): it cannot be followed, so it is shown as it is now")
        let renamed = try Temporary(try Self.bytes("dax300.csv.zst"), name: "prices.csv")
        #expect(CompressedFollowing.note(path: renamed.path)?.contains("(zstd)") == true)
        #expect(CompressedFollowing.note(path: Self.fixture("two.zip") + ":dax300.csv")?.contains("(zip)") == true)
        #expect(CompressedFollowing.note(path: "-") == nil)
    }

    /// `bytes` compressed by the command-line `tool` (gzip, bzip2, xz, zstd), nil when it is not installed.
    static func compress(_ bytes: [UInt8], with tool: String) -> [UInt8]? {
        guard let path = ["/usr/bin/", "/bin/", "/usr/local/bin/"].map({ $0 + tool })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        guard let input = try? Temporary(bytes, name: "input") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", input.path]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let packed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? [UInt8](packed) : nil
    }
}
