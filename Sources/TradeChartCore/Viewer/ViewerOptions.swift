/// How the viewer draws: glyphs, colour, theme, morph duration.
public struct ViewerOptions: Sendable, Equatable {
    public var charset: Charset
    /// Whether colour is shown; without it, signs and words carry the meaning.
    public var color: Bool
    public var theme: Theme
    /// Morph duration in seconds; 0 switches ranges at once.
    public var morphDuration: Double
    /// The file is being followed: the newest point pulses like a live quote.
    public var live: Bool

    public init(charset: Charset = .braille, color: Bool = true, theme: Theme = .dark, morphDuration: Double = 1.2,
                live: Bool = false) {
        self.live = live
        self.charset = charset
        self.color = color
        self.theme = theme
        self.morphDuration = morphDuration
    }
}

/// A panel drawn over the chart.
public enum Overlay: Sendable, Equatable {
    case none
    case help
    /// Lines of text, e.g. the range described in words.
    case text(title: String, lines: [String])
}
