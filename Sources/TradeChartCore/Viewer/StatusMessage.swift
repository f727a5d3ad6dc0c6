/// What the status line says, as a value: the update chooses a message and its
/// arguments, `text` words it (the one place the words are), the view draws the words
/// and `!` lists them. Nothing reads the words back to decide anything.
enum StatusMessage: Sendable, Equatable {
    /// A note from outside the update, worded already: the launch's notes, the host's
    /// (the state file, the sound), the loader's and the follower's reports.
    case note(String)
    /// The audiograph plays: the host's note (with what player, from which file), shown
    /// until it ends.
    case playing(note: String)
    /// Several messages on one line, in order, `; ` between them.
    case all([StatusMessage])
    /// A range that cannot be shown, and why (`1D needs intraday data`).
    case rangeUnavailable(RangeUnavailable)
    /// Why the key `key` did nothing: `c: candles need ...`.
    indirect case keyRefused(key: String, StatusMessage)
    /// No log axis over a price at or below zero; `lowest` is the lowest, as the labels write it.
    case logNeedsPositivePrices(lowest: String)
    /// No percent labels from a reference price at or below zero, as the labels write it.
    case percentNeedsPositiveReference(price: String)
    /// No candles: `file` has none of the columns `missing` (by their names: Open, High, Low).
    case candlesNeedColumns(file: String, missing: [String])
    /// No volume pane: `file` has no Volume column.
    case noVolumeColumn(file: String)
    /// No candles and no volume pane while files are compared.
    case candlesWhileComparing
    /// The candles asked for on opening were not read with the file (`c` reads them).
    case candlesNotRead
    /// The volume pane asked for on opening was not read with the file (`v` reads it).
    case volumeNotRead
    /// A scroll key with no panel open.
    case noPanelToScroll(key: String)
    /// A key bound to nothing.
    case unboundKey(key: String)
    /// Space: the mark is set at `moment` (worded as the chart shows it).
    case marked(moment: String)
    case markCleared
    /// `%` while files are compared (they are in percent already).
    case percentWhileComparing
    /// An on/off setting of the settings table turned on or off: its entry words it.
    case setting(SettingID, on: Bool)
    /// `m`: the moving averages of these bars (none for an empty list).
    case averages([Int])
    /// Indicators asked for that are not drawn: panes the terminal is too short for (`hidden`,
    /// their titles) and indicators this file cannot have (`unavailable`, each with why).
    case indicatorsLeftOut(hidden: [String], unavailable: [String])
    /// A digit of the indicators' chooser: the indicator turned on or off.
    case indicatorTurned(String, on: Bool)
    /// `i` where no panel opens (the screen reader): the indicators and which are on.
    case indicatorChoices(String)
    /// `[` or `]` with nowhere further to go.
    case zoomLimit(zoomingIn: Bool)
    /// `<` or `>` at an end of the data.
    case panLimit(older: Bool)
    /// `c`: the style now, with what one of its candles (or bars) stands for.
    case style(ChartStyle, grouping: String)
    /// `p`: the candle period chosen (nil: the automatic one), with what a candle stands for now.
    case candlePeriod(CandlePeriod?, grouping: String)
    /// `p` while neither candles, OHLC bars nor the volume pane are shown.
    case periodNeedsCandles
    /// `b`: how the plot is drawn now (Braille, sixel, kitty), and what `b` switches to next.
    case graphics(PlotGraphics)
    /// `v`: the pane shown, of the column `column` of `file`, or that column is 0 or empty
    /// in every row (hidden, or shown before its column is read: the table's words).
    case volumePane(column: String, file: String, empty: Bool)
    /// The host is asked to read `columns` of `file`.
    case reading(columns: [String], file: String)
    /// A read came back without the columns asked for.
    case columnsGone(file: String)
    /// `Tab` with one file.
    case nothingToCompare
    /// `Tab`: `file` is the primary file now.
    case primary(file: String)
    /// The window asked for on opening holds fewer than two prices, and why; `showing` is
    /// the range shown instead.
    case windowUnavailable(WindowUnavailable, showing: String)
    /// The older rows of the file are still being read (`percent` of it so far); `partly`:
    /// the chart shows the oldest rows read, and fills in when the rest is read; `waiting`:
    /// the titles of the indicators drawn once they are read.
    case readingOlderRows(percent: Int, partly: Bool, waiting: [String])

