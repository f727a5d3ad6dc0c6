/// The one table of key bindings. It drives the key handling, the `?` panel, the
/// hint line, `--help` and the README's key table (a test keeps the README in step).
public enum KeyMap {
    /// The rows in the order the help lists them (by group, then in this order): the key
    /// rows of the settings table where they are named here; a setting not named here has
    /// its rows at the end (of its group, in the help).
    package static let bindings: [KeyBinding] = {
        let rows: [KeyRow] = [
            .setting(.range), .setting(.window),
            .fixed(KeyBinding([], names: ["mouse wheel"],
                              help: "over the chart, zoom around the pointer; elsewhere a shorter / longer range; "
                                  + "a click on the range bar picks that range",
                              group: .ranges)),
            .setting(.style), .setting(.period), .setting(.volume),
            .fixed(KeyBinding([(.left, .step(-1)), (.right, .step(1)), (.character("h"), .step(-1)), (.character("l"), .step(1))],
                              names: ["Left", "Right", "h", "l"],
                              help: "move the cursor one point (one candle); held down, it speeds up to a dot column a step",
                              group: .cursor, hint: KeyHint("←→ scrub", ascii: "<> scrub", rank: 2))),
            .fixed(KeyBinding([(.shiftLeft, .step(-10)), (.shiftRight, .step(10)), (.pageUp, .step(-10)), (.pageDown, .step(10))],
                              names: ["Shift+Left", "Shift+Right", "PgUp", "PgDn"], help: "ten points (ten candles)",
                              group: .cursor)),
            .fixed(KeyBinding([(.home, .firstPoint), (.end, .lastPoint), (.character("g"), .firstPoint), (.character("G"), .lastPoint)],
                              names: ["Home", "End", "g", "G"], help: "the first / last point (candle) of the range", group: .cursor)),
            .fixed(KeyBinding([(.character(" "), .mark)], names: ["Space"],
                              help: "mark the point under the cursor: the header then measures from the mark to the cursor "
                                  + "(change, percent, bars, days)", group: .cursor)),
            .fixed(KeyBinding([(.escape, .dismiss)], names: ["Esc"], help: "close a panel, else clear the mark, else hide the cursor",
                              group: .cursor)),
            .fixed(KeyBinding([], names: ["mouse click"], help: "put the cursor on the nearest point (drag to scrub)", group: .cursor)),
            .fixed(KeyBinding([(.character("d"), .describe)], names: ["d"], help: "describe the range in words (for screen readers)",
                              group: .words, hint: KeyHint("d describe", rank: 4))),
            .fixed(KeyBinding([(.character("a"), .listen)], names: ["a"],
                              help: "listen: the range as sound, low prices low and high prices high, left to right in 3 s; "
                                  + "the cursor follows it; a again restarts it",
                              group: .words, hint: KeyHint("a listen", rank: 5))),
            .setting(.tones), .setting(.log), .setting(.percent), .setting(.averages), .setting(.indicators),
            .fixed(KeyBinding([(.tab, .nextPrimary)], names: ["Tab"],
                              help: "comparing files: the next file becomes the primary (its calendar the x axis)", group: .chart)),
            .fixed(KeyBinding([(.character("!"), .messages)], names: ["!"],
                              help: "the status line's whole message (one cut short ends in …) and the ones before it",
                              group: .words)),
            .fixed(KeyBinding([(.character("?"), .help), (.function(1), .help)], names: ["?", "F1"], help: "the key help",
                              group: .general, hint: KeyHint("? help", rank: 0))),
            .fixed(KeyBinding([(.up, .scroll(-1)), (.down, .scroll(1))], names: ["Up", "Down"],
                              help: "scroll a panel that does not fit (the help, the description, the messages); "
                                  + "PgUp, PgDn, Home and End too", group: .general)),
            .fixed(KeyBinding([(.character("q"), .quit), (.character("Q"), .quit)], names: ["q", "Q"], help: "quit (Ctrl-C too)",
                              group: .general, hint: KeyHint("q quit", rank: 1))),
        ]
        return KeyRow.bindings(rows, settings: Settings.table)
    }()

