import CCompression
import TradeChartCore

/// Why an image could not be made into a PNG file.
public enum PNGError: Error, Equatable {
    /// zlib's deflate failed (its status).
    case deflate(Int32)
    /// The image has no pixels, or more than a PNG holds.
    case size(width: Int, height: Int)
}

/// Writes a `PixelCanvas` as a PNG file's bytes: indexed colour (type 3, 8 bits a pixel)
/// with the palette as `PLTE`, the rows (each with filter 0) deflated by the system's
/// zlib into one `IDAT`, every chunk with its CRC (zlib's `crc32`).
public enum PNGEncoder {
    /// `level` is zlib's, 1 (fastest) to 9 (smallest).
    public static func encode(_ canvas: PixelCanvas, palette: PixelPalette, level: Int32 = 6) throws(PNGError) -> [UInt8] {
        let width = canvas.width, height = canvas.height
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31, palette.colors.count <= 256 else {
            throw .size(width: width, height: height)
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 3, 0, 0, 0]  // depth 8, indexed colour, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header, to: &out)
        appendChunk("PLTE", palette.colors.flatMap { [$0.red, $0.green, $0.blue] }, to: &out)
        var raw = [UInt8](repeating: 0, count: (width + 1) * height)
        canvas.pixels.withUnsafeBufferPointer { pixels in
            raw.withUnsafeMutableBufferPointer { raw in
                for y in 0..<height {
                    // Filter type 0 (none), then the row's indices.
                    let row = UnsafeMutableBufferPointer(rebasing: raw[(y * (width + 1) + 1)..<((y + 1) * (width + 1))])
                    _ = row.initialize(from: pixels[(y * width)..<((y + 1) * width)])
                }
            }
        }
        appendChunk("IDAT", try deflate(raw, level: level), to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// `bytes` as a zlib stream (what `IDAT` holds). At level 1 only runs of one byte are
    /// looked for (`Z_RLE`): a chart is mostly long runs of background, and that is several
    /// times faster than a search of the window for the same size.
    static func deflate(_ bytes: [UInt8], level: Int32) throws(PNGError) -> [UInt8] {
        var stream = z_stream()
        var status = tc_deflateInit2(&stream, level, level <= 1 ? Z_RLE : Z_DEFAULT_STRATEGY)
        guard status == Z_OK else { throw .deflate(status) }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        status = out.withUnsafeMutableBufferPointer { dst in
            bytes.withUnsafeBufferPointer { src in
                stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                return CCompression.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw .deflate(status) }
        out.removeSubrange(Int(stream.total_out)...)
        return out
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += bigEndian(UInt32(data.count))
        out += typeBytes
        out += data
        var crc = crc32(0, typeBytes, uInt(typeBytes.count))
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt(data.count)) }
        out += bigEndian(UInt32(crc))
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
}
