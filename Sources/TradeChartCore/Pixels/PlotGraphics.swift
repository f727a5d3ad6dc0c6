/// How the viewer draws its plot area, and what it may switch to: Braille text, or an
/// image in the sixel or the kitty protocol where the terminal shows them. `b` cycles
/// `choices`; `why` says how the mode was chosen (or why there are no images).
public struct PlotGraphics: Sendable, Equatable {
    /// The mode in use: `.braille`, `.sixel` or `.kitty` (never `.auto`).
    public private(set) var mode: GraphicsMode
    /// The modes this terminal can show, in the order `b` steps through them; holds `mode`.
    public let choices: [GraphicsMode]
    /// How the mode came about: "the terminal's device attributes include sixel", "inside tmux or screen".
    public let why: String

    public init(mode: GraphicsMode, choices: [GraphicsMode], why: String) {
        let mode = mode == .auto ? .braille : mode
        self.mode = mode
        var choices = choices.filter { $0 != .auto }
        if !choices.contains(mode) { choices.insert(mode, at: 0) }
        if !choices.contains(.braille) { choices.append(.braille) }
        self.choices = choices
        self.why = why
    }

    /// Braille only: the terminal was not asked, or shows no images.
    public static func textOnly(why: String) -> PlotGraphics { PlotGraphics(mode: .braille, choices: [.braille], why: why) }

    /// Whether the plot is an image.
    public var drawsImages: Bool { mode == .sixel || mode == .kitty }

    /// The next mode `b` switches to (the same when there is no other).
    package mutating func cycle() {
        guard let at = choices.firstIndex(of: mode) else { return }
        mode = choices[(at + 1) % choices.count]
    }

    /// The modes of `choices` a terminal's answers allow, the best first: kitty where the
    /// kitty query was answered, sixel where the device attributes list 4, then Braille.
    /// `asked` (sixel or kitty by hand) comes first whatever the answers.
    public static func choices(asked: GraphicsMode, reply: [UInt8]?) -> [GraphicsMode] {
        var modes: [GraphicsMode] = []
        if asked == .sixel || asked == .kitty { modes.append(asked) }
        if let reply {
            if GraphicsMode.kittyAnswered(reply) { modes.append(.kitty) }
            if GraphicsMode.deviceAttributes(reply).contains(4) { modes.append(.sixel) }
        }
        var seen: Set<GraphicsMode> = []
        return (modes + [.braille]).filter { seen.insert($0).inserted }
    }
}
