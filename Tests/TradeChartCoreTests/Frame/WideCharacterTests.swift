import Testing
@testable import TradeChartCore

/// Wide characters take two cells wherever text is placed (issue 11, point 6).
@Suite("Wide characters")
struct WideCharacterTests {
    @Test func displayWidthsFollowTheEastAsianWidths() {
        #expect("日経平均".displayWidth == 8)
        #expect("Ａｂ".displayWidth == 4, "fullwidth forms")
        #expect("ｱ".displayWidth == 1, "halfwidth katakana")
        #expect("한국".displayWidth == 4)
        #expect("e\u{301}".displayWidth == 1, "a combining accent takes no cell")
        #expect("📈".displayWidth == 2)
        #expect("▲ … ⠿ │ €".displayWidth == 9, "ambiguous and narrow symbols take one")
        #expect(DisplayWidth.prefix("日経平均", cells: 5) == "日経")
    }

    /// The symbols measured without asking their Unicode properties take the width those
    /// properties give them.
    @Test func theScreensSymbolsTakeTheWidthTheirPropertiesGive() {
        for v in [0x2010...0x2027, 0x2190...0x21FF, 0x2500...0x25FC, 0x2800...0x28FF].joined() {
            let scalar = Unicode.Scalar(UInt32(v))!
            let properties = scalar.properties
            let zero = [.nonspacingMark, .enclosingMark, .format].contains(properties.generalCategory)
            let width = zero ? 0 : (DisplayWidth.isWide(UInt32(v)) || properties.isEmojiPresentation ? 2 : 1)
            #expect(DisplayWidth.of(scalar) == width, "U+\(String(v, radix: 16, uppercase: true))")
        }
        #expect(DisplayWidth.of(Unicode.Scalar(0x25FD)!) == 2, "◽ is an emoji, outside the plain symbols")
    }

    @Test func aWideCharacterTakesItsCellAndAContinuation() {
        var frame = Frame(width: 10, height: 1)
        #expect(frame.write("日経x", x: 1, y: 0) == 6)
        #expect(frame[1, 0].character == "日" && frame[2, 0].isContinuation && frame[3, 0].character == "経")
        #expect(frame.line(0) == " 日経x    ", "the text is as wide as the frame")
        #expect(frame.line(0).displayWidth == 10)
        // Half of a wide character overwritten: the other half becomes a space.
        frame.write("a", x: 2, y: 0)
        #expect(frame.line(0) == "  a経x    ")
        frame.write("b", x: 3, y: 0)
        #expect(frame.line(0) == "  ab x    ")
        // One that does not fit whole at the edge is a space.
        frame.write("xxxxxxxx経", x: 1, y: 0)
        #expect(frame.line(0) == " xxxxxxxx ")
        #expect(!frame.cells.contains { $0.isContinuation })
    }

    /// Plain ASCII is written a run at a time: the wide characters it cuts at either end
    /// lose their other half, those it covers whole go, and the run is clipped at the edges.
    @Test func aRunOfASCIICutsTheWideCharactersAtItsEnds() {
        var frame = Frame(width: 10, height: 1)
        frame.write("日経平均", x: 1, y: 0)
        #expect(frame.write("abc", x: 2, y: 0) == 5, "from the second half of 日 through 経")
        #expect(frame.line(0) == "  abc平均 ")
        #expect(!frame.cells[0..<5].contains { $0.isContinuation } && frame[6, 0].isContinuation)
        frame.write("日経平均", x: 1, y: 0)
        frame.write("xyz", x: 3, y: 0)
        #expect(frame.line(0) == " 日xyz 均 ", "a run ending on the first half of 平")
        #expect(frame.write("0123456789AB", x: -1, y: 0) == 11)
        #expect(frame.line(0) == "123456789A", "clipped at both edges")
        frame.write("日経平均", x: 1, y: 0)
        #expect(frame.write("pqr", x: -1, y: 0) == 2)
        #expect(frame.line(0) == "qr 経平均A", "clipped on the left, ending on the first half of 日")
    }

    @Test func continuationsAreNeitherTextNorWritten() {
        var frame = Frame(width: 6, height: 1)
        frame.write("日本", x: 0, y: 0, style: CellStyle(.accent))
        let ansi = AnsiRenderer().render(frame)
        #expect(ansi.unicodeScalars.filter { $0 == Cell.continuationMark }.isEmpty)
        #expect(ansi.contains("日本"))
        #expect(TextSanitizer.clean("a\u{FFFF}b") == "ab", "the mark never comes from text")
        var text = Frame(width: 6, height: 1)
        text.write("a\u{FFFF}b", x: 0, y: 0)
        #expect(text.line(0) == "ab    ")
    }

    @Test func theHeaderAndPanelsMeasureAWideName() {
        let series = PriceSeries(name: "日経平均", times: TestSeries.daily(days: 300).times,
                                 prices: TestSeries.daily(days: 300).prices, hasTimeOfDay: false)
        var v = ViewerState(series: series, options: ViewerOptions(morphDuration: 0), columns: 100, rows: 30)
        let header = v.frame(at: 0).line(0)
        #expect(header.hasPrefix("日経平均  "))
        #expect(Self.cells(header) == 100 && !header.hasSuffix(" "), "the date span ends at the right edge: \(header)")
        _ = v.handle(.key(.character("d")), at: 1)
        let frame = v.frame(at: 1)
        // Every line of the panel has its right border in the same column.
        let borders = (0..<frame.height).compactMap { y -> Int? in
            let line = frame.line(y)
            guard line.contains("│ ") else { return nil }
            return Self.cells(String(line.unicodeScalars.prefix(through: line.unicodeScalars.lastIndex(of: "│")!)))
        }
        #expect(borders.count > 5 && Set(borders).count == 1, "\(borders)")
        #expect((0..<frame.height).contains { frame.line($0).contains("日経平均, range") })
    }

    /// Cells of a line, measured here independently of `DisplayWidth`: CJK ideographs take two.
    static func cells(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { $0 + ((0x3000...0x9FFF).contains($1.value) ? 2 : 1) }
    }

    @Test func wrappedTextIsCutByCells() {
        #expect(TextWrap.lines("日経平均株価 ab", width: 5) == ["日経", "平均", "株価", "ab"])
    }
}
