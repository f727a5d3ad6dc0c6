/// Breaks text into lines of at most a given width, at spaces where it can.
public enum TextWrap {
    /// The lines of `text` no longer than `width` scalars; a word longer than a line is cut.
    public static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            while word.unicodeScalars.count > width {
                if !current.isEmpty { lines.append(current); current = "" }
                let cut = word.unicodeScalars.index(word.unicodeScalars.startIndex, offsetBy: width)
                lines.append(String(word.unicodeScalars[..<cut]))
                word = Substring(word.unicodeScalars[cut...])
            }
            if current.isEmpty {
                current = String(word)
            } else if current.unicodeScalars.count + 1 + word.unicodeScalars.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
