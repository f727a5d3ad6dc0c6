/// One indicator asked for, with its periods (SPEC section 11): `--indicator`, the state
/// file's record of a file, the chooser. Written as on the command line: `ema:9`,
/// `bb:20,2.5`, `vwap`, `rsi:14`, `macd:12,26,9`, `stoch:14,3,3`, `atr:14`.
public enum IndicatorChoice: Sendable, Hashable {
    case ema(Int)
    case bollinger(Int, Double)
    case vwap
    case rsi(Int)
    case macd(Int, Int, Int)
    case stochastic(Int, Int, Int)
    case atr(Int)

    /// The longest period any indicator takes.
    static let longestPeriod = 100_000

    /// Each name with its defaults, in the order the help and the chooser list them.
    public static let defaults: [IndicatorChoice] = [.ema(20), .bollinger(20, 2), .vwap, .rsi(14), .macd(12, 26, 9),
                                                     .stochastic(14, 3, 3), .atr(14)]

    /// The name on the command line.
    public var name: String {
        switch self {
        case .ema: "ema"
        case .bollinger: "bb"
        case .vwap: "vwap"
        case .rsi: "rsi"
        case .macd: "macd"
        case .stochastic: "stoch"
        case .atr: "atr"
        }
    }

    /// The periods (and the bands' width), in the command line's order.
    var parameters: [Double] {
        switch self {
        case .ema(let n), .rsi(let n), .atr(let n): [Double(n)]
        case .bollinger(let n, let m): [Double(n), m]
        case .vwap: []
        case .macd(let a, let b, let c), .stochastic(let a, let b, let c): [Double(a), Double(b), Double(c)]
        }
    }

    /// As on the command line: `bb:20,2.5`.
    public var argument: String {
        let values = parameters.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }
        return values.isEmpty ? name : name + ":" + values.joined(separator: ",")
    }

    /// As a legend names it: `EMA 9`, `BB 20,2.5`, `VWAP`, `MACD 12,26,9`.
    public var title: String {
        let upper = self == .vwap ? "VWAP" : name == "stoch" ? "Stoch" : name.uppercased()
        let values = argument.split(separator: ":").dropFirst().first.map { " " + $0 } ?? ""
        return upper + values
    }

    /// Drawn on the price (EMA, bands, VWAP) rather than in a pane of its own below it.
    public var isOverlay: Bool {
        switch self {
        case .ema, .bollinger, .vwap: true
        case .rsi, .macd, .stochastic, .atr: false
        }
    }

    /// Reads the bars' high and low (and VWAP the volume), not the closes alone: the stochastic, ATR and VWAP.
    var readsBars: Bool {
        switch self {
        case .stochastic, .atr, .vwap: true
        case .ema, .bollinger, .rsi, .macd: false
        }
    }

    /// What the command line may say for each name, for the errors: `ema[:N]`, `bb[:N[,M]]`.
    public static let usage = "ema[:N], bb[:N[,M]], vwap, rsi[:N], macd[:FAST,SLOW,SIGNAL], stoch[:N,K,D], atr[:N]"
}

/// Why an `--indicator` list cannot be read; `text` says what is wrong and what is valid.
public enum IndicatorListError: Error, Sendable, Equatable {
    /// The list names nothing.
    case empty
    /// A name that is no indicator (or a number with no name before it).
    case unknownName(String)
    /// A parameter that is not a number.
    case notANumber(indicator: String, text: String)
    /// More parameters than the indicator takes.
    case tooManyParameters(indicator: String, most: Int)
    /// A period or width outside what the indicator accepts: `rule` says what it accepts.
    case outOfRange(indicator: String, rule: String)

