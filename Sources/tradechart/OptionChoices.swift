import ArgumentParser
import TradeChartCore

/// `--color auto|always|never`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    /// Whether to use colour: `auto` means yes on a terminal, unless NO_COLOR is set
    /// or the terminal is dumb.
    func resolved(outputIsTerminal: Bool) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: outputIsTerminal && Environment.colorAllowed
        }
    }
}

/// `--charset auto|braille|block|ascii`.
enum CharsetChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, braille, block, ascii
}

/// `--theme auto|dark|light`: auto asks the terminal for its background colour.
enum ThemeChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, dark, light

    /// The theme given by hand, nil for auto.
    var fixed: Theme? { self == .auto ? nil : Theme(rawValue: rawValue) }
}

/// `--style line|candles|ohlc`.
extension ChartStyle: ExpressibleByArgument {}

/// `--range 1D|5D|1M|6M|1Y|5Y` (any case, or the key digit).
extension ChartRange: ExpressibleByArgument {
    public init?(argument: String) { self.init(label: argument) }
    public var defaultValueDescription: String { label }
    public static var allValueStrings: [String] { allCases.map(\.label) }
    /// The labels say it all: listed on one line, not one per line as described values.
    public static var allValueDescriptions: [String: String] { [:] }
}

/// `--size COLSxROWS`.
extension FrameSize: ExpressibleByArgument {
    init?(argument: String) { self.init(parsing: argument) }
}
