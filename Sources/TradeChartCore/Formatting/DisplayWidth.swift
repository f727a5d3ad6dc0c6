/// How many terminal cells a character takes, like POSIX `wcwidth` but without the
/// process's locale (the core has no global state): 2 for East Asian Wide and
/// Fullwidth characters (CJK ideographs, kana, Hangul, fullwidth forms) and emoji
/// shown as emoji, 0 for combining marks and format characters, 1 for the rest
/// (ambiguous ones such as ▲ and … included, as terminals outside CJK locales draw them).
///
/// Written by hand: no package in the local mirror gives display widths, and Swift's
/// Unicode properties have no East Asian Width. The ranges are the W and F blocks of
/// Unicode 15's EastAsianWidth.txt, merged where they touch; emoji come from Swift's
/// `isEmojiPresentation`.
package enum DisplayWidth {
    /// The East Asian Wide and Fullwidth ranges (sorted, not overlapping), each as its first
    /// and last scalar value: plain numbers, because an array of `ClosedRange` makes the
    /// runtime look up `Comparable` among every conformance of the binary the first time,
    /// a tenth of a millisecond of every start (issue 24).
    static let wideBounds: [UInt32] = [
        0x1100, 0x115F, 0x2329, 0x232A, 0x2E80, 0x303E, 0x3041, 0x33FF, 0x3400, 0x4DBF, 0x4E00, 0x9FFF,
        0xA000, 0xA4CF, 0xA960, 0xA97F, 0xAC00, 0xD7A3, 0xF900, 0xFAFF, 0xFE10, 0xFE19, 0xFE30, 0xFE6F,
        0xFF00, 0xFF60, 0xFFE0, 0xFFE6, 0x16FE0, 0x16FE4, 0x17000, 0x18CFF, 0x1AFF0, 0x1B2FF, 0x1F200, 0x1F2FF,
        0x20000, 0x2FFFD, 0x30000, 0x3FFFD,
    ]

    /// The cells `scalar` takes: 0, 1 or 2 (control characters count 1: they are shown as a space).
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }
        if isWide(v) { return 2 }
        if isPlainSymbol(v) { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        // Hangul medial vowels and final consonants join the syllable before them.
        if (0x1160...0x11FF).contains(v) { return 0 }
        return scalar.properties.isEmojiPresentation ? 2 : 1
    }

    /// The punctuation, arrows, box drawing, shapes and Braille the screen is drawn with
    /// (– … ▲ ▼ │ ● ◆ and the plot's dots): one cell each, none a mark, a format character
    /// or an emoji (◽ ◾ at U+25FD-U+25FE are, and lie outside), so their Unicode
    /// properties, a look-up of a few hundred instructions each, need not be asked.
    static func isPlainSymbol(_ v: UInt32) -> Bool {
        (0x2010...0x2027).contains(v) || (0x2190...0x21FF).contains(v) || (0x2500...0x25FC).contains(v)
            || (0x2800...0x28FF).contains(v)
    }

    static func isWide(_ v: UInt32) -> Bool {
        guard v >= 0x1100 else { return false }
        var low = 0, high = wideBounds.count / 2 - 1
        while low <= high {
            let mid = (low + high) / 2
            if v < wideBounds[2 * mid] { high = mid - 1 }
            else if v > wideBounds[2 * mid + 1] { low = mid + 1 }
            else { return true }
        }
        return false
    }

    /// The cells `text` takes.
    package static func of(_ text: String) -> Int {
        // Every scalar below U+0300 takes one cell: text in ASCII takes as many as its bytes.
        if let ascii = text.utf8.withContiguousStorageIfAvailable({ bytes in !bytes.contains { $0 >= 0x80 } }), ascii {
            return text.utf8.count
        }
        var width = 0
        for scalar in text.unicodeScalars { width += of(scalar) }
        return width
    }

    /// The longest start of `text` that takes at most `cells` cells.
    package static func prefix(_ text: String, cells: Int) -> String {
        var width = 0
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let w = of(scalar)
            if width + w > cells { break }
            width += w
            out.append(scalar)
        }
        return String(out)
    }
}

extension String {
    /// The cells the text takes on a terminal (see `DisplayWidth`).
    package var displayWidth: Int { DisplayWidth.of(self) }
}
