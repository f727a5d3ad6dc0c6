/// Encodes a `PixelCanvas` as a DEC sixel image (DCS `q` ... ST): the palette's colours
/// as registers (`#n;2;r;g;b`, in percent), then the image in bands of six pixel rows,
/// each band one pass per colour present in it (`#n` and a sixel character a column,
/// `63 + bits`, the top row in bit 0), repeats of four or more written `!count`, passes
/// ended by `$` and bands by `-`. Every pixel is drawn (the background too), so an image
/// written over an older one leaves nothing of it; zero bits are left transparent (P2 = 1)
/// and the raster attributes say one-to-one pixels and the size.
///
/// A terminal with fewer colour registers than the palette has colours (`maxColors`)
/// gets each of the rest drawn in the nearest colour it keeps: the palette lists the
/// background and the full colours first, so it is the faint edge shades that merge.
public struct SixelEncoder: Sendable {
    /// Colour registers the terminal has (xterm as a VT340 has 16; most have 256).
    public var maxColors: Int

    public init(maxColors: Int = 256) { self.maxColors = max(2, maxColors) }

    /// The register each palette index is drawn with: itself when it fits, else the
    /// nearest of the first `maxColors` colours.
    public func registers(_ palette: PixelPalette) -> [Int] {
        let kept = min(maxColors, palette.colors.count)
        return palette.colors.indices.map { i in
            guard i >= kept else { return i }
            return (0..<kept).min { palette.colors[$0].distanceSquared(to: palette.colors[i])
                < palette.colors[$1].distanceSquared(to: palette.colors[i]) }!
        }
    }

    /// The whole image as bytes to write to the terminal at the cursor.
    public func encode(_ canvas: PixelCanvas, palette: PixelPalette) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(canvas.width * canvas.height / 4 + 1024)
        out += Array("\u{1B}P0;1;0q\"1;1;\(canvas.width);\(canvas.height)".utf8)
        let registers = self.registers(palette)
        let kept = min(maxColors, palette.colors.count)
        for (i, color) in palette.colors.prefix(kept).enumerated() {
            out += Array("#\(i);2;\(percent(color.red));\(percent(color.green));\(percent(color.blue))".utf8)
        }
        let width = canvas.width
        guard width > 0, canvas.height > 0 else {
            out += [0x1B, 0x5C]
            return out
        }
        // One row of sixel bits a register for the band being written, and the columns each
        // register reaches in it (its pass is written and cleared only that far).
        var bits = [UInt8](repeating: 0, count: kept * width)
        var reach = [Int](repeating: -1, count: kept)
        var order: [Int] = []
        canvas.pixels.withUnsafeBufferPointer { pixels in
            registers.withUnsafeBufferPointer { registers in
                bits.withUnsafeMutableBufferPointer { bits in
                    reach.withUnsafeMutableBufferPointer { reach in
                        var top = 0
                        while top < canvas.height {
                            let rows = min(6, canvas.height - top)
                            order.removeAll(keepingCapacity: true)
                            let start = top * width
                            let raw = UnsafeRawPointer(pixels.baseAddress! + start)
                            let words = rows == 6 ? width / 8 * 8 : 0
                            var x = 0
                            while x < width {
                                // Eight columns at once where all 48 pixels are one colour (most of a
                                // chart is background): six words compared, eight full sixels stored.
                                if x < words {
                                    let word = raw.loadUnaligned(fromByteOffset: x, as: UInt64.self)
                                    if word == (word & 0xFF) &* 0x0101_0101_0101_0101,
                                       raw.loadUnaligned(fromByteOffset: width + x, as: UInt64.self) == word,
                                       raw.loadUnaligned(fromByteOffset: 2 * width + x, as: UInt64.self) == word,
                                       raw.loadUnaligned(fromByteOffset: 3 * width + x, as: UInt64.self) == word,
                                       raw.loadUnaligned(fromByteOffset: 4 * width + x, as: UInt64.self) == word,
                                       raw.loadUnaligned(fromByteOffset: 5 * width + x, as: UInt64.self) == word {
                                        let register = registers[Int(word & 0xFF)]
                                        if reach[register] < 0 { order.append(register) }
                                        reach[register] = x + 7
                                        UnsafeMutableRawPointer(bits.baseAddress! + register * width)
                                            .storeBytes(of: 0x3F3F_3F3F_3F3F_3F3F as UInt64, toByteOffset: x, as: UInt64.self)
                                        x += 8
                                        continue
                                    }
                                }
                                // Else column by column up to the next group of eight.
                                let end = x < words ? x + 8 : width
                                while x < end {
                                    // A column of six pixels of one colour is one sixel.
                                    let first = pixels[start + x]
                                    var same = rows == 6
                                    if same {
                                        for r in 1..<6 where pixels[start + r * width + x] != first { same = false; break }
                                    }
                                    for r in 0..<(same ? 1 : rows) {
                                        let register = registers[Int(pixels[start + r * width + x])]
                                        let last = reach[register]
                                        if last < 0 { order.append(register) }
                                        if x > last { reach[register] = x }
                                        bits[register * width + x] |= same ? 0x3F : UInt8(1) << UInt8(r)
                                    }
                                    x += 1
                                }
                            }
                            for (n, register) in order.enumerated() {
                                if n > 0 { out.append(0x24) }  // $: back to the band's left edge
                                out.append(0x23)  // #
                                appendNumber(register, to: &out)
                                let row = UnsafeMutableBufferPointer(rebasing: bits[(register * width)...(register * width + reach[register])])
                                appendRuns(row, to: &out)
                                row.update(repeating: 0)
                                reach[register] = -1
                            }
                            top += 6
                            if top < canvas.height { out.append(0x2D) }  // -: next band
                        }
                    }
                }
            }
        }
        out += [0x1B, 0x5C]
        return out
    }

    /// A colour component in percent, as sixel registers take it.
    func percent(_ component: UInt8) -> Int { (Int(component) * 100 + 127) / 255 }

    /// One pass's sixel characters, repeats of four or more as `!count`, trailing blanks left out.
    func appendRuns(_ row: UnsafeMutableBufferPointer<UInt8>, to out: inout [UInt8]) {
        var end = row.count
        while end > 0 && row[end - 1] == 0 { end -= 1 }
        var x = 0
        while x < end {
            let value = row[x]
            var run = 1
            while x + run < end && row[x + run] == value { run += 1 }
            let character = 63 + value
            if run >= 4 {
                out.append(0x21)  // !
                appendNumber(run, to: &out)
                out.append(character)
            } else {
                for _ in 0..<run { out.append(character) }
            }
            x += run
        }
    }

    /// A decimal number in ASCII.
    func appendNumber(_ value: Int, to out: inout [UInt8]) {
        if value >= 10 { appendNumber(value / 10, to: &out) }
        out.append(UInt8(48 + value % 10))
    }
}
