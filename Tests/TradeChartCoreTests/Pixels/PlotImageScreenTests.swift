import Testing
@testable import TradeChartCore

/// What the viewer writes to put the plot's image on the screen and to change it: the
/// cursor saved, moved to the plot's first cell and put back; a sixel image whole the
/// first time and after a clear, then only the runs of cell columns that changed; a kitty
/// image replaced in place under the other of two ids; nothing when nothing changed.
@Suite("Plot image on the screen")
struct PlotImageScreenTests {
    let series = TestSeries.daily(days: 400)
    let cell = PixelCellSize(width: 6, height: 12)

    func state(graphics: GraphicsMode = .sixel) -> ViewerState {
        ViewerState(series: series, range: .oneYear,
                    options: ViewerOptions(graphics: PlotGraphics(mode: graphics, choices: [graphics], why: "test")),
                    columns: 90, rows: 24)
    }

    /// The text of `bytes` with each image's payload dropped: `ESC 7`, the cursor moves, the
    /// image headers (sixel raster attributes, kitty keys) and `ESC 8`, in order.
    func outline(_ bytes: [UInt8]) -> [String] {
        var parts: [String] = []
        var i = 0
        let text = Array(bytes)
        while i < text.count {
            guard text[i] == 0x1B, i + 1 < text.count else { i += 1; continue }
            switch text[i + 1] {
            case UInt8(ascii: "7"), UInt8(ascii: "8"):
                parts.append("ESC \(Character(Unicode.Scalar(text[i + 1])))")
                i += 2
            case UInt8(ascii: "["):
                var j = i + 2
                while j < text.count, !(0x40...0x7E).contains(text[j]) { j += 1 }
                parts.append("CSI " + String(decoding: text[(i + 2)...j], as: UTF8.self))
                i = j + 1
            case UInt8(ascii: "P"):
                // A sixel image: its raster attributes (`"1;1;width;height`).
                let start = text[i...].firstIndex(of: UInt8(ascii: "\""))!
                var j = start + 1
                while (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[j]) || text[j] == UInt8(ascii: ";") { j += 1 }
                parts.append("sixel " + String(decoding: text[(start + 1)..<j], as: UTF8.self))
                while !(text[j] == 0x1B && text[j + 1] == 0x5C) { j += 1 }
                i = j + 2
            case UInt8(ascii: "_"):
                var j = i + 2
                while text[j] != UInt8(ascii: ";") && text[j] != 0x1B { j += 1 }
                let keys = String(decoding: text[(i + 3)..<j], as: UTF8.self)
                // Only a chunk that starts an image or deletes one says what it is.
                if keys.hasPrefix("a=") { parts.append("kitty " + keys) }
                while !(text[j] == 0x1B && text[j + 1] == 0x5C) { j += 1 }
                i = j + 2
            default:
                i += 2
            }
        }
        return parts
    }

    @Test func aSixelImageGoesOutWholeAtThePlotsFirstCellWithTheCursorPutBack() throws {
        let v = state()
        let shown = try #require(v.shownPlotImage(at: 0, cell: cell))
        var screen = PlotImageScreen()
        let parts = outline(screen.update(to: shown, screenCleared: false))
        let area = v.imageArea
        #expect(parts == ["ESC 7", "CSI \(area.row + 1);\(area.column + 1)H",
                          "sixel 1;1;\(area.columns * cell.width);\(area.rows * cell.height)", "ESC 8"])
        #expect(screen.update(to: shown, screenCleared: false).isEmpty, "the same image is not written twice")
        #expect(outline(screen.update(to: shown, screenCleared: true)) == parts, "a cleared screen gets it whole again")
    }

    @Test func aCursorStepRewritesOnlyTheCellColumnsThatChanged() throws {
        var v = state()
        _ = v.handle(.key(.end), at: 0)
        var screen = PlotImageScreen()
        _ = screen.update(to: v.shownPlotImage(at: 1, cell: cell), screenCleared: false)
        for _ in 0..<30 { _ = v.handle(.key(.shiftLeft), at: 2) }
        let parts = outline(screen.update(to: v.shownPlotImage(at: 3, cell: cell), screenCleared: false))
        let images = parts.filter { $0.hasPrefix("sixel") }
        // Where the cursor was and where it is: two narrow images, each of whole cell columns, full height.
        #expect(images.count == 2, "\(parts)")
        let height = v.imageArea.rows * cell.height
        for image in images {
            let numbers = image.dropFirst(6).split(separator: ";").compactMap { Int($0) }
            #expect(numbers.count == 4 && numbers[2] % cell.width == 0 && numbers[2] < 10 * cell.width && numbers[3] == height,
                    "\(image)")
        }
        #expect(parts.filter { $0 == "ESC 7" }.count == 2 && parts.filter { $0 == "ESC 8" }.count == 2)
    }

    @Test func anotherRangeIsWrittenWhole() throws {
        var v = state()
        var screen = PlotImageScreen()
        _ = screen.update(to: v.shownPlotImage(at: 0, cell: cell), screenCleared: false)
        _ = v.handle(.key(.character("6")), at: 1)
        let parts = outline(screen.update(to: v.shownPlotImage(at: 10, cell: cell), screenCleared: false))
        #expect(parts.filter { $0.hasPrefix("sixel") } == ["sixel 1;1;\(v.imageArea.columns * cell.width);\(v.imageArea.rows * cell.height)"])
    }

    @Test func aKittyImageIsReplacedInPlaceAndDeletedWhenItGoes() throws {
        var v = state(graphics: .kitty)
        var screen = PlotImageScreen()
        let (a, b) = PlotImageScreen.ids
        let first = outline(screen.update(to: v.shownPlotImage(at: 0, cell: cell), screenCleared: false))
        #expect(first.count == 4 && first[2].hasPrefix("kitty a=T,f=24") && first[2].contains(",i=\(a),"), "\(first)")
        _ = v.handle(.key(.end), at: 1)
        let second = outline(screen.update(to: v.shownPlotImage(at: 1, cell: cell), screenCleared: false))
        // The new picture under the other id first, then the old one deleted: no blank moment.
        #expect(second.count == 5 && second[2].contains(",i=\(b),") && second[4] == "kitty a=d,d=I,i=\(a),q=2", "\(second)")
        #expect(screen.shown?.mode == .kitty)
        #expect(outline(screen.update(to: nil, screenCleared: false)) == ["kitty a=d,d=I,i=\(b),q=2"])
        #expect(screen.shown == nil)
        #expect(screen.update(to: nil, screenCleared: false).isEmpty)
    }

    @Test func aKittyImageGoesInTheDataTheHostGives() throws {
        let v = state(graphics: .kitty)
        var screen = PlotImageScreen(kittyPayload: { _ in .png([0x89, 0x50, 0x4E, 0x47]) })
        let parts = outline(screen.update(to: v.shownPlotImage(at: 0, cell: cell), screenCleared: false))
        #expect(parts.count == 4 && parts[2].hasPrefix("kitty a=T,f=100,i="), "\(parts)")
    }
}
