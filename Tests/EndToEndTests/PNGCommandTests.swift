import Foundation
import Testing
import TradeChartTestSupport

/// `--png FILE`: the chart as an image written without a terminal, its line where the
/// printed Braille frame has it, its text lines drawn too.
@Suite("PNG output")
struct PNGCommandTests {
    static let arguments = ["--no-state", "--size", "100x30", "--range", "1Y", "--theme", "dark", "Data/dax.csv"]

    /// The cells of a printed ANSI frame that hold Braille in the rising or falling colour (the price line).
    static func lineCells(_ ansi: String) -> Set<[Int]> {
        var cells = Set<[Int]>()
        for (row, line) in ansi.components(separatedBy: "\n").enumerated() {
            var column = 0, codes: [Substring] = []
            var scalars = line.unicodeScalars[...]
            while let scalar = scalars.first {
                if scalar == "\u{1B}", let end = scalars.firstIndex(of: "m") {
                    codes = String(scalars[scalars.index(scalars.startIndex, offsetBy: 2)..<end]).split(separator: ";")
                    scalars = scalars[scalars.index(after: end)...]
                    continue
                }
                if (0x2801...0x28FF).contains(scalar.value) && (codes.contains("31") || codes.contains("32")) {
                    cells.insert([column, row])
                }
                column += 1
                scalars = scalars.dropFirst()
            }
        }
        return cells
    }

    @Test func theImageHoldsTheLineWhereTheBrailleFrameHasItAndTheText() throws {
        try #require(PNGDecoding.available, "python3 is missing: the PNG cannot be checked (test skipped, not passed)")
        let path = NSTemporaryDirectory() + "tradechart-\(UUID().uuidString).png"
        defer { unlink(path) }
        let written = try ProcessRunner.tradechart(["--png", path] + Self.arguments)
        #expect(written.status == 0, "\(written.error)")
        #expect(written.output.isEmpty)
        let image = try PNGDecoding.decode(path: path)
        #expect(image.width == 100 * 12 && image.height == 30 * 24)
        let printed = try ProcessRunner.tradechart(["--print", "--color", "always"] + Self.arguments)
        let braille = Self.lineCells(printed.output)
        try #require(braille.count > 50)
        let lineColours: Set<UInt32> = [0x3FB950, 0xF85149]
        let background: UInt32 = 0x0D1117
        var columnsWithLine = 0
        for column in Set(braille.map { $0[0] }) {
            // The rows of cells where the image's line has full-colour pixels in this column of
            // cells, in the chart's rows (under the header and the status line, over the time labels).
            var rows = Set<Int>()
            for y in (2 * 24)..<(28 * 24) {
                for x in (column * 12)..<(column * 12 + 12) where lineColours.contains(image.color(x, y)) { rows.insert(y / 24) }
            }
            if !rows.isEmpty { columnsWithLine += 1 }
            for row in rows {
                #expect(braille.contains([column, row]) || braille.contains([column, row - 1]) || braille.contains([column, row + 1]),
                        "column \(column): the image's line is in row \(row), the Braille line is not near it")
            }
        }
        #expect(columnsWithLine >= Set(braille.map { $0[0] }).count * 9 / 10)
        // The header (the name, in the first cells) and the range bar (the active range drawn
        // reversed, a block of the accent colour) are in the image too.
        let header = (0..<24).flatMap { y in (0..<120).map { image.color($0, y) } }
        #expect(header.filter { $0 != background }.count > 40)
        let bottom = (696..<720).flatMap { y in (0..<1200).map { image.color($0, y) } }
        #expect(bottom.filter { $0 == 0x39C5CF }.count > 24 * 12)
    }

    @Test func aPriceFileIsNeverWrittenOver() throws {
        let copy = NSTemporaryDirectory() + "tradechart-\(UUID().uuidString).csv"
        defer { unlink(copy) }
        try FileManager.default.copyItem(atPath: TmuxSession.packageRoot + "/Data/dax.csv", toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let result = try ProcessRunner.tradechart(["--no-state", "--png", copy, copy])
        #expect(result.status == 2)
        #expect(result.error.contains("--png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }
}
