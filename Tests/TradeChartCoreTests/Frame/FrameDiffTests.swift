import Testing
import TradeChartCore

@Suite("Frame diff")
struct FrameDiffTests {
    func frame(_ lines: [String], width: Int = 6) -> Frame {
        var f = Frame(width: width, height: lines.count)
        for (y, line) in lines.enumerated() { f.write(line, x: 0, y: y) }
        return f
    }

    @Test func theFirstFrameClearsAndWritesEveryCellThatIsNotBlank() {
        let next = frame(["ab  c", "", "  d"])
        let diff = next.diff(from: nil)
        #expect(diff.clearsScreen)
        #expect(diff.changes.map { "\($0.x),\($0.y),\($0.cell.character)" } == ["0,0,a", "1,0,b", "4,0,c", "2,2,d"])
    }

    @Test func anUnchangedFrameWritesNothing() {
        let same = frame(["abc", "def"])
        #expect(same.diff(from: same).isEmpty)
    }

    @Test func onlyTheChangedCellsAreWrittenWithTheirStyle() {
        let before = frame(["abc", "def"])
        var after = before
        after[1, 1] = Cell("X", CellStyle(.rising, .bold))
        after.restyle(x: 2, y: 0, length: 1, style: .muted)
        let diff = after.diff(from: before)
        #expect(!diff.clearsScreen)
        #expect(diff.changes == [CellChange(x: 2, y: 0, cell: Cell("c", .muted)),
                                 CellChange(x: 1, y: 1, cell: Cell("X", CellStyle(.rising, .bold)))])
    }

    @Test func aNewSizeIsDrawnWhole() {
        let before = frame(["abc"], width: 3)
        let after = frame(["abc"], width: 4)
        #expect(after.diff(from: before).clearsScreen)
    }

    @Test func applyingTheDiffToTheOldScreenGivesTheNewFrame() {
        var rng = SplitMix64(seed: 3)
        let glyphs: [Unicode.Scalar] = [" ", " ", " ", "a", "⠁", "⣿", "│"]
        let styles: [CellStyle] = [.plain, .muted, CellStyle(.rising), CellStyle(.falling, .bold)]
        func randomFrame() -> Frame {
            var f = Frame(width: 13, height: 5)
            for y in 0..<5 {
                for x in 0..<13 {
                    f[x, y] = Cell(glyphs[Int(rng.next() % UInt64(glyphs.count))], styles[Int(rng.next() % 4)])
                }
            }
            return f
        }
        for _ in 0..<200 {
            let old = randomFrame(), new = randomFrame()
            var screen = old
            screen.apply(new.diff(from: old))
            #expect(screen == new)
            var blank = Frame(width: 13, height: 5, fill: Cell("?"))
            blank.apply(new.diff(from: nil))
            #expect(blank == new)
        }
    }
}
