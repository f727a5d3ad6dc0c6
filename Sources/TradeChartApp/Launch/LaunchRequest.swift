import TradeChartCore
import TradeChartSystem

/// What the command line asks for, once parsed: the input of a `Launch`. The executable
/// fills it from its options; tests fill it by hand.
public struct LaunchRequest {
    /// The price files; `-` is standard input. The first is the primary one.
    public var files: [String]
    public var print = false
    /// `--overview`: list the files as the overview, however few.
    public var overview = false
    /// `--order`, `--filter`: the overview's order and name filter.
    public var order: OverviewOrder?
    public var filter: String?
    public var range: ChartRange?
    public var size: FrameSize?
    public var style: ChartStyle?
    /// `--period`: a candle period, or `auto` (the smallest that fits); nil when not given.
    public var period: PeriodRequest?
    public var color: ColorChoice = .auto
    public var charset: CharsetChoice = .auto
    public var theme: ThemeChoice?
    public var tz: String?
    public var dataTz: String?
    public var title: String?
    public var column: String?
    /// `--columns`, `--date-format`, `--separator`: how to read a file the loader cannot read by itself.
    public var reading = ReadingOverrides()
    public var duration = 1.2
    public var follow = false
    /// `--refresh`: the least seconds between two looks at what is followed while it keeps changing.
    public var refresh = FileFollower.defaultLookInterval
    public var noState = false
    public var describe = false
    public var audiograph: String?
    /// `--graphics`: the plot as an image (nil: not given, which is `auto`).
    public var graphics: GraphicsMode?
    /// `--png FILE`: the chart written as a PNG image.
    public var png: String?
    public var screenReader: Bool?
    public var player: String?
    public var from: DateArgument?
    public var to: DateArgument?
    /// The on/off settings of the settings table the command line turns on (`--volume`, `--log`).
    public var switches: Set<SettingID> = []
    /// The bars of each moving average asked for.
    public var averages: [Int]?
    /// The indicators asked for (`--indicator`).
    public var indicators: [IndicatorChoice]?

    public init(files: [String]) {
        self.files = files
    }

    /// The primary file: the first one given (after those that could not be loaded).
    var file: String { files.first ?? "-" }

    /// Whether the viewer runs (no `--print`, `--describe`, `--audiograph` or `--png`).
    var interactive: Bool { !print && !describe && audiograph == nil && png == nil }
}

/// `--color auto|always|never`.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    /// Whether to use colour: `auto` means yes on a terminal, unless NO_COLOR is set
    /// or the terminal is dumb (`allowed` false).
    func resolved(outputIsTerminal: Bool, allowed: Bool) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: outputIsTerminal && allowed
        }
    }
}

/// `--charset auto|braille|block|ascii`.
public enum CharsetChoice: String, CaseIterable, Sendable {
    case auto, braille, block, ascii
}

/// `--theme auto|dark|light`: auto asks the terminal for its background colour.
public enum ThemeChoice: String, CaseIterable, Sendable {
    case auto, dark, light

    /// The theme given by hand, nil for auto.
    var fixed: Theme? { self == .auto ? nil : Theme(rawValue: rawValue) }
}

/// A frame size in cells, as `--size COLSxROWS` gives it or the terminal has it.
public struct FrameSize: Equatable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Parses `100x30` (case-insensitive; up to 2000 x 1000).
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c > 0, r > 0, c <= 2000, r <= 1000
        else { return nil }
        self.init(columns: c, rows: r)
    }
}

/// What `--period` asks for: the automatic candle period, or one period.
public enum PeriodRequest: Sendable, Equatable {
    case auto
    case fixed(CandlePeriod)

    /// `auto`, or a period's name (`1h`, `week`; see `CandlePeriod(argument:)`); nil for anything else.
    public init?(argument: String) {
        if argument.lowercased() == "auto" {
            self = .auto
        } else if let period = CandlePeriod(argument: argument) {
            self = .fixed(period)
        } else {
            return nil
        }
    }

    /// The period asked for, nil for the automatic one.
    var period: CandlePeriod? {
        if case .fixed(let period) = self { period } else { nil }
    }
}
