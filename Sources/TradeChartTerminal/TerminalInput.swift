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

    /// An SGR (1006) mouse report after its `ESC [ <`: `button;column;row` and `M` for a
    /// press or motion, `m` for a release; columns and rows count from 1, without the
    /// 223 limit of X10 reports. Nil for reports the viewer has no use for (other buttons,
    /// motion without a button) and for text that is not a report.
    static func sgrMouse(_ body: String) -> MouseInput? {
        guard let final = body.last, final == "M" || final == "m" else { return nil }
        let numbers = body.dropLast().split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let code = numbers[0], let column = numbers[1], let row = numbers[2],
              code >= 0, column >= 1, row >= 1 else { return nil }
        // Bits 2, 3 and 4 are Shift, Meta and Ctrl; 32 is motion, 64 the wheel.
        let button = code & 3, motion = code & 32 != 0, wheel = code & 64 != 0
        let action: MouseInput.Action
        if wheel {
            guard !motion, button <= 1 else { return nil }
            action = button == 0 ? .wheelUp : .wheelDown
        } else if motion {
            guard button == 0 else { return nil }
            action = .drag
        } else {
            guard button == 0 else { return nil }
            action = final == "M" ? .press : .release
        }
        return MouseInput(column: column - 1, row: row - 1, action: action)
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
