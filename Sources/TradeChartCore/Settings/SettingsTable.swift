extension SettingID {
    public static let range = SettingID(rawValue: "range")
    public static let window = SettingID(rawValue: "window")
    public static let style = SettingID(rawValue: "style")
    public static let volume = SettingID(rawValue: "volume")
    public static let period = SettingID(rawValue: "period")
    public static let log = SettingID(rawValue: "log")
    public static let percent = SettingID(rawValue: "percent")
    public static let averages = SettingID(rawValue: "averages")
    public static let indicators = SettingID(rawValue: "indicators")
    public static let theme = SettingID(rawValue: "theme")
    public static let charset = SettingID(rawValue: "charset")
    public static let graphics = SettingID(rawValue: "graphics")
    public static let tones = SettingID(rawValue: "tones")
    public static let screenReader = SettingID(rawValue: "screenReader")
    public static let overviewOrder = SettingID(rawValue: "overviewOrder")
    public static let overviewFilter = SettingID(rawValue: "overviewFilter")
}

/// The settings table: every user setting, declared once (see `Setting`). Its order is
/// the order of `--help`'s SETTINGS section and of the README's table of settings.
public enum Settings {
    public static let table: [Setting] = [
        Setting(.range, title: "range",
                keys: [
                    KeyBinding(ChartRange.allCases.filter { $0 != .max }.map { (.character(Unicode.Scalar(String($0.key))!), .selectRange($0)) },
                               names: ["1", "…", "6"],
                               help: "range 1D, 5D, 1M, 6M, 1Y, 5Y (unavailable ones are in parentheses, (1D), and say why)",
                               group: .ranges, hint: KeyHint("1-6 range", rank: 3)),
                    KeyBinding([(.character("0"), .selectRange(.max))], names: ["0"], help: "all the data (MAX)", group: .ranges),
                    KeyBinding([(.character("+"), .shorterRange), (.character("="), .shorterRange),
                                (.character("-"), .longerRange), (.character("_"), .longerRange)],
                               names: ["+", "/", "-"], help: "a shorter / longer range (- from 5Y shows all the data)",
                               group: .ranges),
                ],
                options: [SettingOption("range", value: "R", help: "Range to show. (values: 1D, 5D, 1M, 6M, 1Y, 5Y, MAX)")],
                memory: .perFile(field: "range"),
                readme: ("`--range R`", "start on `1D`, `5D`, `1M`, `6M`, `1Y`, `5Y` or `MAX` (all the data; default: the "
                    + "range you last used on this file, else the longest available up to 1Y, or the shortest that shows "
                    + "all of a short file)")),
        Setting(.window, title: "window",
                keys: [
                    KeyBinding([(.character("["), .zoomIn), (.character("]"), .zoomOut)], names: ["[", "/", "]"],
                               help: "zoom in (half as long, around the cursor, else keeping the newest point at the right) / out",
                               group: .ranges, hint: KeyHint("[] zoom", rank: 6)),
                    KeyBinding([(.character("<"), .pan(-1)), (.character(">"), .pan(1)), (.character(","), .pan(-1)),
                                (.character("."), .pan(1))], names: ["<", "/", ">"],
                               help: "move the window a quarter of its width back / on in time (, and . too)", group: .ranges),
                ],
                options: [SettingOption("from", value: "DATE",
                                        help: "Show from this date: 2019, 2019-05, 2019-05-13 or any date the files use."),
                          SettingOption("to", value: "DATE", help: "Show up to this date (the whole year, month or day it names).")],
                memory: .perFile(field: "window"),
                readme: ("`--from DATE`, `--to DATE`",
                         "show a window of time (`2019`, `2019-05`, `2019-05-13`, or any date the files use; either alone)")),
        Setting(.style, title: "style",
                keys: [KeyBinding([(.character("c"), .cycleStyle)], names: ["c"],
                                  help: "style: line, candles (rising hollow, falling filled), OHLC bars; the bars of a period "
                                      + "merge into one candle, the header says which (1 candle = 1 week)",
                                  group: .style)],
                options: [SettingOption("style", value: "STYLE", help: "Draw the price as a line, candles or OHLC bars (c "
                                        + "switches). (values: line, candles, ohlc)")],
                memory: .perFile(field: "style"),
                readme: ("`--style line\\|candles\\|ohlc`", "draw the price as a line, candles or OHLC bars (`c` cycles them; "
                         + "default: what you last used on this file, else the line)")),
        Setting(.period, title: "candle period",
                keys: [KeyBinding([(.character("p"), .cyclePeriod)], names: ["p"],
                                  help: "candle period: auto (the smallest that fits), then each longer one that gives "
                                      + "two candles or more (1 min to 1 year)",
                                  group: .style)],
                options: [SettingOption("period", value: "PERIOD", help: "What one candle (and volume bar) stands for, "
                                        + "where it fits the width, else the next longer (p cycles). (values: auto, "
                                        + CandlePeriod.arguments + "; default: auto, the smallest that fits)")],
                memory: .perFile(field: "period"),
                readme: ("`--period P`", "what one candle (and volume bar) stands for: "
                         + CandlePeriod.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + " (also `5min`, `day`, `week`, "
                         + "`month`, `quarter`, `year`), used where it fits the width, else the next longer; `auto` (the "
                         + "default) is the smallest that fits (`p` cycles auto and the longer ones)")),
        Setting(.volume, title: "volume pane",
                keys: [KeyBinding([(.character("v"), .toggle(.volume))], names: ["v"],
                                  help: "the volume pane under the chart, one bar a candle, coloured like it", group: .style)],
                options: [SettingOption("volume", help: "Show the volume pane under the chart (v switches it).")],
                memory: .perFile(field: "volume"),
                // The pane is part of the candles' state: it needs the Volume column, read when first asked for.
                toggle: SettingToggle(on: "Volume pane", off: "Volume pane hidden",
                                      refusal: { state, on, cause in state.whyNoVolumePane(on, cause) },
                                      turned: { state, cause, time in state.fitLayout(at: time, morphing: cause == .key) },
                                      followUp: { state in state.askForMissingColumns() ?? ([], state.volumePaneNote) },
                                      stored: SettingStorage(get: { $0.candles.volume }, set: { $0.candles.volume = $1 })),
                readme: ("`--volume`", "show the volume pane under the chart (`v` switches it)")),
        Setting(.log, title: "log scale",
                keys: [KeyBinding([(.character("L"), .toggle(.log))], names: ["L"],
                                  help: "log price scale on / off (equal steps are equal percent changes)", group: .chart)],
                options: [SettingOption("log", help: "A logarithmic price axis (L switches it).")],
                memory: .perFile(field: "log"),
                toggle: SettingToggle(on: "Log scale: equal steps are equal percent changes", off: "Linear scale",
                                      refusal: { state, on, _ in on ? state.whyNoLogAxis : nil },
                                      turned: { state, _, _ in state.replot() }),
                readme: ("`--log`", "a logarithmic price axis (`L` switches it)")),
        Setting(.percent, title: "percent labels",
                keys: [KeyBinding([(.character("%"), .toggle(.percent))], names: ["%"],
                                  help: "price labels as percent change from the previous close on / off", group: .chart)],
                options: [SettingOption("percent", help: "Price labels as percent change from the previous close (% switches it).")],
                memory: .perFile(field: "percent"),
                toggle: SettingToggle(on: "Labels in percent from the previous close", off: "Labels in prices",
                                      refusal: { state, on, cause in state.whyNoPercentLabels(on, cause) },
                                      // The label column takes the width of the new labels.
                                      turned: { state, _, _ in state.replot() }),
                readme: ("`--percent`", "price labels as percent change from the previous close (`%` switches it)")),
        Setting(.averages, title: "moving averages",
                keys: [KeyBinding([(.character("m"), .cycleAverages)], names: ["m"],
                                  help: "moving averages: none, 20 bars, 20, 50 and 200 bars", group: .chart)],
                options: [SettingOption("average", value: "N[,N...]", help: "Moving averages of these bars, e.g. 20,50,200 "
                                        + "(m cycles none, 20, 20,50,200).")],
                memory: .perFile(field: "averages"),
                readme: ("`--average N[,N...]`",
                         "moving averages of these bars, e.g. `20,50,200` (`m` cycles none, 20, 20 50 200)")),
        Setting(.indicators, title: "indicators",
                keys: [KeyBinding([(.character("i"), .chooseIndicators)], names: ["i"],
                                  help: "indicators: a chooser whose digits 1-7 turn EMA, Bollinger bands, VWAP, RSI, "
                                      + "MACD, stochastic and ATR on or off", group: .chart)],
                options: [SettingOption("indicator", value: "LIST", help: "Indicators, e.g. rsi,macd,bb:20,2.5,ema:9,ema:21,vwap: "
                                        + "on the price ema[:N], bb[:N[,M]], vwap; in panes below it rsi[:N], "
                                        + "macd[:FAST,SLOW,SIGNAL], stoch[:N,K,D], atr[:N].")],
                memory: .perFile(field: "indicators"),
                readme: ("`--indicator LIST`",
                         "indicators, e.g. `rsi,macd,bb:20,2.5,ema:9,ema:21,vwap`: on the price `ema[:N]` (default 20), "
                         + "`bb[:N[,M]]` (20, 2), `vwap`; in panes below it `rsi[:N]` (14), `macd[:FAST,SLOW,SIGNAL]` "
                         + "(12, 26, 9), `stoch[:N,K,D]` (14, 3, 3), `atr[:N]` (14); see Indicators")),
        Setting(.theme, title: "theme",
                options: [SettingOption("theme", value: "THEME", help: "Colour theme; auto (the default) asks the terminal for "
                                        + "its background colour (COLORFGBG when it does not answer) and picks light on a "
                                        + "light one. (values: auto, dark, light)")],
                memory: .perFile(field: "theme"),
                readme: ("`--theme auto\\|dark\\|light`", "colour theme; `auto` (the default) asks the terminal for its "
                         + "background colour (OSC 11; `COLORFGBG` when it does not answer, dark when neither says; the wait "
                         + "ends with the terminal's answer to the device attributes, a second at most, so that a terminal behind "
                         + "a slow link answers before keys are read) and picks the light theme on a light background")),
        Setting(.charset, title: "charset",
                options: [SettingOption("charset", value: "SET", help: "Glyphs; auto picks Braille only where it can be "
                                        + "shown. (values: auto, braille, block, ascii; default: auto)")],
                memory: .perFile(field: "charset"),
                readme: ("`--charset auto\\|braille\\|block\\|ascii`", "glyphs; `auto` picks Braille only where it can be "
                         + "shown: ASCII on the Linux console, `vt100`-like and other character terminals and without a "
                         + "UTF-8 locale. In ASCII the baseline is drawn with `.` and the cursor with `!`, glyphs the line "
                         + "does not use")),
        Setting(.overviewOrder, title: "overview order",
                options: [SettingOption("order", value: "ORDER", help: "The overview's order (o cycles it). (values: "
                                        + OverviewOrder.allCases.map(\.argument).joined(separator: ", ") + ")")],
                memory: .perFile(field: "order"),
                readme: ("`--order name\\|change\\|date\\|folder`", "the overview's order: by name, by the change over "
                         + "the range (largest rise first), by the newest row's date, or as in the folder (`o` cycles "
                         + "them; remembered for the folder)")),
        Setting(.overviewFilter, title: "overview filter",
                options: [SettingOption("filter", value: "TEXT", help: "The overview lists the files whose names hold TEXT (/ changes it).")],
                memory: .perFile(field: "filter"),
                readme: ("`--filter TEXT`", "the overview lists only the files whose names hold TEXT, letters' case "
                         + "ignored (`/` types it; remembered for the folder)")),
        Setting(.graphics, title: "graphics",
                keys: [KeyBinding([(.character("b"), .cycleGraphics)], names: ["b"],
                                  help: "the plot in Braille or as an image (sixel, kitty), where the terminal shows "
                                      + "images: each press the next one it can show",
                                  group: .style)],
                options: [SettingOption("graphics", value: "MODE", help: "The plot as an image where the terminal "
                                        + "shows them (b switches); auto asks the terminal. (values: auto, sixel, kitty, "
                                        + "braille; default: auto)")],
                memory: .notRemembered,
                readme: ("`--graphics auto\\|sixel\\|kitty\\|braille`", "the plot area as an image, in the viewer "
                         + "and with `--print` (anti-aliased, the text around it stays text): `sixel` (xterm `-ti vt340`, "
                         + "foot, WezTerm, mlterm, Konsole) or `kitty` (kitty, Ghostty, WezTerm); `auto` (the default) "
                         + "asks the terminal (the kitty graphics query, the device attributes, the cell size; the wait ends with the "
                         + "device attributes' answer, a second at most) "
                         + "and keeps Braille without an answer, inside tmux or screen, over a serial line and on `linux` "
                         + "and `vt100`-like terminals. `b` switches between Braille and the images the terminal shows; `--describe` "
                         + "says the choice")),
        Setting(.tones, title: "tones",
                keys: [KeyBinding([(.character("s"), .toggle(.tones))], names: ["s"],
                                  help: "tones: each cursor step plays a short tone, its pitch the price on the scale of a; "
                                      + "s again stops them",
                                  group: .words)],
                options: [SettingOption("sound", help: "Play a short tone for each cursor step, its pitch the price (s "
                                        + "switches it).")],
                memory: .notRemembered,
                toggle: SettingToggle(on: "Tones on: each step plays its price as a pitch, low prices low; s stops them",
                                      off: "Tones off",
                                      // The point shown sounds at once, so the pitch scale is heard from the first press.
                                      followUp: { ($0.tones ? [.playTone(frequency: $0.toneFrequency(of: $0.cursor ?? $0.slice.last))] : [], nil) },
                                      stored: SettingStorage(get: { $0.tones }, set: { $0.tones = $1 })),
                readme: ("`--sound`", "start with a tone for each cursor step (`s` switches it)")),
        Setting(.screenReader, title: "screen-reader mode",
                options: [SettingOption("screen-reader", label: "--screen-reader/--no-screen-reader",
                                        help: "Plain lines for a screen reader instead of the chart; remembered for next "
                                            + "time (also on when TERM=dumb).")],
                memory: .perPerson(field: "screenReader"),
                readme: ("`--screen-reader`", "plain lines for a screen reader instead of the chart; remembered "
                         + "(`--no-screen-reader` to leave it)")),
    ]

    /// The entry of `id`.
    public static subscript(_ id: SettingID) -> Setting {
        guard let at = positions[id] else { preconditionFailure("no setting \(id)") }
        return table[at]
    }

    /// Where each entry is in `table`: a setting is looked up at every event (`ViewerState.isOn`),
    /// not by a walk over the table comparing names.
    private static let positions = Dictionary(uniqueKeysWithValues: table.enumerated().map { ($0.element.id, $0.offset) })

    /// The on/off settings remembered per file, in the table's order, with where their state
    /// is kept (nil: among the overlays' switches): what `ViewerState.rememberedSwitches` asks
    /// before and after every event.
    static let rememberedToggles: [(id: SettingID, stored: SettingStorage?)] = table.compactMap { setting in
        guard let toggle = setting.toggle, setting.fileField != nil else { return nil }
        return (setting.id, toggle.stored)
    }
}
