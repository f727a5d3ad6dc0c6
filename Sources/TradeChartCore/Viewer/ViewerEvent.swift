/// A key the viewer understands, already decoded from the terminal's codes.
public enum KeyPress: Sendable, Equatable {
    case character(Unicode.Scalar)
    case left, right, shiftLeft, shiftRight, up, down
    case home, end, pageUp, pageDown
    case escape, enter
}

/// What the mouse did, at a cell of the screen (0-based column and row).
public struct MouseInput: Sendable, Equatable {
    public enum Action: Sendable, Equatable { case press, drag, release, wheelUp, wheelDown }
    public var column: Int
    public var row: Int
    public var action: Action

    public init(column: Int, row: Int, action: Action) {
        self.column = column
        self.row = row
        self.action = action
    }
}

/// Everything that can happen to the viewer; time is passed alongside, never read.
public enum ViewerEvent: Sendable, Equatable {
    case key(KeyPress)
    case mouse(MouseInput)
    case resize(columns: Int, rows: Int)
}

/// What the viewer asks its host to do after an event.
public enum ViewerCommand: Sendable, Equatable {
    case none
    case quit
    /// Play (or write) the audiograph of the visible range.
    case playAudiograph(range: ChartRange)
}
