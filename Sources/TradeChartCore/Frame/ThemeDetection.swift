/// Choosing the theme from the terminal's background colour (`--theme auto`): the
/// answer to the OSC 11 question, else `COLORFGBG`, else dark.
extension Theme {
    /// The theme for a background of red, green and blue in 0...1: light when its
    /// relative luminance (the sRGB weights) is above one half.
    package static func forBackground(red: Double, green: Double, blue: Double) -> Theme {
        0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5 ? .light : .dark
    }

    /// The theme from a terminal's answer to `ESC ] 11 ; ?`: `ESC ] 11 ; rgb:RRRR/GGGG/BBBB`
    /// (1 to 4 hex digits a component, `rgba:` too) ended by BEL or `ESC \`, anywhere
    /// in `reply`. Nil when the bytes hold no such answer.
    package static func fromBackgroundReply(_ reply: [UInt8]) -> Theme? {
        let introducer = Array("\u{1B}]11;".utf8)
        guard let start = reply.indices.first(where: { reply[$0...].starts(with: introducer) }) else { return nil }
        let rest = reply[(start + introducer.count)...]
        guard let end = rest.firstIndex(where: { $0 == 0x07 || $0 == 0x1B }) else { return nil }
        let body = Substring(String(decoding: rest[..<end], as: UTF8.self))
        let prefix = body.hasPrefix("rgba:") ? "rgba:" : "rgb:"
        guard body.hasPrefix(prefix) else { return nil }
        let parts = body.dropFirst(prefix.count).split(separator: "/")
        guard parts.count >= 3 else { return nil }
        var rgb: [Double] = []
        for part in parts.prefix(3) {
            guard (1...4).contains(part.count), let value = UInt32(part, radix: 16) else { return nil }
            let maximum = Double((UInt32(1) << (4 * UInt32(part.count))) - 1)
            rgb.append(Double(value) / maximum)
        }
        return forBackground(red: rgb[0], green: rgb[1], blue: rgb[2])
    }

    /// The theme from `COLORFGBG` (`15;0`, `0;15`, `default;default;0`, set by rxvt,
    /// Konsole and others): its last field is the background's palette colour, and
    /// 7 (light grey) and 9 to 15 (the bright colours) are light. Nil when it says nothing.
    package static func fromColorFGBG(_ value: String) -> Theme? {
        guard let last = value.split(separator: ";").last, let index = Int(last), (0...255).contains(index) else {
            return nil
        }
        return index == 7 || (9...15).contains(index) ? .light : .dark
    }

    /// `--theme auto`: the background's answer when there is one, else `COLORFGBG`, else dark.
    public static func detected(backgroundReply: [UInt8]?, colorFGBG: String?) -> Theme {
        backgroundReply.flatMap(fromBackgroundReply) ?? colorFGBG.flatMap(fromColorFGBG) ?? .dark
    }
}
