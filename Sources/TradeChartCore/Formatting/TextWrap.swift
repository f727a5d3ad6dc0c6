/// Breaks text into lines of at most a given width, at spaces where it can.
package enum TextWrap {
    /// The lines of `text` no wider than `width` terminal cells (`DisplayWidth`); a word
    /// wider than a line is cut.
    package static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            while word.displayWidth > width {
                if !current.isEmpty { lines.append(current); current = "" }
                // At least one character a line, also a wide one on a line of one cell.
                let fitting = DisplayWidth.prefix(word, cells: width)
                let head = fitting.isEmpty ? String(word.unicodeScalars.prefix(1)) : fitting
                lines.append(head)
                word = String(word.unicodeScalars.dropFirst(head.unicodeScalars.count))
            }
            if current.isEmpty {
                current = word
            } else if current.displayWidth + 1 + word.displayWidth <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
