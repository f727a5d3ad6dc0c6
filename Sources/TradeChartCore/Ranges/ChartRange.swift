/// The fixed ranges a user picks with the keys 1 to 6, and all the data (`0`, MAX).
public enum ChartRange: Int, CaseIterable, Sendable, Codable, CustomStringConvertible {
    case oneDay = 1, fiveDays, oneMonth, sixMonths, oneYear, fiveYears, max

    /// The label in the range bar and on the command line: `1D`, `5D`, `1M`, `6M`, `1Y`, `5Y`, `MAX`.
    public var label: String {
        switch self {
        case .oneDay: "1D"
        case .fiveDays: "5D"
        case .oneMonth: "1M"
        case .sixMonths: "6M"
        case .oneYear: "1Y"
        case .fiveYears: "5Y"
        case .max: "MAX"
        }
    }

    public var description: String { label }

    /// The key that selects this range: `1` to `6`, and `0` for all the data.
    public var key: Character { self == .max ? "0" : Character(String(rawValue)) }

    /// Parses `1D`, `5d`, `1y`, `max`, ... (case-insensitive), or the key digit.
    public init?(label: String) {
        let wanted = label.uppercased()
        guard let match = ChartRange.allCases.first(where: { $0.label == wanted || String($0.key) == wanted })
        else { return nil }
        self = match
    }

    /// Calendar months measured back from the newest point (nil for the trading-day ranges).
    var months: Int? {
        switch self {
        case .oneDay, .fiveDays: nil
        case .oneMonth: 1
        case .sixMonths: 6
        case .oneYear: 12
        case .fiveYears: 60
        case .max: nil
        }
    }
}
