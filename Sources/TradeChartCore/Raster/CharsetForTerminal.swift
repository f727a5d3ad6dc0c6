extension Charset {
    /// The charset `--charset auto` picks: Braille where the terminal can show it, ASCII
    /// where it cannot: a locale that is not UTF-8, the Linux console (its fonts have no
    /// Braille), DEC terminals and their emulations (`vt100`, `vt220`, ...), `ansi`, the
    /// BSD and Sun consoles, Wyse and other character terminals.
    public static func automatic(term: String, localeIsUTF8: Bool) -> Charset {
        localeIsUTF8 && !cannotShowBraille(term: term) ? .braille : .ascii
    }

    /// Whether terminals of type `term` lack Braille glyphs.
    static func cannotShowBraille(term: String) -> Bool {
        let name = term.lowercased()
        if name.isEmpty || name == "dumb" { return true }
        // `vt100`, `vt220-8bit`, ... but not `vte-256color` (GNOME Terminal and others, which can).
        if name.hasPrefix("vt"), let next = name.dropFirst(2).first, next.isNumber { return true }
        return ["linux", "ansi", "cons25", "pcansi", "sun", "wy", "mach", "hp", "att"].contains { name.hasPrefix($0) }
    }
}
