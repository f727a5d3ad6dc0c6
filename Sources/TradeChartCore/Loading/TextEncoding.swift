/// Naming the wide Unicode encodings a price file is sometimes saved in (Excel's
/// "Unicode text" is UTF-16; some tools write UTF-32), so the error says which one.
extension CSVStreamParser {
    /// `UTF-32` or `UTF-16` (with the byte order) for a byte order mark at the start of
    /// `bytes` (its first four bytes, or all when fewer); nil for none.
    static func wideEncoding(byteOrderMark bytes: UnsafeRawBufferPointer) -> String? {
        let b = Array(bytes.prefix(4))
        if b.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 text, little-endian" }
        if b.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 text, big-endian" }
        if b.starts(with: [0xFF, 0xFE]) { return "UTF-16 text, little-endian" }
        if b.starts(with: [0xFE, 0xFF]) { return "UTF-16 text, big-endian" }
        return nil
    }

    /// `UTF-32` or `UTF-16` for a line of text without a byte order mark, told by where
    /// its NUL bytes are (ASCII letters in UTF-32 take three, in UTF-16 one); nil when
    /// the NULs follow neither pattern (binary data).
    static func wideEncoding(ofText text: UnsafeRawBufferPointer) -> String? {
        for (width, name) in [(4, "UTF-32"), (2, "UTF-16")] {
            let units = text.count / width
            guard units >= 2 else { continue }
            // Each code unit of ASCII text has exactly one non-NUL byte, at one end.
            var little = 0, big = 0
            for u in 0..<units {
                let unit = text[(u * width)..<(u * width + width)]
                let nonZero = unit.indices.filter { text[$0] != 0 }
                if nonZero == [unit.startIndex] { little += 1 }
                if nonZero == [unit.endIndex - 1] { big += 1 }
            }
            if little * 10 >= units * 9 { return name + " text, little-endian" }
            if big * 10 >= units * 9 { return name + " text, big-endian" }
        }
        return nil
    }
}
