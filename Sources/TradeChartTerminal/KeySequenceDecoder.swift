import TradeChartCore

/// Turns the bytes a terminal sends for keys into viewer keys, without ncurses (the
/// screen-reader mode reads the terminal in raw mode itself): UTF-8 characters,
/// control keys, and the escape sequences of xterm-like terminals and the Linux
/// console for the arrows (Shift too), Home, End, Page Up/Down and F1 to F12, in both
/// their normal (`ESC [`) and application (`ESC O`) forms.
///
/// A lone ESC may be the start of a sequence: `isWaiting` says so, and `flush()` gives
/// it as Esc when nothing followed in a moment.
public struct KeySequenceDecoder: Sendable {
    private var held: [UInt8] = []

    public init() {}

    /// True while the bytes held could still become a longer key (ESC, `ESC [`, part
    /// of a UTF-8 character): wait a moment for more, then `flush()`.
    public var isWaiting: Bool { !held.isEmpty }

    /// Adds bytes read from the terminal; returns the keys they complete, in order.
    /// Sequences it does not know (Insert, Delete, mouse reports) are dropped whole.
    public mutating func feed(_ bytes: [UInt8]) -> [KeyPress] {
        held += bytes
        var keys: [KeyPress] = []
        while !held.isEmpty {
            switch Self.decode(held[...]) {
            case .key(let key, let used):
                if let key { keys.append(key) }
                held.removeFirst(used)
            case .incomplete:
                return keys
            }
        }
        return keys
    }

    /// The keys the held bytes stand for when no more come: a lone ESC is Esc, an
    /// unfinished sequence is Esc and what followed it.
    public mutating func flush() -> [KeyPress] {
        guard !held.isEmpty else { return [] }
        var keys: [KeyPress] = []
        if held[0] == 0x1B {
            keys.append(.escape)
            held.removeFirst()
        }
        let rest = held
        held = []
        keys += feed(rest)
        // Whatever is still held is a broken character: dropped.
        held = []
        return keys
    }

    enum Step {
        /// `used` bytes make `key` (nil: a sequence that means no key the viewer knows).
        case key(KeyPress?, used: Int)
        case incomplete
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> Step {
        let b = Array(bytes)
        switch b[0] {
        case 0x1B:
            guard b.count >= 2 else { return .incomplete }
            switch b[1] {
            case UInt8(ascii: "["): return csi(b)
            case UInt8(ascii: "O"):
                guard b.count >= 3 else { return .incomplete }
                return .key(ss3(b[2]), used: 3)
            case 0x1B:
                return .key(.escape, used: 1)
            default:
                // ESC and a key is Alt and that key: Esc, then the key.
                return .key(.escape, used: 1)
            }
        case 0x0D, 0x0A: return .key(.enter, used: 1)
        case 0x09: return .key(.tab, used: 1)
        case 0x7F, 0x08: return .key(.backspace, used: 1)
        case 0x00..<0x20: return .key(.character(Unicode.Scalar(b[0])), used: 1)
        case 0x20..<0x80: return .key(.character(Unicode.Scalar(b[0])), used: 1)
        default: return utf8(b)
        }
    }

    /// `ESC O x`: application-mode arrows, Home, End, F1 to F4.
    static func ss3(_ final: UInt8) -> KeyPress? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
    }

    /// `ESC [ params final`, and the Linux console's `ESC [ [ A` for F1 to F5.
    static func csi(_ b: [UInt8]) -> Step {
        guard b.count >= 3 else { return .incomplete }
        if b[2] == UInt8(ascii: "[") {
            guard b.count >= 4 else { return .incomplete }
            let n = Int(b[3]) - Int(UInt8(ascii: "A")) + 1
            return .key((1...5).contains(n) ? .function(n) : nil, used: 4)
        }
        var i = 2
        while i < b.count, (0x20...0x3F).contains(b[i]) { i += 1 }
        guard i < b.count else { return i - 2 > 16 ? .key(nil, used: i) : .incomplete }
        let final = b[i]
        let used = i + 1
        guard (0x40...0x7E).contains(final) else { return .key(nil, used: used) }
        let parameters = String(decoding: b[2..<i], as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
        let first = parameters.first.flatMap { Int($0) }
        let shift = parameters.count >= 2 && parameters[1] == "2"
        switch final {
        case UInt8(ascii: "C"): return .key(shift ? .shiftRight : .right, used: used)
        case UInt8(ascii: "D"): return .key(shift ? .shiftLeft : .left, used: used)
        case UInt8(ascii: "A"): return .key(.up, used: used)
        case UInt8(ascii: "B"): return .key(.down, used: used)
        case UInt8(ascii: "H"): return .key(.home, used: used)
        case UInt8(ascii: "F"): return .key(.end, used: used)
        case UInt8(ascii: "P"), UInt8(ascii: "Q"), UInt8(ascii: "R"), UInt8(ascii: "S"):
            return .key(.function(Int(final) - Int(UInt8(ascii: "P")) + 1), used: used)
        case UInt8(ascii: "~"):
            let key: KeyPress? = switch first {
            case 1, 7: .home
            case 4, 8: .end
            case 5: .pageUp
            case 6: .pageDown
            case 11, 12, 13, 14, 15: .function(first! - 10)
            case 17, 18, 19, 20, 21: .function(first! - 11)
            case 23, 24: .function(first! - 12)
            default: nil
            }
            return .key(key, used: used)
        default:
            return .key(nil, used: used)
        }
    }

    /// One UTF-8 character of two to four bytes; a byte that cannot start one is dropped.
    static func utf8(_ b: [UInt8]) -> Step {
        let length = b[0] >= 0xF0 ? 4 : b[0] >= 0xE0 ? 3 : b[0] >= 0xC0 ? 2 : 0
        guard length > 0, b[0] < 0xF8 else { return .key(nil, used: 1) }
        guard b.count >= length else {
            return b.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) ? .incomplete : .key(nil, used: 1)
        }
        let text = String(decoding: b[0..<length], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1, scalar != "\u{FFFD}" else {
            return .key(nil, used: 1)
        }
        return .key(.character(scalar), used: length)
    }
}
