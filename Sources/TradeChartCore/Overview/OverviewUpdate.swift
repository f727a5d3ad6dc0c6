/// What the overview asks of whoever runs it after an event.
public enum OverviewAction: Sendable, Equatable {
    /// Open these entries as the chart (one) or a comparison (several, the first the primary).
    case open([Int])
    /// End the program with this exit status.
    case quit(Int32)
}

extension OverviewState {
    /// Takes one event at `time`: keys, the mouse, a new size, a signal. Loads arrive
    /// through `set(_:ofEntry:)`.
    public mutating func handle(_ event: ViewerEvent, at time: Double) -> OverviewAction? {
        settle(at: time)
        changed()
        switch event {
        case .key(let key):
            return handleKey(key, at: time)
        case .mouse(let mouse):
            handleMouse(mouse, at: time)
        case .resize(let columns, let rows):
            resize(columns: columns, rows: rows)
        case .interrupted(let signal):
            return .quit(128 + signal)
        case .note(let text):
            say(text)
        case .overviewFile(let k, let content):
            set(content, ofEntry: k)
        case .overviewAdded(let path):
            add(path)
        case .follow, .followFile, .sound, .bars, .olderRows:
            break
        }
        return nil
    }

    mutating func handleKey(_ key: KeyPress, at time: Double) -> OverviewAction? {
        if typingFilter {
            switch key {
            case .up: moveSelection(by: -1)
            case .down: moveSelection(by: 1)
            default: typeIntoFilter(key)
            }
            return nil
        }
        let page = max(1, rowsShown(visible.count) - 1)
        say(nil)
        switch key {
        case .up: moveSelection(by: -1)
        case .down: moveSelection(by: 1)
        case .pageUp: moveSelection(by: -page)
        case .pageDown: moveSelection(by: page)
        case .home: moveSelection(by: -entries.count)
        case .end: moveSelection(by: entries.count)
        case .enter:
            let chosen = toOpen
            guard !chosen.isEmpty else {
                say(selected.map { "\(entries[$0].name): \(entries[$0].problem ?? "still loading")" } ?? "No file to open")
                return nil
            }
            return .open(chosen)
        case .escape:
            if !marked.isEmpty { clearMarks() } else if !filter.isEmpty { clearFilter() }
        case .character("q"), .character("Q"):
            return .quit(0)
        case .character("o"):
            cycleOrder()
        case .character("/"):
            startFilter()
        case .character(" "):
            toggleMark()
        case .character("?"):
            say("Keys: Up/Down/PgUp/PgDn/Home/End select, 1-6 and 0 the range, o the order, / filters, Space marks, "
                + "Enter opens (marked rows compared), Backspace or Esc in the chart comes back, q quits")
        case .character(let c):
            if let range = ChartRange(label: String(c)) {
                show(range, at: time)
            } else {
                say("\(key.name) does nothing in the overview; press ? for keys")
            }
        default:
            say("\(key.name) does nothing in the overview; press ? for keys")
        }
        return nil
    }

    mutating func handleMouse(_ mouse: MouseInput, at time: Double) {
        switch mouse.action {
        case .wheelUp: moveSelection(by: -3)
        case .wheelDown: moveSelection(by: 3)
        case .press:
            if mouse.row == rows - 1, let range = rangeBar.range(atColumn: mouse.column) {
                show(range, at: time)
            } else if rowArea.contains(mouse.row) {
                let shown = visible
                let at = scrollTop + (mouse.row - rowArea.lowerBound) / rowHeight(shown.count)
                if shown.indices.contains(at) { select(entry: shown[at]) }
            }
        case .drag, .release:
            break
        }
    }

    /// The range bar of the bottom line: every range some file can show.
    var rangeBar: RangeBar { RangeBar(available: { canShow($0) }, active: range) }
}
