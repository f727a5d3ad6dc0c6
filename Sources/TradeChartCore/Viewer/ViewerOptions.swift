/// How the viewer draws: glyphs, colour, theme, morph duration, and whether its input is followed.
public struct ViewerOptions: Sendable, Equatable {
    public var charset: Charset
    /// Whether colour is shown; without it, signs and words carry the meaning.
    public var color: Bool
    public var theme: Theme
    /// Morph duration in seconds; 0 switches ranges at once.
    public var morphDuration: Double
    /// The name of the followed file or stream, nil when the input is not followed.
    public var followed: String?
    /// Whether each cursor step plays a tone from the start (`--sound`); `s` switches it.
    public var tones: Bool
    /// Whether `d` and `?` open panels over the chart. The screen-reader mode has no
    /// chart to lay them over: it says their lines instead, and leaves nothing open.
    public var showsPanels: Bool
    /// Shows intraday times in another zone than the data's own (`--tz`); nil shows them as written.
    public var clock: DisplayClock?
    /// The plot as Braille text or as an image, and what `b` may switch to.
    public var graphics: PlotGraphics

    public init(charset: Charset = .braille, color: Bool = true, theme: Theme = .dark, morphDuration: Double = 1.2,
                followed: String? = nil, tones: Bool = false, showsPanels: Bool = true, clock: DisplayClock? = nil,
                graphics: PlotGraphics = .textOnly(why: "the terminal was not asked")) {
        self.charset = charset
        self.color = color
        self.theme = theme
        self.morphDuration = morphDuration
        self.followed = followed
        self.tones = tones
        self.showsPanels = showsPanels
        self.clock = clock
        self.graphics = graphics
    }

    /// The input is followed: the newest point pulses like a live quote.
    package var live: Bool { followed != nil }
}

/// A panel drawn over the chart.
package enum Overlay: Sendable, Equatable {
    case none
    case help
    /// Lines of text, e.g. the range described in words.
    case text(title: String, lines: [String])
    /// The status messages, newest first.
    case messages
    /// The indicators' chooser (`i`).
    case indicators
}
