/// A key the viewer understands, already decoded from the terminal's codes.
public enum KeyPress: Sendable, Hashable {
    case character(Unicode.Scalar)
    case left, right, shiftLeft, shiftRight, up, down
    case home, end, pageUp, pageDown
    case escape, enter, tab, backspace
    /// A function key, F1 to F12.
    case function(Int)

    /// How the key is named in messages: `j`, `Up`, `F2`.
    public var name: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): TextSanitizer.isControl(c) ? "Ctrl-\(Unicode.Scalar(c.value + 64).map(String.init) ?? "?")" : String(c)
        case .left: "Left"
        case .right: "Right"
        case .shiftLeft: "Shift+Left"
        case .shiftRight: "Shift+Right"
        case .up: "Up"
        case .down: "Down"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .escape: "Esc"
        case .enter: "Enter"
        case .tab: "Tab"
        case .backspace: "Backspace"
        case .function(let n): "F\(n)"
        }
    }
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

/// What became of an audiograph the viewer asked the host to play.
public enum SoundEvent: Sendable, Equatable {
    /// It is playing: the cursor follows the sound for `duration` seconds; `note` says with what.
    case started(duration: Double, note: String)
    /// It could not be played; `note` says why, or where the sound was written instead.
    case notPlayed(note: String)
    /// It ended: played to its end, or stopped before its time (the player ended or went away).
    case ended
}

/// Everything that can happen to the viewer. Each reaches it through
/// `ViewerState.handle(_:at:)` with the time it happened; the core never reads a clock.
public enum ViewerEvent: Sendable, Equatable {
    case key(KeyPress)
    case mouse(MouseInput)
    /// The terminal has a new size, in cells.
    case resize(columns: Int, rows: Int)
    /// A look at the followed file or stream found something (rows, a reload, a reason to wait).
    case follow(FollowChange)
    /// The same for one of several files compared (numbered as on the command line, the
    /// first 0): wherever it is now, the primary or another.
    case followFile(Int, FollowChange)
    /// The audiograph started, could not start, or ended.
    case sound(SoundEvent)
    /// A note for the status line from the host (an unreadable state file, say).
    case note(String)
    /// The open, high, low and volume asked for with `loadBars` were read, or could not be.
    case bars(BarLoad)
    /// The older rows of a file shown from its newest rows: progress, then the whole series.
    case olderRows(OlderRows)
    /// The program was asked to stop by a signal (SIGTERM, SIGHUP, Ctrl-C, ...).
    case interrupted(signal: Int32)
    /// A file of the overview was read in the background (its number in the overview, what it gave).
    case overviewFile(Int, OverviewEntry.Content)
    /// A new price file appeared in the followed folder of the overview.
    case overviewAdded(path: String)
}

/// What the viewer asks its host to do after an event, in the order given.
public enum ViewerCommand: Sendable, Equatable {
    /// Remember this about the file (the host writes it, debounced, and on the way out).
    case remember(RememberedView)
    /// Play the audiograph of `slice` of `series`, then report back with a `.sound` event.
    case playAudiograph(series: PriceSeries, slice: RangeSlice)
    /// Play one short tone at `frequency` hertz now (a cursor step with tones on); a tone
    /// still sounding gives way to it.
    case playTone(frequency: Double)
    /// Stop a sound that is still playing.
    case stopSound
    /// Read these columns of the file (for candles or the volume pane) and report back
    /// with a `.bars` event.
    case loadBars(BarFields)
    /// Leave: write what is pending, give the terminal back and exit with `status`.
    case quit(status: Int32)
}
