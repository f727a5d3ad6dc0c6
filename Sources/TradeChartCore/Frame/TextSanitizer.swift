/// Removes control characters (escape sequences included) from text that comes
/// from a file before it can reach the terminal.
public enum TextSanitizer {
    /// C0 and C1 controls and DEL.
    @inlinable package static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0)
    }

    /// The text with every control character (ESC included) dropped and runs of
    /// white space folded to one space.
    public static func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            if isControl(scalar) || scalar == " " {
                if !lastWasSpace && !out.isEmpty { out.append(" ") }
                lastWasSpace = true
                continue
            }
            // Zero-width and bidi controls also move text around on screen.
            if (0x200B...0x200F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value) || scalar.value == 0xFEFF
                // Noncharacters (U+FFFF marks a wide character's second cell in a frame).
                || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                continue
            }
            out.append(scalar)
            lastWasSpace = false
        }
        return String(String(out).trimmingTrailingSpaces())
    }
}
