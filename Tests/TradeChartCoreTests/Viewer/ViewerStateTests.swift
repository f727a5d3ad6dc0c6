import Testing
@testable import TradeChartCore
import TradeChartTestSupport

@Suite("Viewer state")
struct ViewerStateTests {
    let series = TestSeries.daily(days: 1269)

    func viewer(_ range: ChartRange = .oneYear, columns: Int = 100, rows: Int = 30) -> ViewerState {
        ViewerState(series: series, range: range, options: ViewerOptions(), columns: columns, rows: rows)
    }

    /// Number of cells that differ between two frames of one size.
    func difference(_ a: Frame, _ b: Frame) -> Int {
        zip(a.cells, b.cells).filter { $0 != $1 }.count
    }

    @Test func opensOnOneYearAndDrawsALine() {
        let v = viewer()
        #expect(v.range == .oneYear)
        let text = v.frame(at: 0).plainText
        #expect(text.contains("TEST"))
        #expect(text.contains("[1Y]"))
        // Braille dots in the chart area.
        #expect(text.unicodeScalars.filter { $0.value >= 0x2801 && $0.value <= 0x28FF }.count > 100)
    }

    @Test func morphEndsOnTheStillFrameExactly() {
        var v = viewer(.oneMonth)
        _ = v.handle(.key(.character("6")), at: 10)
        #expect(v.isAnimating(at: 10.5))
        #expect(!v.isAnimating(at: 11.21))
        let still = viewer(.fiveYears)
        expectSameFrame(v.frame(at: 11.21), still.frame(at: 0))
        expectSameFrame(v.frame(at: 30), still.frame(at: 0))
    }

    @Test func inBetweenFramesAreBetweenTheEnds() {
        var v = viewer(.oneMonth)
        let start = v.frame(at: 0)
        _ = v.handle(.key(.character("6")), at: 0)
        let end = v.frame(at: 1.2)
        let middle = v.frame(at: 0.6)
        #expect(middle.plainText != start.plainText)
        #expect(middle.plainText != end.plainText)
        // The x map of the newest point never moves: it stays at the right edge.
        let last = Double(series.count - 1)
        #expect(abs(v.projection(at: 0.6).x(last) - v.projection(at: 0).x(last)) < 1e-6)
    }

    @Test func interruptingAMorphStartsFromWhatIsOnScreen() {
        var v = viewer(.oneMonth)
        _ = v.handle(.key(.character("6")), at: 0)
        let before = v.projection(at: 0.5)
        let frameBefore = v.frame(at: 0.5)
        _ = v.handle(.key(.character("3")), at: 0.5)
        #expect(v.projection(at: 0.5) == before, "no jump when a key interrupts a morph")
        // The chart area (line, baseline, price labels) is unchanged at the moment of the key.
        let chartRows = v.layout.chartY..<v.layout.timeLabelRow
        #expect(chartRows.map { v.frame(at: 0.5).line($0) } == chartRows.map { frameBefore.line($0) })
        // Consecutive frames at 60 fps differ little.
        var previous = v.frame(at: 0.5)
        var t = 0.5
        while t < 1.8 {
            t += 1.0 / 60
            let next = v.frame(at: t)
            #expect(difference(previous, next) < 100 * 26 / 3)
            previous = next
        }
        expectSameFrame(v.frame(at: 1.8), viewer(.oneMonth).frame(at: 0))
    }

    @Test func scrubbingWalksEveryPointOfASmallRangeInOrder() {
        var v = viewer(.oneMonth)
        _ = v.handle(.key(.home), at: 0)
        #expect(v.cursor == v.slice.first)
        var visited = [v.cursor!]
        for _ in 0..<(v.slice.count + 3) {
            _ = v.handle(.key(.right), at: 0)
            if visited.last != v.cursor { visited.append(v.cursor!) }
        }
        #expect(visited == Array(v.slice.first...v.slice.last))
        _ = v.handle(.key(.escape), at: 0)
        #expect(v.cursor == nil)
    }

    @Test func headerShowsTheScrubbedPointAgainstTheBaseline() {
        var v = viewer(.oneMonth)
        _ = v.handle(.key(.home), at: 0)
        _ = v.handle(.key(.right), at: 0)
        let i = v.cursor!
        let header = v.frame(at: 0).line(0)
        let f = v.priceFormatter
        #expect(header.contains(f.string(series.prices[i])))
        // Against the reference price: the close before the range.
        #expect(v.slice.reference == v.slice.first - 1)
        #expect(header.contains(f.signed(series.prices[i] - series.prices[v.slice.first - 1])))
        #expect(header.contains(DateText.dayMonthYear(series.times[i])))
    }

    @Test func rangeSwitchKeepsTheCursorOnTheSamePoint() {
        var v = viewer(.oneMonth)
        _ = v.handle(.key(.end), at: 0)
        _ = v.handle(.key(.left), at: 0)
        let point = v.cursor
        _ = v.handle(.key(.character("5")), at: 0)
        #expect(v.cursor == point)
        _ = v.handle(.key(.home), at: 2)
        _ = v.handle(.key(.character("3")), at: 2)
        #expect(v.cursor == nil, "the 1Y start is not in 1M: the cursor hides")
    }

