import Foundation
import Testing
@testable import TradeChartCore

/// Candles in the viewer (SPEC section 8): `c` and `v`, what a file without the columns
/// says, reading them when asked, scrubbing candle by candle with the file's values in
/// the header, merged candles, morphs without jumps and style switches that keep the axes.
@Suite("Candles in the viewer")
struct CandleViewerTests {
    static let daxPath = TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path

    static func load(_ fields: BarFields = .all) throws -> LoadedSeries {
        try SeriesLoader.load(path: daxPath, options: LoadOptions(bars: fields))
    }

    /// A viewer on the DAX with the columns `loaded` read and `style` asked for.
    static func viewer(_ loaded: LoadedSeries, style: ChartStyle = .line, volume: Bool = false,
                       range: ChartRange = .oneMonth, columns: Int = 100, rows: Int = 30) -> ViewerState {
        ViewerState(series: loaded.series, range: range, columns: columns, rows: rows,
                    candles: CandleState(names: loaded.barNames, bars: loaded.bars, closes: loaded.series.prices,
                                         style: style, volume: volume))
    }

    /// The DAX rows as the CSV writes them: date, open, high, low, close, volume (null rows left out).
    static func csvRows() throws -> [[String]] {
        try String(contentsOfFile: daxPath, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",").map(String.init) }.filter { $0[4] != "null" }
    }

    static func header(_ state: ViewerState, at time: Double = 0) -> String {
        state.frame(at: time).plainText.components(separatedBy: "\n")[0]
    }

    @Test func cCyclesLineCandlesOHLCAndRemembersIt() throws {
        var v = Self.viewer(try Self.load())
        var styles: [ChartStyle] = []
        for _ in 0..<3 {
            let commands = v.handle(.key(.character("c")), at: 0)
            styles.append(v.candles.style)
            #expect(commands.contains { if case .remember(let m) = $0 { m.style == (v.candles.style == .line ? nil : v.candles.style.rawValue) } else { false } })
        }
        #expect(styles == [.candles, .ohlc, .line])
    }

    @Test func aFileWithoutTheColumnsKeepsTheLineAndSaysWhy() throws {
        let closes = try SeriesLoader.load(bytes: Array("Date,Close\n2020-01-01,1\n2020-01-02,2\n2020-01-03,3\n".utf8),
                                           fileName: "closes.csv", options: LoadOptions(bars: .all))
        var v = Self.viewer(closes)
        #expect(v.handle(.key(.character("c")), at: 0).isEmpty)
        #expect(v.candles.style == .line)
        #expect(v.status?.contains("closes.csv has no Open, High or Low column") == true)
        _ = v.handle(.key(.character("v")), at: 0)
        #expect(!v.layout.volume && v.status?.contains("has no Volume column") == true)
        // Asked for on the command line: the note says it, the line is drawn.
        let asked = Self.viewer(closes, style: .candles, volume: true)
        #expect(asked.candles.style == .line && asked.status?.contains("candles need") == true)
    }

    @Test func cOnALineAsksForTheColumnsThenShowsCandles() throws {
        let line = try Self.load([])
        var v = Self.viewer(line)
        let before = v.target
        let commands = v.handle(.key(.character("c")), at: 1)
        // The volume too: the candle's header shows it (V) also without the pane.
        #expect(commands.contains(.loadBars(.all)))
        #expect(v.status == "Reading Open, High, Low, Volume of dax.csv…")
        #expect(!v.candles.drawsCandles, "the line until they come")
        _ = v.handle(.bars(.loaded(try Self.load(.all))), at: 2)
        #expect(v.candles.drawsCandles)
        #expect(v.status?.hasPrefix("Candles, rising hollow, falling filled: 1 candle = 1 day") == true)
        // The axis widens to the highs and lows by a morph from what was on screen, not a jump.
        #expect(v.projection(at: 2) == before)
        #expect(v.target.y != before.y)
        #expect(v.projection(at: 2 + v.options.morphDuration) == v.target)
    }

    @Test func whatWasAskedForWhileTheyWereReadIsSaidWhenTheyCome() throws {
        var v = Self.viewer(try Self.load([]))
        #expect(v.handle(.key(.character("c")), at: 0).contains(.loadBars(.all)))
        // The pane too, before the columns came: the one read of all four, both said when they come.
        #expect(!v.handle(.key(.character("v")), at: 0).contains { if case .loadBars = $0 { true } else { false } })
        #expect(v.status == "Reading Open, High, Low, Volume of dax.csv…")
        _ = v.handle(.bars(.loaded(try Self.load(.all))), at: 1)
        #expect(v.candles.drawsCandles && v.candles.drawsVolume && v.layout.volume)
        #expect(v.status == "Candles, rising hollow, falling filled: 1 candle = 1 day; c: OHLC bars; "
                + "Volume pane: Volume, one bar a candle")
    }

    @Test func aFailedReadGoesBackToTheLine() throws {
        var v = Self.viewer(try Self.load([]))
        _ = v.handle(.key(.character("c")), at: 0)
        _ = v.handle(.bars(.failed("dax.csv: cannot open")), at: 0)
        #expect(v.candles.style == .line && v.status == "dax.csv: cannot open")
        #expect(v.memory.style == nil)
    }

    @Test func switchingStyleKeepsTheAxes() throws {
        var v = Self.viewer(try Self.load(), volume: true)
        let line = v.target
        for _ in 0..<3 {
            _ = v.handle(.key(.character("c")), at: 0)
            #expect(v.target == line && v.morph == nil, "\(v.candles.style): the same maps, at once")
        }
    }

    @Test func theVolumePaneTakesAFifthAndTheChartMorphsToItsHeight() throws {
        var v = Self.viewer(try Self.load(), style: .candles)
        let rows = v.layout.chartHeight
        _ = v.handle(.key(.character("v")), at: 5)
        #expect(v.layout.volume && v.layout.volumeRows == (rows + 2) / 5 && v.layout.chartHeight == rows - v.layout.volumeRows)
        #expect(v.morph != nil && v.target.volumeTop > 0)
        #expect(v.status == "Volume pane: Volume, one bar a candle")
        let text = v.frame(at: 10).plainText.components(separatedBy: "\n")
        let pane = text[v.layout.volumeY..<(v.layout.volumeY + v.layout.volumeRows)]
        #expect(pane.first?.hasSuffix(CompactNumber.string(v.target.volumeTop)) == true)
        #expect(pane.joined().contains("█"))
        _ = v.handle(.key(.character("v")), at: 11)
        #expect(!v.layout.volume && v.layout.chartHeight == rows && !v.memory.switches.contains(.volume))
    }

    @Test func scrubbingMovesCandleByCandleWithTheFileValuesInTheHeader() throws {
        var v = Self.viewer(try Self.load(), style: .candles, range: .oneMonth)
        let rows = try Self.csvRows()
        #expect(v.candlePeriod == .day)
        var seen: [Int] = []
        for _ in 0..<v.slice.count {
            _ = v.handle(.key(.left), at: 0)
            seen.append(v.cursor!)
            let i = v.cursor!
            let row = rows[i]
            let format = v.priceFormatter
            let value = { (k: Int) in format.string(Double(row[k])!) }
            let header = Self.header(v)
            #expect(header.contains("O \(value(1))  H \(value(2))  L \(value(3))  C \(value(4))"), "\(row[0]): \(header)")
            #expect(header.contains("V " + CompactNumber.string(Double(row[6])!)))
            #expect(header.hasSuffix(DateText.moment(v.series.times[i], withTime: false)))
        }
        #expect(seen == Array((v.slice.first...v.slice.last).reversed()))
        // The newest candle, 13 May 2019: O 12,044.10 H 12,052.93 L 11,844.47 C 11,876.65, V 107,254,900; its
        // close is 123.28 below the month's reference price, 11,999.93, as the line's header says.
        _ = v.handle(.key(.end), at: 0)
        #expect(Self.header(v).contains("O 12,044.10  H 12,052.93  L 11,844.47  C 11,876.65  V 107.3M  ▼ -123.28 (-1.03%)"))
        var line = v
        _ = line.handle(.key(.character("c")), at: 0)
        _ = line.handle(.key(.character("c")), at: 0)
        #expect(!line.drawsCandles && Self.header(line).contains("11,876.65  ▼ -123.28 (-1.03%)"))
    }

    @Test func mergedCandlesShowTheirFirstAndLastDateAndAPlainMerge() throws {
        let loaded = try Self.load()
        var v = Self.viewer(loaded, style: .candles, range: .fiveYears)
        let period = v.candlePeriod
        #expect(period == .quarter, "5Y at 100 columns: months would get less than three dots each")
        #expect(Self.header(v).contains("5Y · 1 candle = 3 months"))
        _ = v.handle(.key(.left), at: 0)
        _ = v.handle(.key(.left), at: 0)
        let last = v.cursor!
        let times = v.series.times
        // The candle before the newest: the first quarter of 2019, 2 Jan to 29 Mar, all its days.
        let first = times.firstIndex { $0 >= CandlePeriod.quarter.start(of: times[last]) }!
        #expect(DateText.dayMonthYear(times[first]) == "2 Jan 2019" && DateText.dayMonthYear(times[last]) == "29 Mar 2019")
        let bars = loaded.bars!
        let prices = (first...last).flatMap { [bars.open![$0], bars.high![$0], bars.low![$0], loaded.series.prices[$0]] }
        let volume = (first...last).map { bars.volume![$0] }.reduce(0, +)
        let f = v.priceFormatter
        let expected = "O \(f.string(bars.open![first]))  H \(f.string(prices.max()!))  L \(f.string(prices.min()!))  "
            + "C \(f.string(loaded.series.prices[last]))  V \(CompactNumber.string(volume))"
        let header = Self.header(v)
        #expect(header.contains(expected), "\(header)")
        #expect(header.hasSuffix("2 Jan – 29 Mar"), "the candle's first and last day")
        // Ten candles a press with Shift (two and a half years back: the end of September 2016), never past the first.
        _ = v.handle(.key(.shiftLeft), at: 0)
        #expect(DateText.dayMonthYear(times[v.cursor!]) == "30 Sep 2016")
        _ = v.handle(.key(.home), at: 0)
        #expect(DateText.dayMonthYear(times[v.cursor!]) == "30 Jun 2014", "the first candle: 14 May to the end of June 2014")
    }

    @Test func candlesSlideAndWidenDuringAMorphAndRegroupOnce() throws {
        var v = Self.viewer(try Self.load(), style: .candles, volume: true, range: .oneMonth, columns: 120, rows: 40)
        _ = v.handle(.key(.character("6")), at: 0)
        var periods: [CandlePeriod] = []
        var previous: [Candle] = []
        var t = 0.0
        while t <= v.options.morphDuration {
            let geometry = v.geometry(at: t)
            let p = geometry.projection
            let candles = geometry.candles
            let period = try #require(geometry.candlePeriod)
            if periods.last != period { periods.append(period) }
            // Whole periods, side by side (the first and the last cut at the points drawn).
            #expect(zip(candles, candles.dropFirst()).allSatisfy { $0.last + 1 == $1.first })
            #expect(candles.dropFirst().dropLast().allSatisfy {
                CandleGrouping.group(containing: $0.first, period: period, times: v.series.times) == $0.first...$0.last
            })
            // A candle that stays in its group moves with the map: its slot is where the map puts its bars.
            if period == periods.first, let c = candles.last, previous.last?.first == c.first {
                let g = CandleGeometry(first: c.first, last: c.last, x: p.x)
                #expect(abs(Double(g.wick) - p.x(Double(c.first + c.last) / 2)) <= Double(g.bodyWidth) / 2 + 1)
            }
            previous = candles
            t += 1.0 / 60
        }
        #expect(periods.count <= 2 && periods.first == .day && periods.last == v.candlePeriod, "\(periods)")
    }

    @Test func everyStyleDrawsInColourAndShapeAndWithoutColour() throws {
        let v = Self.viewer(try Self.load(), style: .candles)
        let frame = v.frame(at: 0)
        var chart: [Cell] = []
        for row in v.layout.chartY..<(v.layout.chartY + v.layout.chartHeight) {
            for column in 0..<v.layout.chartWidth {
                let cell = frame[column, row]
                if (0x2801...0x28FF).contains(cell.character.value) && cell.style.color != .muted { chart.append(cell) }
            }
        }
        #expect(chart.contains { $0.style.color == .rising } && chart.contains { $0.style.color == .falling })
        // Falling bodies are filled (full Braille cells), rising ones hollow (none of theirs full).
        #expect(chart.contains { $0.character == "⣿" && $0.style.color == .falling })
        #expect(!chart.contains { $0.character == "⣿" && $0.style.color == .rising })
    }
}
