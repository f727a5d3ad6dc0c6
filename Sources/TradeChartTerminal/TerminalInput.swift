import CNcursesw
import TradeChartCore

/// Decodes ncurses key codes and characters into viewer keys.
enum TerminalInput {
    static func event(forKeyCode code: Int32) -> ViewerEvent? {
        switch code {
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_SLEFT: return .key(.shiftLeft)
        case KEY_SRIGHT: return .key(.shiftRight)
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_F0 + 1...KEY_F0 + 12: return .key(.function(Int(code - KEY_F0)))
        default: return nil
        }
    }

    static func event(forCharacter value: UInt32) -> ViewerEvent? {
        switch value {
        case 27: return .key(.escape)
        case 10, 13: return .key(.enter)
        case 9: return .key(.tab)
        case 8, 127: return .key(.backspace)
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .key(.character(scalar))
        }
    }
}
