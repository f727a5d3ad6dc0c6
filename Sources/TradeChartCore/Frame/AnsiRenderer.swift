/// Turns a frame into text with ANSI SGR colour codes (for `--print --color always`),
/// emitting a code only where the style changes.
public struct AnsiRenderer: Sendable {
    public var theme: Theme

    public init(theme: Theme = .dark) { self.theme = theme }

    public func render(_ frame: Frame) -> String {
        var out = ""
        out.reserveCapacity(frame.width * frame.height * 4)
        for y in 0..<frame.height {
            var current: CellStyle? = nil
            // Trailing blank default cells need no codes.
            var end = frame.width
            while end > 0, frame[end - 1, y] == .blank { end -= 1 }
            for x in 0..<end {
                let cell = frame[x, y]
                // The terminal moves on two cells after a wide character.
                if cell.isContinuation { continue }
                if cell.style != current {
                    out += sgr(cell.style)
                    current = cell.style
                }
                out.unicodeScalars.append(cell.character)
            }
            if current != nil && current != .plain { out += "\u{1B}[0m" }
            out += "\n"
        }
        return out
    }

    /// The full SGR sequence for a style (always starting from a reset).
    package func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.attributes.contains(.bold) { codes.append("1") }
        if style.attributes.contains(.dim) { codes.append("2") }
        if style.attributes.contains(.underline) { codes.append("4") }
        if style.attributes.contains(.blink) { codes.append("5") }
        if style.attributes.contains(.reverse) { codes.append("7") }
        if let fg = theme.ansiForeground(style.color) { codes.append(String(fg)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

/// The colour theme: which palette colour each role gets. Both use the
/// terminal's own 8 colours, so the user's palette decides the exact shade.
public enum Theme: String, Sendable, CaseIterable, Codable {
    case dark, light

    /// The ANSI foreground code of a role, nil for the terminal default.
    public func ansiForeground(_ role: ColorRole) -> Int? {
        switch (self, role) {
        case (_, .plain): nil
        case (_, .rising): 32
        case (_, .falling): 31
        case (.dark, .muted): nil
        case (.light, .muted): 30
        case (.dark, .accent): 36
        case (.light, .accent): 34
        // Magenta first: it stands apart from green and red on dark and light backgrounds.
        case (_, .series1): 35
        case (.dark, .series2): 33
        case (.light, .series2): 34
        case (_, .series3): 36
        case (.dark, .series4): 34
        case (.light, .series4): 33
        }
    }
}
