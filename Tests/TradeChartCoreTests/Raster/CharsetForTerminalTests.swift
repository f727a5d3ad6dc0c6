import Testing
@testable import TradeChartCore

@Suite("Charset for a terminal")
struct CharsetForTerminalTests {
    @Test func autoPicksBrailleOnlyWhereItCanBeShown() {
        for term in ["linux", "linux-16color", "vt100", "vt102", "vt220", "VT320", "ansi", "cons25", "dumb", "", "wy50"] {
            #expect(Charset.automatic(term: term, localeIsUTF8: true) == .ascii, "TERM=\(term)")
        }
        for term in ["xterm-256color", "tmux-256color", "screen", "vte-256color", "alacritty", "xterm-kitty", "rxvt-unicode"] {
            #expect(Charset.automatic(term: term, localeIsUTF8: true) == .braille, "TERM=\(term)")
            #expect(Charset.automatic(term: term, localeIsUTF8: false) == .ascii, "TERM=\(term) without UTF-8")
        }
    }

    @Test func inAsciiTheBaselineAndTheCursorUseGlyphsTheLineDoesNot() {
        let series = TestSeries.daily(days: 400)
        var v = ViewerState(series: series, range: .oneYear, options: ViewerOptions(charset: .ascii), columns: 80, rows: 24)
        _ = v.handle(.key(.end), at: 0)
        for _ in 0..<30 { _ = v.handle(.key(.left), at: 0) }
        let frame = v.frame(at: 0)
        let lineGlyphs = Set(Charset.asciiGlyphs.dropFirst())
        var baseline = 0, cursor = 0
        for row in v.layout.chartY..<v.layout.timeLabelRow {
            for column in 0..<v.layout.chartWidth {
                let cell = frame[column, row]
                if cell.style.color == .rising || cell.style.color == .falling {
                    if cell.character != "o" { #expect(lineGlyphs.contains(cell.character)) }
                } else if cell.character != " " {
                    #expect(!lineGlyphs.contains(cell.character), "\(cell.character) at \(column),\(row) looks like the line")
                    if cell.character == "." { baseline += 1 }
                    if cell.character == "!" { cursor += 1 }
                }
            }
        }
        #expect(baseline > 10 && cursor > 5)
    }
}
