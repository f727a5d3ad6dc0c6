import Testing
@testable import TradeChartCore

/// Issue 24, following by appending in place: a follower that gives its rows away keeps
/// no reference to the series it handed out, so the viewer, holding the only one, grows
/// its columns where they lie instead of copying ten million rows at the first append.
@Suite("Following: rows given away, columns grown in place")
struct RowsGivenAwayTests {
    static let header = "Datetime,Open,High,Low,Close,Volume\n"

    /// The row of minute `minute` after 10:00 (an hour on after 60).
    static func row(_ minute: Int, _ price: Double) -> String {
        let hour = 10 + minute / 60, m = minute % 60
        return "2024-03-04 \(hour):\(m < 10 ? "0" : "")\(m):00+01:00,\(price),\(price + 1),\(price - 1),\(price),100\n"
    }

    /// A parser that read `rows` rows of a file it knows the size of (so it reserved room for them).
    static func parser(rows: Int) -> CSVStreamParser {
        let text = header + (0..<rows).map { row($0, 100 + Double($0)) }.joined()
        var parser = CSVStreamParser(file: "f.csv", options: LoadOptions(bars: .all), expectedBytes: text.utf8.count * 2)
        parser.feed(Array(text.utf8))
        return parser
    }

    /// The viewer made from the whole series the parser gives away; nothing else holds it after this returns.
    static func viewer(from parser: inout CSVStreamParser) throws -> ViewerState {
        guard case .updated(let loaded, _) = FollowChange.rows(of: &parser, name: "f.csv", whole: false, shown: false,
                                                                 givesAway: true) else {
            throw Missing()
        }
        return ViewerState(series: loaded.series, range: nil, options: ViewerOptions(followed: "f.csv"), columns: 100, rows: 30,
                           candles: CandleState(names: loaded.barNames, bars: loaded.bars, closes: loaded.series.prices))
    }

    struct Missing: Error {}

    static func address<T>(_ column: [T]?) -> UnsafeRawPointer? {
        column?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func aParserThatGivesItsRowsAwayKeepsNoneOfThem() throws {
        var parser = Self.parser(rows: 3)
        guard case .updated(let loaded, _) = FollowChange.rows(of: &parser, name: "f.csv", whole: false, shown: false,
                                                                 givesAway: true) else {
            Issue.record("the whole series first")
            return
        }
        #expect(loaded.series.prices == [100, 101, 102])
        #expect(loaded.bars?.high == [101, 102, 103])
        #expect(parser.times.isEmpty && parser.prices.isEmpty, "the series' columns are the series' alone")
        #expect(parser.bars?.open.isEmpty == true && parser.bars?.volume.isEmpty == true)
        parser.feed(Array(Self.row(3, 103).utf8))
        guard case .appended(let rows) = FollowChange.rows(of: &parser, name: "f.csv", whole: false, shown: true,
                                                           givesAway: true) else {
            Issue.record("then the new rows alone")
            return
        }
        #expect(rows.prices == [103])
        #expect(rows.bars?.low == [102])
        #expect(parser.times.isEmpty && parser.bars?.high.isEmpty == true, "rows handed out are given away too")
        #expect(parser.rowsRead == 4, "the rows read are still counted")
    }

    @Test func theViewerGrowsTheColumnsItAloneHoldsInPlace() throws {
        var parser = Self.parser(rows: 40)
        var state = try Self.viewer(from: &parser)
        let times = Self.address(state.series.times), prices = Self.address(state.series.prices)
        let opens = Self.address(state.candles.series?.bars.open), volumes = Self.address(state.candles.series?.bars.volume)
        #expect(opens != nil && volumes != nil)
        for minute in 40..<44 {
            parser.feed(Array(Self.row(minute, 50 + Double(minute)).utf8))
            let change = FollowChange.rows(of: &parser, name: "f.csv", whole: false, shown: true, givesAway: true)
            guard case .appended = change else { Issue.record("rows appended"); return }
            _ = state.handle(.follow(change), at: Double(minute))
            // The columns are where they were, after every append (a copy freed and copied back could land there again).
            #expect(Self.address(state.series.times) == times && Self.address(state.series.prices) == prices, "row \(minute)")
            #expect(Self.address(state.candles.series?.bars.open) == opens, "row \(minute)")
            #expect(Self.address(state.candles.series?.bars.volume) == volumes, "row \(minute)")
        }
        #expect(state.series.count == 44)
        #expect(state.series.prices.last == 93)
        #expect(state.candles.series?.bars.high?.last == 94)
        #expect(state.seriesRebuilds == 0)
    }

    /// A moving average grows in place too: its values are one column with the index its
    /// line is drawn from, lent to the average while it takes the new rows (at 1e7 rows with
    /// MA 20, 50 and 200 the first appended row copied 480 MB and kept both copies).
    @Test func aMovingAverageGrowsInPlaceAndSharesItsColumnWithItsLine() throws {
        var parser = Self.parser(rows: 64)
        var state = try Self.viewer(from: &parser)
        state.setAverages([20])
        _ = state.frame(at: 0)
        let values = Self.address(state.averages[0].average.values)
        #expect(values != nil)
        for minute in 64..<67 {
            parser.feed(Array(Self.row(minute, 200 + Double(minute)).utf8))
            let change = FollowChange.rows(of: &parser, name: "f.csv", whole: false, shown: true, givesAway: true)
            guard case .appended = change else { Issue.record("rows appended"); return }
            _ = state.handle(.follow(change), at: Double(minute))
            _ = state.frame(at: Double(minute))
            let line = state.averages[0]
            #expect(Self.address(line.average.values) == values, "the average's values where they were, row \(minute)")
            #expect(Self.address(line.plotIndex.values) == values, "its line indexes the same column, row \(minute)")
        }
        let fresh = MovingAverage(bars: 20, prices: state.series.prices)
        #expect(state.averages[0].average.values.map(\.bitPattern) == fresh.values.map(\.bitPattern))
        let drawn = state.averages[0].plotIndex.minMax(40...66), expected = MinMaxIndex(fresh.values).minMax(40...66)
        #expect(drawn.min == expected.min && drawn.max == expected.max)
    }
}
