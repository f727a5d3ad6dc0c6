import Testing
@testable import TradeChartCore

/// Messages are never cut silently, and panels that do not fit scroll, say that there
/// is more, and leave the price labels alone.
@Suite("Panels and messages")
struct PanelAndMessageTests {
    let series = TestSeries.daily(days: 400)

    static let longNote = "Skipped 1,234 rows of quotes.csv: the first on line 17: the price 'n/a' is not a number; "
        + "the rest are blank lines and rows without a time"

    @Test func aMessageTooLongForTheStatusLineEndsInAnEllipsisAndTheMessagesKeyShowsItWhole() {
        var v = ViewerState(series: series, range: .oneYear, columns: 60, rows: 20, status: Self.longNote)
        let line = v.frame(at: 0).line(v.layout.statusRow)
        #expect(line.trimmingTrailingSpaces().hasSuffix("… [!]"), "\(line)")
        #expect(line.hasPrefix("Skipped 1,234 rows of quotes.csv: the first on"))
        #expect(!line.contains("17…"), "cut at a word")
        // `!` shows it whole (wrapped), even after a key cleared the status line.
        _ = v.handle(.key(.right), at: 0)
        #expect(v.status == nil)
        _ = v.handle(.key(.character("!")), at: 1)
        let shown = v.frame(at: 1).plainText
        #expect(shown.contains("Messages"))
        let words = Self.longNote.split(separator: " ")
        let panelText = (v.panel!.lines).joined(separator: " ")
        #expect(panelText.split(separator: " ") == words, "every word, in order")
        // `!` again (or Esc) closes it.
        _ = v.handle(.key(.character("!")), at: 2)
        #expect(v.overlay == .none)
    }

    @Test func aMessageThatFitsIsShownAsItIs() {
        let v = ViewerState(series: series, range: .oneYear, columns: 100, rows: 20, status: "Skipped 2 rows")
        #expect(v.frame(at: 0).line(1).trimmingTrailingSpaces() == "Skipped 2 rows")
    }

    @Test func theMessagesPanelKeepsTheLatestNewestFirst() {
        var v = ViewerState(series: series, range: .oneYear, columns: 100, rows: 30, status: "first")
        _ = v.handle(.note("second"), at: 0)
        _ = v.handle(.key(.character("1")), at: 1)   // 1D needs intraday data
        _ = v.handle(.key(.character("!")), at: 2)
        #expect(v.panel!.lines == ["1D needs intraday data", "second", "first"])
        for i in 0..<30 { _ = v.handle(.note("note \(i)"), at: 3) }
        #expect(v.messages.count == ViewerState.messageLimit && v.messages.last == "note 29")
    }

    @Test func theHelpScrollsWhenTheTerminalIsShortAndSaysThereIsMore() {
        var v = ViewerState(series: series, range: .oneYear, columns: 80, rows: 16)
        _ = v.handle(.key(.character("?")), at: 0)
        let panel = v.panel!
        #expect(panel.lines.count > panel.visible, "the help is longer than 16 rows")
        var frame = v.frame(at: 0)
        let bottomBorder = frame.line(panel.y + panel.visible + 1)
        #expect(bottomBorder.contains("▼ \(panel.lines.count - panel.visible) more"))
        #expect(!frame.line(panel.y).contains("▲"), "nothing above yet")
        // Down one line, then a page, then the end: every line can be read.
        _ = v.handle(.key(.down), at: 0)
        #expect(v.panelScroll == 1 && v.overlay == .help)
        #expect(v.frame(at: 0).line(panel.y + 1).contains(panel.lines[1]))
        _ = v.handle(.key(.pageDown), at: 0)
        #expect(v.panelScroll == 1 + panel.visible - 1)
        _ = v.handle(.key(.end), at: 0)
        #expect(v.panelScroll == panel.maxScroll)
        frame = v.frame(at: 0)
        #expect(frame.line(panel.y + panel.visible).contains(panel.lines.last!.trimmingTrailingSpaces()))
        #expect(frame.line(panel.y).contains("▲ \(panel.maxScroll) more"))
        _ = v.handle(.key(.down), at: 0)
        #expect(v.panelScroll == panel.maxScroll, "no further than the last line")
        _ = v.handle(.key(.home), at: 0)
        #expect(v.panelScroll == 0)
        _ = v.handle(.key(.pageUp), at: 0)
        #expect(v.panelScroll == 0 && v.overlay == .help)
        _ = v.handle(.key(.escape), at: 0)
        #expect(v.overlay == .none && v.cursor == nil, "Esc closes it and does nothing else")
    }

    @Test func panelsNeverCoverThePriceLabels() {
        for (columns, rows) in [(200, 60), (120, 40), (80, 24), (40, 12), (30, 8)] {
            for key: Unicode.Scalar in ["?", "d"] {
                var v = ViewerState(series: series, range: .oneYear, columns: columns, rows: rows)
                let before = v.frame(at: 0)
                _ = v.handle(.key(.character(key)), at: 0)
                let after = v.frame(at: 0)
                for row in 0..<rows {
                    for x in v.layout.labelX..<columns {
                        #expect(after[x, row] == before[x, row], "\(key) at \(columns)x\(rows) covers \(x),\(row)")
                    }
                }
                #expect(after.line(0) == before.line(0), "the header stays")
                #expect(after.line(rows - 1) == before.line(rows - 1), "the range bar stays")
                if let panel = v.panel {
                    #expect(panel.lines.allSatisfy { HeaderLayout.width($0) <= panel.inner }, "lines wrapped, not cut")
                }
            }
        }
    }
}
