/// The bottom row (the range bar, the tags of the settings on, the key hints), worked out
/// after each event (`ViewerState.keepBottomRow()`) and kept in the state with what it
/// was worked out from (`BottomRowInputs`); every frame whose inputs are the same writes the kept
/// texts (a look at a followed file changes none of them), any other works them out.
typealias KeptBottomRow = KeptPart<BottomRowInputs, [BottomRowText]>

/// What the bottom row depends on.
struct BottomRowInputs: Sendable, Equatable {
    /// Which ranges can be shown, and the one shown (nil for a free window).
    var available: [Bool]
    var active: ChartRange?
    var tags: [String]
    var layout: ChartLayout
    var unicode: Bool
}

/// A text of the bottom row and where it goes.
struct BottomRowText: Sendable, Equatable {
    var text: String
    var x: Int
    var y: Int
    var style: CellStyle
}

extension ViewerState {
    /// What the bottom row is worked out from.
    var bottomRowInputs: BottomRowInputs {
        BottomRowInputs(available: availability.map { $0.slice != nil }, active: activeRange, tags: viewTags,
                             layout: layout, unicode: options.charset != .ascii)
    }

    /// The bottom row's texts: the kept ones when they were worked out from the same inputs, else afresh.
    func shownBottomRow() -> [BottomRowText] { keptBottomRow.value(for: bottomRowInputs, orMake: Self.bottomRow) }

    /// Works out (or keeps) the bottom row, after an event.
    mutating func keepBottomRow() { keptBottomRow.keep(for: bottomRowInputs, Self.bottomRow) }

    /// The bottom row's texts, from left to right: the range bar; the settings that change
    /// how the chart reads, for as long as they are on (the hints give way), or where the
    /// range bar leaves no room, under the price labels (the axis's own tags first: the
    /// averages' legend names them too); the key map's hints in its order, the least
    /// important left out first (in the map's fixed order of importance) when space runs out.
    static func bottomRow(_ inputs: BottomRowInputs) -> [BottomRowText] {
        let layout = inputs.layout, unicode = inputs.unicode
        var texts: [BottomRowText] = []
        var x = 0
        let bar = RangeBar(available: { inputs.available[$0.rawValue - 1] }, active: inputs.active)
        for entry in bar.entries {
            let style: CellStyle = entry.active ? CellStyle(.accent, [.bold, .reverse])
                : (entry.available ? .plain : CellStyle(.muted, .dim))
            texts.append(.init(text: entry.text, x: entry.cells.lowerBound, y: layout.bottomRow, style: style))
            x = entry.cells.lowerBound + entry.text.displayWidth
        }
        let tags = inputs.tags
        let all = tags.joined(separator: " ")
        if !all.isEmpty, x + 2 + all.displayWidth <= layout.columns {
            texts.append(.init(text: all, x: x + 2, y: layout.bottomRow, style: CellStyle(.accent)))
            x += 2 + all.displayWidth + 1
        } else if !all.isEmpty {
            let corner = [all, tags.filter { !$0.hasPrefix("MA") }.joined(separator: " ")]
                .first { !$0.isEmpty && $0.displayWidth <= layout.labelWidth }
            if let corner {
                texts.append(.init(text: corner, x: layout.columns - corner.displayWidth, y: layout.timeLabelRow,
                                   style: CellStyle(.accent)))
            }
        }
        let hints = KeyMap.hintsInOrder
        let widths = hints.map { (unicode ? $0.text : $0.ascii).displayWidth }
        var kept = [Bool](repeating: false, count: hints.count)
        let room = layout.columns - x - 2
        for places in KeyMap.hintPlaces {
            var width = 0, count = 0
            for i in hints.indices where kept[i] || places.contains(i) {
                width += widths[i]
                count += 1
            }
            guard width + 2 * max(0, count - 1) <= room else { break }
            for i in places { kept[i] = true }
        }
        let text = hints.indices.filter { kept[$0] }.map { unicode ? hints[$0].text : hints[$0].ascii }.joined(separator: "  ")
        texts.append(.init(text: text, x: layout.columns - text.displayWidth - 1, y: layout.bottomRow, style: .muted))
        return texts
    }
}
