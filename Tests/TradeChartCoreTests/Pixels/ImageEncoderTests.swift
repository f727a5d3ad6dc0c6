import Foundation
import Testing
@testable import TradeChartCore

/// The sixel and kitty encoders against small images checked by hand.
@Suite("Image encoders")
struct ImageEncoderTests {
    let palette = PixelPalette(theme: .dark)
    let green = PixelPalette.index(.rising, level: 4)

    /// A canvas whose pixel (x, y) is painted in full green where `lit(x, y)`.
    func canvas(width: Int, height: Int, lit: (Int, Int) -> Bool) -> PixelCanvas {
        var canvas = PixelCanvas(width: width, height: height)
        for y in 0..<height { for x in 0..<width where lit(x, y) { canvas.paint(x, y, .rising, level: 4) } }
        return canvas
    }

    /// The sixel data after the palette (the bands), as text without the closing ESC \.
    func bands(_ bytes: [UInt8], registers: Int) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasSuffix("\u{1B}\\"))
        text.removeLast(2)
        // Skip the header and the `registers` definitions `#n;2;r;g;b`.
        let definitions = text.components(separatedBy: "#").prefix(registers + 1)
        return String(text.dropFirst(definitions.joined(separator: "#").count))
    }

    /// Reads sixel data back into palette registers a pixel (`-1` where nothing was drawn):
    /// `#n` picks a register, `$` returns to the band's left edge, `-` starts the next band,
    /// `!count` repeats the sixel after it.
    func decode(_ bytes: [UInt8], width: Int, height: Int) -> [Int] {
        var pixels = [Int](repeating: -1, count: width * height)
        let text = Array(bytes)
        var i = text.firstIndex(of: UInt8(ascii: "q"))! + 1
        // Skip the raster attributes and the register definitions (`#n;2;r;g;b`).
        func number() -> Int {
            var n = 0
            while i < text.count, (48...57).contains(text[i]) { n = n * 10 + Int(text[i] - 48); i += 1 }
            return n
        }
        var register = 0, x = 0, band = 0
        while i < text.count, text[i] != 0x1B {
            let c = text[i]
            switch c {
            case UInt8(ascii: "\""):
                i += 1
                for _ in 0..<4 { _ = number(); if text[i] == UInt8(ascii: ";") { i += 1 } }
            case UInt8(ascii: "#"):
                i += 1
                register = number()
                if text[i] == UInt8(ascii: ";") {
                    // A definition: its four numbers.
                    for _ in 0..<4 { i += 1; _ = number() }
                }
            case UInt8(ascii: "$"): x = 0; i += 1
            case UInt8(ascii: "-"): x = 0; band += 1; i += 1
            case UInt8(ascii: "!"), 63...126:
                var count = 1
                if c == UInt8(ascii: "!") { i += 1; count = number() }
                let bits = Int(text[i]) - 63
                i += 1
                for _ in 0..<count {
                    for r in 0..<6 where bits & (1 << r) != 0 && band * 6 + r < height && x < width {
                        pixels[(band * 6 + r) * width + x] = register
                    }
                    x += 1
                }
            default: i += 1
            }
        }
        return pixels
    }

    @Test func aChartReadBackIsEveryPixelOfTheCanvas() throws {
        // A real plot (widths not a multiple of eight, a short last band), and blocks of colour
        // that start and end anywhere within the groups of eight columns the encoder takes at once.
        var v = ViewerState(series: TestSeries.daily(days: 400), range: .oneYear, columns: 83, rows: 21)
        _ = v.handle(.key(.end), at: 0)
        let plot = try #require(v.plotImage(at: 1, cell: PixelCellSize(width: 7, height: 13)))
        var blocks = PixelCanvas(width: 61, height: 25)
        var random = SystemRandomNumberGenerator()
        for _ in 0..<12 {
            let x0 = Int.random(in: 0..<61, using: &random), y0 = Int.random(in: 0..<25, using: &random)
            let role = ColorRole.allCases.randomElement(using: &random)!
            let level = Int.random(in: 1...4, using: &random)
            for y in y0..<min(25, y0 + Int.random(in: 1...12, using: &random)) {
                for x in x0..<min(61, x0 + Int.random(in: 1...30, using: &random)) { blocks.set(x, y, PixelPalette.index(role, level: level)) }
            }
        }
        for image in [plot.canvas, blocks, PixelCanvas(width: 64, height: 12)] {
            let decoded = decode(SixelEncoder().encode(image, palette: palette), width: image.width, height: image.height)
            #expect(decoded == image.pixels.map { Int($0) }, "\(image.width)x\(image.height)")
        }
    }

    @Test func oneBandOfSixPixels() {
        // One column: green in rows 0, 2, 4 (bits 1 + 4 + 16 = 21, 'T'), background in 1, 3, 5 (42, 'i').
        let image = canvas(width: 1, height: 6) { _, y in y % 2 == 0 }
        let bytes = SixelEncoder().encode(image, palette: palette)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;1;6#0;2;5;7;9#1;2;90;93;95#2;2;25;73;31"))
        #expect(bands(bytes, registers: palette.colors.count) == "#\(green)T$#0i")
    }

    @Test func runsOfFourOrMoreAreRepeats() {
        // 3 background columns then 4 green ones, all six rows: a run of 3 is written out, 4 repeated.
        let image = canvas(width: 7, height: 6) { x, _ in x >= 3 }
        #expect(bands(SixelEncoder().encode(image, palette: palette), registers: palette.colors.count)
                == "#0~~~$#\(green)???!4~")
        // A wide background (first, as it comes first in the band): one repeat; the green pass
        // is one sixel (bit 32, '_') with its trailing blanks left out.
        let wide = canvas(width: 100, height: 6) { x, y in x == 0 && y == 5 }
        #expect(bands(SixelEncoder().encode(wide, palette: palette), registers: palette.colors.count)
                == "#0^!99~$#\(green)_")
    }

    @Test func bandsAreSeparatedAndTheLastMayBeShort() {
        // Seven rows: a full band, then one of a single row (bit 1, '@').
        let image = canvas(width: 2, height: 7) { _, _ in false }
        #expect(bands(SixelEncoder().encode(image, palette: palette), registers: palette.colors.count) == "#0~~-#0@@")
    }

    @Test func paletteLimitDrawsTheRestInTheNearestKeptColour() {
        let encoder = SixelEncoder(maxColors: 16)
        let registers = encoder.registers(palette)
        #expect(palette.colors.count > 16)
        #expect(registers.allSatisfy { $0 < 16 })
        #expect(registers.prefix(16) == Array(0..<16)[...])
        // Kept: the background, the nine full colours and six at three quarters (green among them).
        // A quarter-strength green is nearest the background; a half-strength one (38, 101, 52)
        // nearest the three-quarter green (51, 143, 66), not the full one (63, 185, 80).
        #expect(registers[Int(PixelPalette.index(.rising, level: 1))] == 0)
        #expect(registers[Int(PixelPalette.index(.rising, level: 2))] == Int(PixelPalette.index(.rising, level: 3)))
        var image = PixelCanvas(width: 4, height: 6)
        for x in 0..<4 { image.paint(x, 0, .falling, level: x + 1) }
        let text = String(decoding: encoder.encode(image, palette: palette), as: UTF8.self)
        let used = text.split(separator: "#").dropFirst().map { Int($0.prefix { $0.isNumber })! }
        #expect(used.allSatisfy { $0 < 16 })
        #expect(!text.contains("#16;"))
    }

    @Test func base64MatchesFoundation() {
        var rng = SplitMix64(seed: 9)
        for count in 0..<20 {
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            #expect(String(decoding: Base64.encode(bytes), as: UTF8.self) == Data(bytes).base64EncodedString())
        }
    }

    @Test func kittyImageInOneChunk() {
        let bytes = KittyEncoder.transmitAndPlace(.rgb([255, 0, 0, 0, 255, 0], width: 2, height: 1), id: 7, columns: 1, rows: 1)
        #expect(String(decoding: bytes, as: UTF8.self)
                == "\u{1B}_Ga=T,f=24,s=2,v=1,i=7,p=1,c=1,r=1,C=1,q=2,m=0;/wAAAP8A\u{1B}\\")
        #expect(String(decoding: KittyEncoder.delete(id: 7), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
    }

    @Test func kittyChunksAreAtMost4096BytesAndOnlyTheLastSaysDone() throws {
        var rng = SplitMix64(seed: 5)
        let data = (0..<(3 * 4096 + 5)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let text = String(decoding: KittyEncoder.transmitAndPlace(.png(data), id: 2, columns: 10, rows: 4), as: UTF8.self)
        let chunks = text.components(separatedBy: "\u{1B}_G").dropFirst().map { chunk -> (keys: String, payload: String) in
            let body = chunk.hasSuffix("\u{1B}\\") ? String(chunk.dropLast(2)) : chunk
            let parts = body.split(separator: ";", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        #expect(chunks.count == 5)
        #expect(chunks[0].keys == "a=T,f=100,i=2,p=1,c=10,r=4,C=1,q=2,m=1")
        #expect(chunks.dropFirst().dropLast().allSatisfy { $0.keys == "m=1" })
        #expect(chunks.last?.keys == "m=0")
        #expect(chunks.allSatisfy { $0.payload.utf8.count <= 4096 })
        #expect(chunks.map(\.payload).joined() == Data(data).base64EncodedString())
    }
}
