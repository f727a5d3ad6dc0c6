import Foundation
import Testing
@testable import TradeChartCore

/// Whole frames of the real bundled data as text: every range at two sizes, the
/// intraday file's 1D and 5D, other charsets, and a morph as a film strip.
@Suite("Golden frames")
struct GoldenFrameTests {
    static func load(_ name: String) throws -> PriceSeries {
        let path = TestSeries.packageRoot.appendingPathComponent("Data/\(name)").path
        return try SeriesLoader.load(path: path).series
    }

    static let sizes = [(100, 30), (64, 20)]

    @Test(arguments: ChartRange.allCases)
    func daxAtEveryRange(range: ChartRange) throws {
        let dax = try Self.load("dax.csv")
        for (columns, rows) in Self.sizes {
            let state = ViewerState(series: dax, range: range, columns: columns, rows: rows)
            Golden.check(state.frame(at: 0).plainText + "\n", name: "dax-\(range.label)-\(columns)x\(rows).txt")
        }
    }

    @Test func daxYearEndsOnTheLastCloseWithBaselineLabelsAndRangeBar() throws {
        let dax = try Self.load("dax.csv")
        let frame = ViewerState(series: dax, range: .oneYear, columns: 100, rows: 30).frame(at: 0)
        let lines = frame.plainText.components(separatedBy: "\n")
        // 13 May 2019 close 11,876.65 (awk -F, 'END{print $1, $5}' Data/dax.csv); 1Y starts 14 May 2018, and
        // its reference is the close before it, Friday 11 May 2018: 13,001.24.
        #expect(lines[0].hasPrefix("dax.csv  11,876.65  ▼ -1,124.59 (-8.65%)"))
        // The baseline's price labelled at the baseline's row, no tick label next to it.
        let state = ViewerState(series: dax, range: .oneYear, columns: 100, rows: 30)
        let baselineRow = state.layout.chartY + Int(state.target.baselineRow / 4)
        #expect(lines[baselineRow].hasSuffix(" 13,001.24"))
        for row in [baselineRow - 1, baselineRow + 1] { #expect(!lines[row].suffix(8).contains { $0.isNumber }) }
        #expect(!lines.contains { $0.hasSuffix("13,000") }, "the tick at 13,000 shares the baseline's row and yields")
        #expect(lines[0].hasSuffix("1Y · 14 May 2018 – 13 May 2019"))
        #expect(lines.last!.contains("[1Y]"))
        #expect(lines.contains { $0.hasSuffix("12,000") })
        #expect(lines.contains { $0.contains("Jan 2019") })
        // The whole line is red (falling), the baseline dim.
        let lineCells = frame.cells.filter { $0.character.value > 0x2800 && $0.character.value <= 0x28FF && $0.style.color != .muted }
        #expect(lineCells.count > 150)
        #expect(lineCells.allSatisfy { $0.style.color == .falling })
        #expect(frame.cells.contains { $0.style == .muted && $0.character.value > 0x2800 && $0.character.value <= 0x28FF })
    }

    @Test func intradayShowsOneDayAndFiveDays() throws {
        let sp = try Self.load("sp500-1min.csv")
        for range in [ChartRange.oneDay, .fiveDays] {
            let state = ViewerState(series: sp, range: range, columns: 100, rows: 30)
            #expect(state.range == range)
            Golden.check(state.frame(at: 0).plainText + "\n", name: "sp500-\(range.label)-100x30.txt")
        }
        // Four days of minute bars open on 5D: 1M, 6M and 1Y would show the same points.
        #expect(sp.defaultRange() == .fiveDays)
        let year = ViewerState(series: sp, range: .oneYear, columns: 100, rows: 30).frame(at: 0).plainText
        #expect(year.contains("Wed 09:30"), "a long range over short data still labels its days")
        let day = ViewerState(series: sp, range: .oneDay, columns: 100, rows: 30).frame(at: 0).plainText
        #expect(day.contains("1D · Fri 8 Nov 2019 09:30–15:59"))
        // Against Thursday's 16:00 close, 3,085.35, not Friday's first minute (3,081.47).
        #expect(day.hasPrefix("sp500-1min.csv  3,092.91  ▲ +7.56 (+0.25%) up"))
        #expect(day.contains("12:00"))
    }

    @Test func fiveDaysOfDailyDataLabelsDaysWithoutTimes() throws {
        let dax = try Self.load("dax.csv")
        let text = ViewerState(series: dax, range: .fiveDays, columns: 100, rows: 30).frame(at: 0).plainText
        #expect(text.contains("Mon 13 May"))
        #expect(!text.contains("00:00"))
    }

    @Test func oneDayOnDailyDataIsShownUnavailable() throws {
        let dax = try Self.load("dax.csv")
        var state = ViewerState(series: dax, range: .oneYear, columns: 100, rows: 30)
        _ = state.handle(.key(.character("1")), at: 0)
        let text = state.frame(at: 0).plainText
        #expect(text.contains("1D needs intraday data"))
        #expect(text.contains("[1Y]"))
        let bar = state.frame(at: 0)
        let row = state.layout.bottomRow
        // " 1D " is dim in the range bar.
        #expect(bar[1, row].character == "1" && bar[1, row].style.attributes.contains(.dim))
    }

    @Test func otherCharsetsDrawTheSameChartCoarser() throws {
        let dax = try Self.load("dax.csv")
        for charset in [Charset.block, .ascii] {
            let state = ViewerState(series: dax, range: .oneYear, options: ViewerOptions(charset: charset), columns: 80, rows: 24)
            let text = state.frame(at: 0).plainText
            Golden.check(text + "\n", name: "dax-1Y-80x24-\(charset.rawValue).txt")
            if charset == .ascii { #expect(text.unicodeScalars.allSatisfy { $0.isASCII }) }
        }
    }

    @Test func morphFilmStrip() throws {
        let dax = try Self.load("dax.csv")
        var state = ViewerState(series: dax, range: .oneMonth, columns: 80, rows: 24)
        _ = state.handle(.key(.character("6")), at: 0)
        var strip = ""
        for t in [0.0, 0.3, 0.6, 1.2] {
            strip += "── t = \(t) s\n" + state.frame(at: t).plainText + "\n"
        }
        Golden.check(strip, name: "dax-morph-1M-to-5Y-80x24.txt")
    }

    @Test func colourFrameAsAnsiText() throws {
        let dax = try Self.load("dax.csv")
        let state = ViewerState(series: dax, range: .sixMonths, columns: 80, rows: 24)
        let ansi = AnsiRenderer().render(state.frame(at: 0))
        #expect(ansi.contains("\u{1B}[0;32m") || ansi.contains("\u{1B}[0;31m"))
        Golden.check(ansi, name: "dax-6M-80x24.ansi")
    }

    /// The stooq DAX since 1959, all of it, on a log scale: decades read as the percent moves they were.
    @Test func allTheDaxSince1959OnALogScale() throws {
        let path = TestSeries.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/stooq_dax_d.csv").path
        let stooq = try SeriesLoader.load(path: path).series
        let state = ViewerState(series: stooq, range: .max, columns: 100, rows: 30, view: ViewSettings(switches: [.log]))
        let text = state.frame(at: 0).plainText
        Golden.check(text + "\n", name: "stooq-dax-MAX-log-100x30.txt")
        let labels = text.components(separatedBy: "\n").map { $0.split(separator: " ").last.map(String.init) ?? "" }
        for round in ["500", "1,000", "2,000", "5,000", "10,000"] { #expect(labels.contains(round), "\(round)") }
        #expect(text.contains("1960") || text.contains("1965"))
        #expect(text.components(separatedBy: "\n").first!.contains("MAX · 28 Sep 1959"))
    }

    /// A window of the bundled DAX with two moving averages, as text and in colour.
    @Test func aWindowWithMovingAverages() throws {
        let dax = try Self.load("dax.csv")
        let from = DateArgument("2018-06")!.span.lowerBound, to = DateArgument("2019-02")!.span.upperBound
        let state = ViewerState(series: dax, columns: 100, rows: 30, view: ViewSettings(window: from...to, averages: [20, 50]))
        #expect(state.window != nil)
        Golden.check(state.frame(at: 0).plainText + "\n", name: "dax-window-averages-100x30.txt")
        Golden.check(AnsiRenderer().render(state.frame(at: 0)), name: "dax-window-averages-100x30.ansi")
    }
}
