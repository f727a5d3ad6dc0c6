import Foundation
import Testing
import TradeChartCore
import TradeChartSystem
import TradeChartTestSupport

/// The PNG encoder's files decode (by Python's zlib, apart from the program) to the very
/// colours of the canvas.
@Suite("PNG encoder")
struct PNGEncoderTests {
    @Test func decodesToTheCanvasColours() throws {
        try #require(PNGDecoding.available, "python3 is missing: the PNG cannot be checked")
        // The light theme at the default level, the dark one as the viewer's kitty images go (level 1, runs only).
        for (theme, level) in [(Theme.light, Int32(6)), (Theme.dark, Int32(1))] {
            let palette = PixelPalette(theme: theme)
            var canvas = PixelCanvas(width: 37, height: 11)
            for y in 0..<11 { for x in 0..<37 where (x * 7 + y * 3) % 5 != 0 {
                canvas.paint(x, y, ColorRole.allCases[(x + y) % ColorRole.allCases.count], level: 1 + (x + 2 * y) % 4)
            } }
            let bytes = try PNGEncoder.encode(canvas, palette: palette, level: level)
            let path = NSTemporaryDirectory() + "tradechart-png-\(UUID().uuidString).png"
            defer { unlink(path) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let image = try PNGDecoding.decode(path: path)
            #expect(image.width == 37 && image.height == 11)
            #expect(image.rgb == canvas.rgb(palette))
        }
    }

    @Test func anEmptyImageIsRefused() {
        #expect(throws: PNGError.size(width: 0, height: 3)) {
            try PNGEncoder.encode(PixelCanvas(width: 0, height: 3), palette: PixelPalette(theme: .dark))
        }
    }
}