    /// The message, with what is valid.
    public var text: String {
        let valid = "valid: " + IndicatorChoice.usage + ", e.g. rsi,macd,bb:20,2.5,ema:9,ema:21,vwap"
        switch self {
        case .empty:
            return "--indicator needs at least one indicator (\(valid))"
        case .unknownName(let name):
            return "--indicator: '\(name)' is not an indicator (\(valid))"
        case .notANumber(let indicator, let text):
            return "--indicator \(indicator): '\(text)' is not a number (\(valid))"
        case .tooManyParameters(let indicator, let most):
            return "--indicator \(indicator) takes at most \(most) number\(most == 1 ? "" : "s") (\(valid))"
        case .outOfRange(let indicator, let rule):
            return "--indicator \(indicator): \(rule) (\(valid))"
        }
    }
}

extension IndicatorChoice {
    /// Reads a list as `--indicator` takes it: names, each with its numbers after a colon and
    /// commas (`rsi,macd,bb:20,2.5,ema:9,ema:21,vwap`); a name alone takes its defaults. A
    /// choice given twice is kept once.
    public static func list(_ text: String) throws(IndicatorListError) -> [IndicatorChoice] {
        var groups: [(name: String, numbers: [String])] = []
        for token in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = token.trimmingWhitespace
            if let first = part.unicodeScalars.first, first.properties.isAlphabetic {
                let pieces = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                groups.append((String(pieces[0]).lowercased(), pieces.count > 1 ? [String(pieces[1]).trimmingWhitespace] : []))
            } else if groups.isEmpty {
                if part.isEmpty { continue }
                throw .unknownName(part)
            } else {
                groups[groups.count - 1].numbers.append(part)
            }
        }
        guard !groups.isEmpty else { throw .empty }
        var choices: [IndicatorChoice] = []
        for group in groups {
            let choice = try choice(group.name, group.numbers)
            if !choices.contains(choice) { choices.append(choice) }
        }
        return choices
    }

    /// One name with its numbers (as written).
    static func choice(_ name: String, _ texts: [String]) throws(IndicatorListError) -> IndicatorChoice {
        guard let defaults = defaults.first(where: { $0.name == name }) else { throw .unknownName(name) }
        let most = defaults.parameters.count
        guard texts.count <= most else { throw .tooManyParameters(indicator: name, most: most) }
        var numbers = defaults.parameters
        for (k, text) in texts.enumerated() {
            guard let value = Double(text), value.isFinite else { throw .notANumber(indicator: name, text: text) }
            numbers[k] = value
        }
        // Periods are whole numbers of bars from TA-Lib's least to `longestPeriod`.
        func period(_ k: Int, least: Int, _ what: String) throws(IndicatorListError) -> Int {
            let value = numbers[k]
            guard value == value.rounded(), value >= Double(least), value <= Double(longestPeriod) else {
                throw .outOfRange(indicator: name, rule: "\(what) must be a whole number of bars from \(least) to \(longestPeriod)")
            }
            return Int(value)
        }
        switch defaults {
        case .ema: return .ema(try period(0, least: 2, "the period"))
        case .rsi: return .rsi(try period(0, least: 2, "the period"))
        case .atr: return .atr(try period(0, least: 1, "the period"))
        case .vwap: return .vwap
        case .bollinger:
            let bars = try period(0, least: 2, "the period")
            guard numbers[1] > 0 && numbers[1] <= 100 else {
                throw .outOfRange(indicator: name, rule: "the width must be above 0 and at most 100 standard deviations")
            }
            return .bollinger(bars, numbers[1])
        case .macd:
            let fast = try period(0, least: 2, "the fast period"), slow = try period(1, least: 2, "the slow period")
            guard fast < slow else { throw .outOfRange(indicator: name, rule: "the fast period must be shorter than the slow one") }
            return .macd(fast, slow, try period(2, least: 1, "the signal period"))
        case .stochastic:
            return .stochastic(try period(0, least: 1, "the period"), try period(1, least: 1, "the %K smoothing"),
                               try period(2, least: 1, "the %D smoothing"))
        }
    }
}

private extension StringProtocol {
    /// Without the spaces around it.
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
