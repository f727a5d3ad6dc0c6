import Foundation
import Testing
@testable import TradeChartCore

/// Loading in parts on several threads gives, byte for byte, the series and the
/// report of one pass, wherever the parts are split.
@Suite("Loading on several threads")
struct ParallelLoadTests {
    static func onePass(_ bytes: [UInt8], _ name: String) -> Result<LoadedSeries, LoadError> {
        Result { () throws(LoadError) in try SeriesLoader.load(bytes: bytes, fileName: name) }
    }

    static func inParts(_ bytes: [UInt8], _ name: String, _ splits: [Int]) -> Result<LoadedSeries, LoadError> {
        bytes.withUnsafeBytes { b in Result { () throws(LoadError) in try SeriesLoader.load(bytes: b, fileName: name, splits: splits) } }
    }

    /// Whether the parts were really read apart (the probe settled the layout and a split was made).
    static func split(_ bytes: [UInt8], _ splits: [Int]) -> Bool {
        bytes.withUnsafeBytes { b in
            var parser = CSVStreamParser(file: "x", expectedBytes: b.count)
            return (try? ParallelLoad.read(MemoryBytes(b, name: "x"), parts: splits.count + 1, splits: splits,
                                           meter: ProgressMeter(nil, totalBytes: nil), map: SerialMap(), pages: KeepPages(),
                                           into: &parser)) ?? false
        }
    }

    /// Offsets where a split is awkward: at and after every quote, carriage return and
    /// line feed (so inside quoted fields, in CRLF pairs, at blank lines), and around the header.
    static func awkwardOffsets(_ bytes: [UInt8]) -> [Int] {
        var offsets: Set<Int> = [0, 1]
        for (i, b) in bytes.enumerated() where b == 0x22 || b == 0x0D || b == 0x0A {
            offsets.formUnion([i, i + 1])
        }
        return offsets.filter { $0 <= bytes.count }.sorted()
    }

    static let hostileDirectory = (HostileInputTests.path("empty.csv") as NSString).deletingLastPathComponent

