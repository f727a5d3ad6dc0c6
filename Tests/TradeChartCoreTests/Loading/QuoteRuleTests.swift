import Foundation
import Testing
@testable import TradeChartCore

/// The rule for line breaks inside quotes: a real one (RFC 4180) is part of the
/// field; a quote left open costs its own row only, however the bytes arrive.
@Suite("Loading: quotes over line ends")
struct QuoteRuleTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: HostileInputTests.path(name))))
    }

    /// The same bytes fed to the stream parser in chunks of `step` bytes.
    static func chunked(_ bytes: [UInt8], name: String, step: Int) -> Result<LoadedSeries, LoadError> {
        var parser = CSVStreamParser(file: name)
        var i = 0
        while i < bytes.count {
            parser.feed(Array(bytes[i..<min(i + step, bytes.count)]))
            i += step
        }
        return Result { () throws(LoadError) in try parser.finish() }
    }

    static let steps = Array(1...17) + [31, 64, 100]

    /// Loads a fixture whole, checks that every chunk size gives the same, returns the whole load.
    static func loadEveryWay(_ name: String) throws -> LoadedSeries {
        let bytes = try Self.bytes(name)
        let loaded = try SeriesLoader.load(bytes: bytes, fileName: name)
        for step in steps {
            #expect(chunked(bytes, name: name, step: step) == .success(loaded), "\(name) step \(step)")
        }
        return loaded
    }

    @Test func anUnclosedNoteCostsItsRowOnly() throws {
        let loaded = try Self.loadEveryWay("unclosed_quote_note.csv")
        #expect(loaded.series.prices == [1, 3, 4, 5])
        #expect(loaded.report.badRows == 1)
        #expect(loaded.report.dataRows == 5)
        #expect(loaded.report.firstBadLine == 3)
        #expect(loaded.report.firstBadReason == "a quote is left open")
    }

    @Test func aQuotedFieldOverSeveralLinesStillLoads() throws {
        let loaded = try Self.loadEveryWay("multiline_note_crlf.csv")
        #expect(loaded.series.prices == [1, 2])
        // The bad price is on line 7: the note's three line breaks are counted.
        #expect(loaded.report.badRows == 1)
        #expect(loaded.report.firstBadLine == 7)
        #expect(loaded.report.firstBadReason == "price 'bad' is not a number")
    }

    @Test func aQuoteOpenAtTheEndOfTheFileCostsItsRowAndTheLinesAfterAreRows() throws {
        let loaded = try Self.loadEveryWay("unclosed_quote_at_end.csv")
        #expect(loaded.series.prices == [1])
        #expect(loaded.report.badRows == 2)
        #expect(loaded.report.firstBadLine == 3)
        #expect(loaded.report.firstBadReason == "a quote is left open")
    }

    /// Following: a row after an unclosed quote is there as soon as its line is complete.
    @Test func aFollowerSeesTheRowAfterAnUnclosedQuoteAtOnce() throws {
        var parser = CSVStreamParser(file: "f.csv")
        parser.feed(Array("Date,Close,Note\n2019-01-02,1,\"open\n".utf8))
        parser.feed(Array("2019-01-03,2,x\n".utf8))
        let now = try parser.snapshot()
        #expect(now.series.prices == [2])
        #expect(now.report.firstBadLine == 2)
        parser.feed(Array("2019-01-04,3,\"a\nb\"\n".utf8))
        #expect(try parser.snapshot().series.prices == [2, 3])
    }

    /// A quote in a column that is only skipped, on every line of a large file, in every position.
    @Test func everyRowWithAQuotedNoteLoads() throws {
        var text = "Date,Close,Note\n"
        for i in 0..<200 {
            let note = i % 3 == 0 ? "\"a,\nb\"" : i % 3 == 1 ? "\"c\"\"d\"" : "plain"
            text += "2019-01-\(String(format: "%02d", i % 28 + 1)) 10:\(String(format: "%02d", i % 60)):\(String(format: "%02d", i / 60)),\(i),\(note)\n"
        }
        let bytes = Array(text.utf8)
        let loaded = try SeriesLoader.load(bytes: bytes, fileName: "q.csv")
        #expect(loaded.series.count == 200)
        #expect(loaded.report.summary == nil)
        for step in [1, 3, 7, 64] {
            #expect(Self.chunked(bytes, name: "q.csv", step: step) == .success(loaded), "step \(step)")
        }
    }
}