    /// The words on the status line.
    var text: String {
        switch self {
        case .note(let text), .playing(let text): text
        case .rangeUnavailable(let why): why.text
        case .all(let messages): messages.map(\.text).joined(separator: "; ")
        case .keyRefused(let key, let why): "\(key): \(why.text)"
        case .logNeedsPositivePrices(let lowest): "A log scale needs prices above zero; the lowest is \(lowest)"
        case .percentNeedsPositiveReference(let price): "Percent labels need a reference price above zero (it is \(price))"
        case .candlesNeedColumns(let file, let missing):
            "candles need the open, high and low of each bar; \(file) has no \(Self.either(missing)) column, so it stays a line"
        case .noVolumeColumn(let file): "no volume pane: \(file) has no Volume column"
        case .candlesWhileComparing: "candles and volume show one file; not while files are compared in percent"
        case .candlesNotRead: "candles were not read: press c"
        case .volumeNotRead: "volume was not read: press v"
        case .noPanelToScroll(let key): "\(key) scrolls a panel; there is none open (press ? for keys)"
        case .unboundKey(let key): "\(key) does nothing here; press ? for keys"
        case .marked(let moment): "Marked \(moment): the header measures from here; Esc clears"
        case .markCleared: "Mark cleared"
        case .percentWhileComparing: "%: the files are compared in percent already"
        case .setting(let id, let on): Settings[id].toggle.map { on ? $0.on : $0.off } ?? id.rawValue
        case .averages(let bars):
            bars.isEmpty ? "No moving averages" : "Moving averages of " + bars.map(String.init).joined(separator: ", ") + " bars"
        case .indicatorsLeftOut(let hidden, let unavailable):
            (unavailable + (hidden.isEmpty ? [] : ["No room for the " + hidden.joined(separator: ", ")
                + (hidden.count == 1 ? " pane" : " panes") + " (the price keeps half the height)"]))
                .joined(separator: "; ")
        case .indicatorTurned(let title, let on): on ? "\(title) on" : "\(title) off"
        case .indicatorChoices(let words): "Indicators: " + words
        case .zoomLimit(let zoomingIn): zoomingIn ? "Zoomed in as far as it goes: two points" : "All the data is shown"
        case .panLimit(let older): older ? "This is the start of the data" : "This is the newest point"
        case .style(let style, let grouping):
            switch style {
            case .line: "Line; c: candles"
            case .candles: "Candles, rising hollow, falling filled: \(grouping); c: OHLC bars"
            case .ohlc: "OHLC bars, open tick left, close tick right: \(grouping); c: line"
            }
        case .candlePeriod(let period, let grouping):
            period.map { "Candle period \($0.words), longer where it does not fit: \(grouping); p: the next" }
                ?? "Candle period auto, the smallest that fits: \(grouping); p: the next"
        case .periodNeedsCandles: "the candle period is for candles, OHLC bars and the volume pane: press c or v first"
        case .graphics(let graphics): Self.graphicsText(graphics)
        case .volumePane(let column, let file, let empty):
            empty ? "Volume pane: \(column) is 0 or empty in every row of \(file)" : "Volume pane: \(column), one bar a candle"
        case .reading(let columns, let file): "Reading \(columns.joined(separator: ", ")) of \(file)…"
        case .columnsGone(let file): "\(file) no longer has the columns asked for; it stays a line"
        case .nothingToCompare: "Tab compares files: give more than one (tradechart a.csv b.csv)"
        case .primary(let file): "\(file) is the primary file now: its calendar is the x axis"
        case .windowUnavailable(let why, let showing): "\(why.text); showing \(showing)"
        case .readingOlderRows(let percent, let partly, let waiting):
            (partly ? "older rows are still being read (\(percent) %): the chart fills in when they are"
                : "reading older rows: \(percent) %")
                + (waiting.isEmpty ? "" : "; \(Self.both(waiting)) \(waiting.count == 1 ? "is" : "are") drawn once they are read")
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    static func both(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }

    /// `a`, `a or b`, `a, b or c`.
    static func either(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    /// `Plot as a sixel image; b: Braille`, `Plot in Braille; b: kitty image`, or with no
    /// images to switch to, `Plot in Braille only: inside tmux or screen`.
    static func graphicsText(_ graphics: PlotGraphics) -> String {
        func name(_ mode: GraphicsMode) -> String { mode == .kitty ? "kitty image" : mode == .sixel ? "sixel image" : "Braille" }
        let now = graphics.drawsImages ? "Plot as a \(name(graphics.mode))" : "Plot in Braille"
        guard graphics.choices.count > 1 else { return now + " only: " + graphics.why }
        var next = graphics
        next.cycle()
        return now + "; b: " + name(next.mode)
    }
}