    @Test func everyHostileFixtureSplitAtEveryLineStartEqualsOnePass() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.hostileDirectory).sorted()
        var splitsMade = 0
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.hostileDirectory + "/" + name)))
            let whole = Self.onePass(bytes, name)
            // A split is moved to the line start at or after it: every line start is tried.
            let awkward = Self.awkwardOffsets(bytes)
            for (i, a) in awkward.enumerated() {
                #expect(Self.inParts(bytes, name, [a]) == whole, "\(name) split at \(a)")
                let b = awkward[(i * 7 + 3) % awkward.count], c = awkward[(i * 13 + 5) % awkward.count]
                #expect(Self.inParts(bytes, name, [a, b, c]) == whole, "\(name) split at \(a), \(b), \(c)")
            }
            if Self.split(bytes, [bytes.count / 2]) { splitsMade += 1 }
        }
        // Most fixtures with good rows really were read in parts.
        #expect(splitsMade >= 20)
    }

    @Test(arguments: RealFilesTests.cases.map(\.file))
    func realExportsSplitAtAwkwardPlacesEqualOnePass(_ file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: RealFilesTests.dataDirectory + "/" + file)))
        let whole = Self.onePass(bytes, file)
        #expect((try? whole.get()) != nil)
        let awkward = Self.awkwardOffsets(bytes)
        // The header, the first and last lines, and a spread of awkward places.
        let large = bytes.count > 200_000
        let step = max(1, awkward.count / (large ? 8 : 100))
        var chosen = Array(awkward.prefix(large ? 8 : 30)) + Array(awkward.suffix(large ? 4 : 10))
        chosen += stride(from: 0, to: awkward.count, by: step).map { awkward[$0] }
        for (i, offset) in chosen.enumerated() {
            #expect(Self.inParts(bytes, file, [offset]) == whole, "\(file) split at \(offset)")
            let other = chosen[(i * 31 + 11) % chosen.count]
            #expect(Self.inParts(bytes, file, [offset, other, bytes.count / 2]) == whole, "\(file) split at \(offset), \(other)")
        }
        #expect(Self.split(bytes, [bytes.count / 2]))
    }

    /// A part that ends at the header leaves the layout to the next part, which knows the
    /// unnamed time column the first row settles: the joined parser reads on with it.
    @Test func aSplitRightAfterTheHeaderKeepsTheSettledLayout() throws {
        let bytes = try QuoteRuleTests.bytes("extra_unnamed_time.csv")
        var serial = CSVStreamParser(file: "x", expectedBytes: bytes.count)
        serial.feed(bytes)
        let headerEnd = try #require(bytes.firstIndex(of: 0x0A)) + 1
        let joined = bytes.withUnsafeBytes { b -> CSVStreamParser? in
            var joined = CSVStreamParser(file: "x", expectedBytes: b.count)
            let split = try? ParallelLoad.read(MemoryBytes(b, name: "x"), parts: 2, splits: [headerEnd],
                                               meter: ProgressMeter(nil, totalBytes: nil), map: SerialMap(), pages: KeepPages(),
                                               into: &joined)
            return split == true ? joined : nil
        }
        #expect(joined?.layout == serial.layout)
        #expect(joined?.layout?.clockIndex == 1)
    }

    /// A note with line breaks across the split: the parts after it are read on serially.
    @Test func aQuotedLineBreakAcrossTheSplitStillLoads() throws {
        var text = "Date,Close,Note\n"
        for day in 1...28 { text += "2019-02-\(String(format: "%02d", day)),\(day),\"line one\nline two\nline three\"\n" }
        let bytes = Array(text.utf8)
        let whole = try SeriesLoader.load(bytes: bytes, fileName: "n.csv")
        #expect(whole.series.count == 28)
        #expect(whole.report.summary == nil)
        for offset in stride(from: 16, to: bytes.count, by: 1) {
            #expect(Self.inParts(bytes, "n.csv", [offset]) == .success(whole), "split at \(offset)")
        }
    }

    /// Pages that scribble over what they are handed: a page handed back must never be read again.
    struct ScribblingPages: PageRelease {
        var pageSize: Int { 4096 }
        func release(_ bytes: UnsafeMutableRawBufferPointer) {
            precondition(Int(bitPattern: bytes.baseAddress) % pageSize == 0 && bytes.count % pageSize == 0)
            bytes.initializeMemory(as: UInt8.self, repeating: 0xAB)
        }
    }

    /// Joining moves a part's rows and hands its pages back: the joined rows are all there.
    @Test func joiningAPartKeepsEveryRow() {
        var target = (0..<300_001).map { Int64($0) }
        var source = (300_001..<1_500_017).map { Int64($0) }
        CSVStreamParser.move(&source, to: &target, pages: ScribblingPages())
        #expect(source.isEmpty)
        #expect(target.count == 1_500_017)
        #expect(target.enumerated().allSatisfy { $0.offset == Int($0.element) })
    }

    /// A file past the parallel threshold, in parts of 1 to 4 (one after another here:
    /// TradeChartSystemTests read a file on threads): one result.
    @Test func aLargeFileLoadsTheSameInEveryNumberOfParts() throws {
        let text = Self.largeFile()
        let one = try Self.load(text, parts: 1)
        #expect(one.report.badRows > 10)
        #expect(one.report.duplicatesDropped > 0)
        for parts in 2...4 {
            #expect(try Self.load(text, parts: parts) == one, "\(parts) parts")
        }
        #expect(Self.split(Array(text.utf8), [1 << 20, 2 << 20, 3 << 20]))
    }

    static func load(_ text: String, parts: Int) throws(LoadError) -> LoadedSeries {
        try Array(text.utf8).withUnsafeBytes { b in
            Result { () throws(LoadError) in
                try SeriesLoader.load(MemoryBytes(b, name: "large.csv"), parts: parts, map: SerialMap(), pages: KeepPages())
            }
        }.get()
    }

    /// Over 4 MiB of minute rows with a semicolon, decimal commas, CRLF, and some bad,
    /// quoted, unclosed and blank lines.
    static func largeFile() -> String {
        var text = "Datetime;Open;Schlusskurs;Note\r\n"
        var rng = SplitMix64(seed: 14)
        var minute = 0
        while text.utf8.count < ParallelLoad.minimumBytes + 100_000 {
            minute += 1 + Int(rng.next() % 3)
            let day = 1 + (minute / 1440) % 28, h = (minute / 60) % 24, m = minute % 60
            let stamp = "2019-03-\(String(format: "%02d", day)) \(String(format: "%02d:%02d", h, m)):00+01:00"
            let price = "\(1 + rng.next() % 20).\(String(format: "%03d", rng.next() % 1000)),\(rng.next() % 100)"
            switch rng.next() % 200 {
            case 0: text += "\(stamp);1;abc;x\r\n"
            case 1: text += "\(stamp);1;\(price);\"quoted\r\nnote\"\r\n"
            case 2: text += "\(stamp);1;\(price);\"open\r\n"
            case 3: text += "\r\n"
            default: text += "\(stamp);1;\(price);n\r\n"
            }
        }
        return text
    }
}
