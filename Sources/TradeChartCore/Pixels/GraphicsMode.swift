/// How the plot area is drawn (`--graphics`): as Braille (or block, ASCII) text, or as an
/// image in the sixel or the kitty graphics protocol. `auto` asks the terminal.
public enum GraphicsMode: String, CaseIterable, Sendable {
    case auto, sixel, kitty, braille

    /// What `auto` picks from what the terminal said, in this order: Braille inside tmux
    /// or screen (they do not pass images through), on the Linux console and `vt100`-like
    /// terminals, and without a terminal type; kitty when the kitty graphics query was
    /// answered `OK`; sixel when the primary device attributes list 4; else Braille (no
    /// answer within the time allowed is no answer).
    /// - Parameters:
    ///   - term: `TERM`.
    ///   - multiplexed: whether `TMUX` or `STY` is set.
    ///   - reply: all the terminal answered to the kitty query followed by the primary
    ///     device attributes query (`ESC [ c`), nil when it was not asked.
    public static func detected(term: String?, multiplexed: Bool, reply: [UInt8]?) -> GraphicsMode {
        guard whyNoImages(term: term, multiplexed: multiplexed) == nil, let reply else { return .braille }
        if kittyAnswered(reply) { return .kitty }
        if deviceAttributes(reply).contains(4) { return .sixel }
        return .braille
    }

    /// Why the terminal is not even asked for images: inside tmux or screen, on the Linux
    /// console and `vt100`-like terminals, without a terminal type; nil where it may show them.
    public static func whyNoImages(term: String?, multiplexed: Bool) -> String? {
        guard let term, !term.isEmpty else { return "no terminal type (TERM)" }
        if multiplexed || term.hasPrefix("screen") || term.hasPrefix("tmux") { return "inside tmux or screen" }
        let plain = ["linux", "vt100", "vt102", "vt220", "dumb"]
        if plain.contains(where: { term == $0 || term.hasPrefix($0 + "-") }) { return "TERM=\(term) shows no images" }
        return nil
    }

    /// Whether `reply` holds the kitty graphics protocol's `OK` to the query of image 31
    /// (`ESC _ G i=31 ; OK ESC \`).
    static func kittyAnswered(_ reply: [UInt8]) -> Bool {
        let answer = Array("\u{1B}_Gi=31;OK".utf8)
        return reply.indices.contains { reply[$0...].starts(with: answer) }
    }

    /// The attributes of a primary device attributes answer in `reply`
    /// (`ESC [ ? 64 ; 1 ; 4 ; 22 c` gives 64, 1, 4, 22); empty when there is none.
    static func deviceAttributes(_ reply: [UInt8]) -> [Int] {
        let start = Array("\u{1B}[?".utf8)
        guard let at = reply.indices.first(where: { reply[$0...].starts(with: start) }) else { return [] }
        let body = reply[(at + start.count)...]
        guard let end = body.firstIndex(of: UInt8(ascii: "c")) else { return [] }
        return String(decoding: body[..<end], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
    }

    /// The questions `auto` sends: the kitty graphics query, the cell size in pixels
    /// (`CSI 16 t`), then the primary device attributes (every terminal answers that one,
    /// so the answer ends with it).
    public static let questions = KittyEncoder.query + Array("\u{1B}[16t\u{1B}[c".utf8)

    /// The cell size in a terminal's answer to `CSI 16 t` (`ESC [ 6 ; height ; width t`), nil without one.
    public static func cellSize(in reply: [UInt8]) -> PixelCellSize? {
        let start = Array("\u{1B}[6;".utf8)
        guard let at = reply.indices.first(where: { reply[$0...].starts(with: start) }) else { return nil }
        let body = reply[(at + start.count)...]
        guard let end = body.firstIndex(of: UInt8(ascii: "t")) else { return nil }
        let numbers = String(decoding: body[..<end], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 2, numbers[0] > 0, numbers[1] > 0, numbers[0] < 1000, numbers[1] < 1000 else { return nil }
        return PixelCellSize(width: numbers[1], height: numbers[0])
    }
}
