import Testing
@testable import TradeChartCore

/// The viewer's plot as Braille or as an image: what the terminal's answers allow, what
/// `b` switches to and says, and the frame's plot cells left blank for the image (but not
/// under a panel, which is text).
@Suite("Plot graphics")
struct PlotGraphicsTests {
    let series = TestSeries.daily(days: 400)

    func viewer(_ graphics: PlotGraphics) -> ViewerState {
        ViewerState(series: series, range: .oneYear, options: ViewerOptions(graphics: graphics), columns: 90, rows: 24)
    }

    /// The characters of the plot's cells (price chart and volume pane), without spaces.
    func plotText(_ v: ViewerState) -> String {
        let frame = v.frame(at: 0), area = v.imageArea
        var text = ""
        for y in area.row..<(area.row + area.rows) {
            for x in area.column..<(area.column + area.columns) where frame[x, y].character != " " {
                text.unicodeScalars.append(frame[x, y].character)
            }
        }
        return text
    }

    @Test func theTerminalsAnswersGiveTheModesBCyclesThrough() {
        let kitty = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4;22c".utf8)
        let sixel = Array("\u{1B}[?63;1;2;4;6;9;15;22c".utf8)
        let none = Array("\u{1B}[?1;2c".utf8)
        #expect(PlotGraphics.choices(asked: .auto, reply: kitty) == [.kitty, .sixel, .braille])
        #expect(PlotGraphics.choices(asked: .auto, reply: sixel) == [.sixel, .braille])
        #expect(PlotGraphics.choices(asked: .auto, reply: none) == [.braille])
        #expect(PlotGraphics.choices(asked: .auto, reply: nil) == [.braille])
        #expect(PlotGraphics.choices(asked: .kitty, reply: nil) == [.kitty, .braille], "asked for by hand, whatever the answer")
        #expect(PlotGraphics.choices(asked: .sixel, reply: kitty) == [.sixel, .kitty, .braille])
    }

    @Test func anImagesPlotCellsAreBlankAndBSwitchesToBrailleAndBack() {
        var v = viewer(PlotGraphics(mode: .sixel, choices: [.sixel, .braille], why: "test"))
        #expect(v.showsPlotAsImage)
        #expect(plotText(v).isEmpty, "the image lies over blank cells")
        #expect(v.frame(at: 0).plainText.contains("1Y"), "the text around the image stays")
        _ = v.handle(.key(.character("b")), at: 1)
        #expect(!v.showsPlotAsImage)
        #expect(v.shownPlotImage(at: 1, cell: .standard)?.mode == nil)
        #expect(plotText(v).unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "Braille again")
        #expect(v.status == "Plot in Braille; b: sixel image")
        _ = v.handle(.key(.character("b")), at: 2)
        #expect(v.showsPlotAsImage && v.shownPlotImage(at: 2, cell: .standard)?.mode == .sixel)
        #expect(v.status == "Plot as a sixel image; b: Braille")
    }

    @Test func withoutImagesBSaysWhy() {
        var v = viewer(.textOnly(why: "inside tmux or screen"))
        let before = plotText(v)
        _ = v.handle(.key(.character("b")), at: 1)
        #expect(v.status == "Plot in Braille only: inside tmux or screen")
        #expect(plotText(v) == before)
        #expect(!v.showsPlotAsImage)
    }

    @Test func underAPanelThePlotIsBraille() {
        var v = viewer(PlotGraphics(mode: .kitty, choices: [.kitty, .braille], why: "test"))
        _ = v.handle(.key(.character("?")), at: 1)
        #expect(!v.showsPlotAsImage, "the key help is text: no image over it")
        #expect(v.shownPlotImage(at: 1, cell: .standard)?.mode == nil)
        _ = v.handle(.key(.escape), at: 2)
        #expect(v.showsPlotAsImage)
    }
}
