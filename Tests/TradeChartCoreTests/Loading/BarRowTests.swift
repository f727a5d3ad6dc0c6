import Testing
@testable import TradeChartCore

/// The open, high, low and volume go where their row goes: sorted, deduplicated,
/// dropped with it; a missing or unreadable value is a gap, never a bad row.
@Suite("Open, high, low and volume row by row")
struct BarRowTests {
    static func load(_ text: String) throws -> LoadedSeries {
        try SeriesLoader.load(bytes: Array(text.utf8), fileName: "t.csv", options: LoadOptions(bars: .all))
    }

    /// The columns at each point as text, gaps as `-`, for readable comparisons.
    static func rows(_ loaded: LoadedSeries) -> [String] {
        let b = loaded.bars!
        func text(_ column: [Double]?, _ i: Int) -> String {
            guard let column else { return "none" }
            return column[i].isNaN ? "-" : "\(column[i])"
        }
        return (0..<loaded.series.count).map { i in
            "\(text(b.open, i)) \(text(b.high, i)) \(text(b.low, i)) \(loaded.series.prices[i]) \(text(b.volume, i))"
        }
    }

    @Test func rowsInAnyOrderKeepTheirOwnValuesAndTheLastOfATime() throws {
        let loaded = try Self.load("""
            Date,Open,High,Low,Close,Volume
            2020-01-03,3,3.5,2.5,3.1,300
            2020-01-01,1,1.5,0.5,1.1,100
            2020-01-02,2,2.5,1.5,2.1,200
            2020-01-01,9,9.5,8.5,9.1,900
            2020-01-04,4,4.5,3.5,4.1,400

            """)
        #expect(Self.rows(loaded) == ["9.0 9.5 8.5 9.1 900.0", "2.0 2.5 1.5 2.1 200.0", "3.0 3.5 2.5 3.1 300.0",
                                     "4.0 4.5 3.5 4.1 400.0"])
        #expect(loaded.report.duplicatesDropped == 1)
    }

    @Test func newestFirstIsReversedWithThem() throws {
        let loaded = try Self.load("Date;Erster;Hoch;Tief;Schlusskurs;Stuecke\n2020-01-02;2,5;3,0;2,0;2,75;1.234\n"
                                   + "2020-01-01;1,5;2,0;1,0;1,75;12\n")
        #expect(Self.rows(loaded) == ["1.5 2.0 1.0 1.75 12.0", "2.5 3.0 2.0 2.75 1234.0"])
    }

    @Test func aMissingOrBadValueIsAGapNotABadRow() throws {
        let loaded = try Self.load("""
            Date,Open,High,Low,Close,Volume
            2020-01-01,null,,abc,1.0,-
            2020-01-02,2,2.5,1.5,2.0
            2020-01-03,"3",3.5,inf,3.0,"1.5K"
            """)
        #expect(Self.rows(loaded) == ["- - - 1.0 -", "2.0 2.5 1.5 2.0 -", "3.0 3.5 - 3.0 1500.0"])
        #expect(loaded.report.badRows == 0 && loaded.report.summary == nil)
    }

    @Test func rowsDroppedForTheirTimeOrPriceTakeTheirValuesWithThem() throws {
        // Day first (13/1) decides the column; 1/13 then fits no order and is dropped; null prices are skipped.
        let loaded = try Self.load("""
            Date,Open,High,Low,Close
            13/1/2020,1,1,1,1
            1/13/2020,2,2,2,2
            14/1/2020,3,3,3,null
            15/1/2020,4,4,4,4
            """)
        #expect(Self.rows(loaded) == ["1.0 1.0 1.0 1.0 none", "4.0 4.0 4.0 4.0 none"])
        #expect(loaded.report.badRows == 1)
    }

    @Test func aFileWithoutThemHasNone() throws {
        let loaded = try Self.load("Date,Close,Volume MA\n2020-01-01,1,5\n2020-01-02,2,6\n")
        #expect(loaded.bars == nil && loaded.barNames.isEmpty)
        let volumeOnly = try Self.load("Date,Close,Vol.\n2020-01-01,1,5\n2020-01-02,2,6M\n")
        #expect(volumeOnly.bars?.hasCandles == false && volumeOnly.bars?.volume == [5, 6_000_000])
        #expect(volumeOnly.barNames.missingForCandles == ["Open", "High", "Low"])
    }

    @Test func followedRowsComeWithTheirValues() throws {
        var parser = CSVStreamParser(file: "f.csv", options: LoadOptions(bars: .all))
        parser.feed(Array("Date,Open,High,Low,Close,Volume\n2020-01-01,1,2,0.5,1.5,10\n".utf8))
        let first = try parser.takeNewRows()
        #expect(first.bars?.open == [1] && first.bars?.volume == [10])
        parser.feed(Array("2020-01-02,2,3,1.5,2.5,20\n2020-01-03,3,4,2.5,3.5,\n".utf8))
        let next = try parser.takeNewRows()
        #expect(next.times.count == 2 && next.bars?.high == [3, 4] && next.bars?.volume?[0] == 20)
        #expect(next.bars?.volume?[1].isNaN == true)
    }

    @Test func volumeSuffixesAndGroupsAreExact() {
        func volume(_ text: String, delimiter: UInt8 = 0x2C) -> Double {
            Array(text.utf8).withUnsafeBufferPointer { VolumeParser.parse($0.baseAddress!, $0.baseAddress! + $0.count,
                                                                            delimiter: delimiter) }
        }
        #expect(volume("69.17M") == 69_170_000)
        #expect(volume("1.5K") == 1500)
        #expect(volume("2.41B") == 2_410_000_000)
        #expect(volume("0.3m") == 300_000)
        #expect(volume("762.695", delimiter: 0x3B) == 762_695)
        #expect(volume("168.501.872", delimiter: 0x3B) == 168_501_872)
        #expect(volume("12,5", delimiter: 0x3B) == 12.5)
        #expect(volume("1234.5") == 1234.5)
        #expect(volume("-").isNaN && volume("").isNaN && volume("n/a").isNaN && volume("12X").isNaN)
    }
}