    @Test func unavailableRangeLeavesTheChartAndSaysWhy() {
        var v = viewer(.oneYear)
        let before = v.frame(at: 0)
        _ = v.handle(.key(.character("1")), at: 0)
        #expect(v.range == .oneYear)
        #expect(v.status == "1D needs intraday data")
        #expect(v.frame(at: 0).line(1).contains("1D needs intraday data"))
        #expect(v.frame(at: 0).line(0) == before.line(0))
    }

    @Test func anySizeDownToOneByOneRendersAndSmallSaysSo() {
        for columns in [1, 2, 5, 12, 23, 24, 30, 80] {
            for rows in [1, 2, 3, 7, 8, 12] {
                var v = viewer()
                _ = v.handle(.resize(columns: columns, rows: rows), at: 0)
                let frame = v.frame(at: 0)
                #expect(frame.width == columns && frame.height == rows)
                if columns < ChartLayout.minimumColumns || rows < ChartLayout.minimumRows {
                    if columns >= 9 && rows >= 1 { #expect(frame.plainText.contains("small")) }
                }
            }
        }
    }

    @Test func mouseClickPutsTheCursorOnTheNearestPoint() {
        var v = viewer(.oneMonth)
        let layout = v.layout
        _ = v.handle(.mouse(MouseInput(column: layout.chartWidth - 1, row: layout.chartY + 3, action: .press)), at: 0)
        #expect(v.cursor == v.slice.last)
        _ = v.handle(.mouse(MouseInput(column: 0, row: layout.chartY + 3, action: .drag)), at: 0)
        #expect(v.cursor == v.slice.first)
    }

    @Test func controlCharactersFromFilesNeverReachTheScreen() {
        var s = series
        s.name = "evil\u{1B}]0;owned\u{07}\u{1B}[31mname\u{9B}2J"
        var v = ViewerState(series: s, range: .oneYear, columns: 100, rows: 30, status: "bad \u{1B}[2J row")
        _ = v.handle(.key(.character("d")), at: 0)
        let frame = v.frame(at: 0)
        #expect(frame.cells.allSatisfy { !TextSanitizer.isControl($0.character) })
        #expect(TextSanitizer.clean("a\u{1B}[31mb\tc\u{202E}d") == "a [31mb cd")
    }

    @Test func theHeaderSaysUpOrDownInWords() {
        let falling = viewer(.oneYear).frame(at: 0).line(0)
        #expect(falling.contains("▼") && falling.contains(" down"))
        // All of a short file: its first price is the reference; the last is the same.
        let flat = ViewerState(series: SampleSeries.daily([10, 12.5, 10]), range: .fiveYears, columns: 80, rows: 20)
        let header = flat.frame(at: 0).line(0)
        #expect(header.hasPrefix("Test  10.00  0.00 (0.00%) unchanged"), "no arrow and no sign for no change")
        #expect(!header.contains("▲") && !header.contains("+"))
    }

    @Test func clickingTheRangeBarSwitchesRange() {
        var v = viewer(.oneYear)
        _ = v.handle(.mouse(MouseInput(column: 9, row: v.layout.bottomRow, action: .press)), at: 0)
        #expect(v.range == .oneMonth)
        #expect(v.frame(at: 5).line(v.layout.bottomRow).hasPrefix("(1D)  5D [1M]"))
        _ = v.handle(.mouse(MouseInput(column: 1, row: v.layout.bottomRow, action: .press)), at: 5)
        #expect(v.range == .oneMonth && v.status == "1D needs intraday data")
    }

    @Test func theCursorFollowsTheSoundWhileTheAudiographPlays() {
        var v = viewer(.oneMonth)
        _ = v.handle(.sound(.started(duration: 3, note: "Playing")), at: 10)
        #expect(v.isAnimating(at: 11))
        let early = v.displayedCursor(at: 10.05)!, middle = v.displayedCursor(at: 11.5)!, late = v.displayedCursor(at: 12.95)!
        #expect(early == v.slice.first)
        #expect(early < middle && middle < late && late == v.slice.last)
        #expect(v.frame(at: 11.5).line(0).contains(DateText.dayMonthYear(series.times[middle])))
        #expect(v.displayedCursor(at: 13.5) == nil && !v.isAnimating(at: 13.5))
        _ = v.handle(.sound(.started(duration: 3, note: "Playing")), at: 20)
        _ = v.handle(.key(.right), at: 21)
        #expect(v.displayedCursor(at: 21.5) == v.cursor, "a key takes the cursor back")
    }

    @Test func replacingTheSeriesKeepsTheCursorOnTheSameMoment() {
        var v = viewer(.oneMonth)
        _ = v.handle(.key(.end), at: 0)
        _ = v.handle(.key(.left), at: 0)
        let moment = series.times[v.cursor!]
        // A reload that lost the oldest 100 rows and gained one at the end.
        var reloaded = series
        reloaded.times = Array(series.times.dropFirst(100)) + [series.times.last! + 86_400 * 3]
        reloaded.prices = Array(series.prices.dropFirst(100)) + [series.prices.last! + 1]
        _ = v.handle(.follow(.updated(LoadedSeries(series: reloaded, report: LoadReport()), reloaded: true)), at: 1)
        #expect(v.cursor.map { reloaded.times[$0] } == moment)
        #expect(v.slice.last == reloaded.count - 1, "the range keeps its right edge on the newest point")
    }
}
