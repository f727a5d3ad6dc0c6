import Foundation

/// Reads a PNG file as red, green and blue bytes a pixel, for tests of images the program
/// writes. The decoding is Python's (`zlib`, `struct`): a check made apart from the
/// program's own encoder. It checks the signature and every chunk's CRC, and takes
/// indexed and RGB images of 8 bits with any of the five row filters.
public enum PNGDecoding {
    public struct Image: Sendable {
        public let width: Int
        public let height: Int
        /// Three bytes a pixel, row by row.
        public let rgb: [UInt8]

        public init(width: Int, height: Int, rgb: [UInt8]) {
            self.width = width
            self.height = height
            self.rgb = rgb
        }

        /// The colour at (x, y) as `0xRRGGBB`.
        public func color(_ x: Int, _ y: Int) -> UInt32 {
            let i = (y * width + x) * 3
            return UInt32(rgb[i]) << 16 | UInt32(rgb[i + 1]) << 8 | UInt32(rgb[i + 2])
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Whether python3 is there to decode with.
    public static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") }

    static let script = """
        import sys, zlib, struct
        d = open(sys.argv[1], 'rb').read()
        assert d[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
        i, idat, plte = 8, b'', None
        while i < len(d):
            n, = struct.unpack('>I', d[i:i+4]); t = d[i+4:i+8]; c = d[i+8:i+8+n]
            crc, = struct.unpack('>I', d[i+8+n:i+12+n])
            assert zlib.crc32(t + c) & 0xffffffff == crc, 'crc of ' + t.decode()
            if t == b'IHDR': w, h, depth, ctype = struct.unpack('>IIBB', c[:10])
            elif t == b'PLTE': plte = c
            elif t == b'IDAT': idat += c
            i += 12 + n
        assert depth == 8 and ctype in (2, 3), 'format'
        bpp = 3 if ctype == 2 else 1
        raw = zlib.decompress(idat); stride = w * bpp; prev = bytearray(stride); out = bytearray()
        for y in range(h):
            f = raw[y * (stride + 1)]; row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for x in range(stride):
                a = row[x - bpp] if x >= bpp else 0; b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
                if f == 1: row[x] = (row[x] + a) & 255
                elif f == 2: row[x] = (row[x] + b) & 255
                elif f == 3: row[x] = (row[x] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            prev = row
            out += row if ctype == 2 else b''.join(plte[3 * p:3 * p + 3] for p in row)
        sys.stdout.buffer.write(b'%d %d\\n' % (w, h) + bytes(out))
        """

    /// The image in the PNG file at `path`.
    public static func decode(path: String) throws -> Image {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let newline = data.firstIndex(of: 0x0A) else {
            throw Failure(description: "python3 could not decode \(path): " + String(decoding: problem, as: UTF8.self))
        }
        let size = String(decoding: data[..<newline], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        let rgb = [UInt8](data[(newline + 1)...])
        guard size.count == 2, rgb.count == size[0] * size[1] * 3 else { throw Failure(description: "bad size in \(path)") }
        return Image(width: size[0], height: size[1], rgb: rgb)
    }
}