    /// The action each key triggers.
    static let actions: [KeyPress: ViewerAction] = {
        var table: [KeyPress: ViewerAction] = [:]
        for binding in bindings {
            for (key, action) in binding.keys {
                precondition(table[key] == nil, "the key \(key.name) is bound twice")
                table[key] = action
            }
        }
        return table
    }()

    /// What `key` does, nil when it is not bound.
    public static func action(for key: KeyPress) -> ViewerAction? { actions[key] }

    /// The names of the keys that do `action`, as the help names them.
    public static func names(of action: ViewerAction) -> [String] {
        bindings.flatMap { binding in binding.keys.filter { $0.1 == action }.map { $0.0.name } }
    }

    /// What the key help says about the chart itself, after the keys.
    package static let chartNotes = [
        "The dashed line is the reference price: the close of the last point before the range "
            + "(the previous close), labelled with its price at the right. The change in the header "
            + "is measured from it, and the whole line is green when the newest price is at or above it, red when below.",
        "Candles (c): the wick spans the low to the high, the body the open to the close; a rising candle "
            + "(close at or above its open) is hollow and green, a falling one filled and red; OHLC bars tick the "
            + "open left and the close right. When a range has more bars than fit, the bars of one period merge "
            + "into one candle (the first open, the highest high, the lowest low, the last close, the volumes "
            + "summed): the smallest period of 1 min to 1 year that fits, starting on the clock or the calendar "
            + "(:15, Monday, the first of the month), never across a session; the header says which (1 candle = "
            + "1 week). Under the cursor the header shows the candle's "
            + "O, H, L, C and V, its change from open to close and its dates.",
    ]

    /// The key help as lines of at most `width` columns: a title for each group, then
    /// each row's keys and its help, the help wrapped in a column of its own (keys too
    /// long for their column stand on a line of their own above their help); then what
    /// the chart shows.
    public static func helpLines(width: Int) -> [String] {
        // The key column fits the labels up to a third of the width; longer ones get a line of their own.
        // Narrower than 30 columns, every row's keys stand on a line of their own and the
        // help below them, indented by two.
        let keyColumn = width < 30 ? 2
            : (bindings.map { $0.label.count }.filter { $0 <= max(6, width / 3) }.max() ?? 6) + 2
        let helpWidth = max(1, width - keyColumn)
        var lines: [String] = []
        for group in KeyGroup.allCases {
            if !lines.isEmpty { lines.append("") }
            lines += TextWrap.lines(group.rawValue, width: width)
            for binding in bindings where binding.group == group {
                var key = binding.label
                if key.count + 1 > keyColumn {
                    lines += TextWrap.lines(key, width: width)
                    key = ""
                }
                for (i, part) in TextWrap.lines(binding.help, width: helpWidth).enumerated() {
                    let label = i == 0 ? key : ""
                    lines.append(label + String(repeating: " ", count: keyColumn - label.count) + part)
                }
            }
        }
        lines += ["", "Chart"]
        for note in chartNotes { lines += TextWrap.lines(note, width: width) }
        return lines
    }

    /// The key table of the README, in Markdown.
    package static var markdownTable: String {
        (["| key | does |", "| --- | --- |"] + bindings.map { "| \($0.markdownLabel) | \($0.help) |" })
            .joined(separator: "\n")
    }

    /// The hints for the hint line, most important first.
    package static let hints: [KeyHint] = hintsInOrder.sorted { $0.rank < $1.rank }

    /// The hints in the map's order, as the hint line shows them.
    package static let hintsInOrder: [KeyHint] = bindings.compactMap(\.hint)

    /// For each of `hints`, most important first, where it stands in `hintsInOrder`.
    package static let hintPlaces: [[Int]] = hints.map { hint in hintsInOrder.indices.filter { hintsInOrder[$0] == hint } }
}
