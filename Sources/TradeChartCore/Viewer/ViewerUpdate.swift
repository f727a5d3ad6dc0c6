/// The update: the one way the viewer's state changes. Every event (keys, the mouse,
/// resizes, rows from a followed file, the sound starting and ending, notes from the
/// host, signals) comes through `handle(_:at:)`, and what the host must do comes back
/// as commands, in the style of bubbletea.
extension ViewerState {
    /// Applies `event`, which happened at `time`, and returns what the host must do.
    public mutating func handle(_ event: ViewerEvent, at time: Double) -> [ViewerCommand] {
        let event = resolvingRewrite(event)
        if case .follow(.none) = event { return [] }
        if case .followFile(_, .none) = event { return [] }
        settle(at: time)
        revision += 1
        let remembered = memory, settings = rememberedSettings
        var commands: [ViewerCommand] = []
        var said = StatusChange.keep
        switch event {
        case .key(let key):
            animation.stopPlayback()
            (commands, said) = handleKey(key, at: time)
            said = noteIfFillingIn(said)
        case .mouse(let mouse):
            animation.stopPlayback()
            let shown = cursor
            said = .showing(handleMouse(mouse, at: time))
            commands = cursor != shown ? toneForCursor() : []
        case .resize(let columns, let rows):
            layout = layout.resized(columns: columns, rows: rows)
            // A resize during a morph lands on the target at the new size.
            morph = nil
            retarget()
            if let panel { panelState.scroll(to: panelScroll, end: panel.maxScroll) }
        case .follow(let change):
            said = followFile(0, change, at: time)
        case .followFile(let file, let change):
            said = followFile(file, change, at: time)
        case .sound(let sound):
            said = hear(sound, at: time)
        case .note(let text):
            said = .show(.note(text))
        case .bars(let load):
            said = receive(load, at: time)
        case .olderRows(let older):
            said = receive(older, at: time)
        case .interrupted(let signal):
            commands = [.stopSound, .quit(status: 128 + signal)]
        case .overviewFile, .overviewAdded:
            // The overview's, not the chart's.
            break
        }
        // The one place an event changes the status line.
        statusLine.apply(said)
        remember(changesSince: settings)
        if memory != remembered { commands.insert(.remember(memory), at: 0) }
        keepStillSpans()
        keepCandlePeriod()
        keepStillPlot(at: time)
        keepPaneLines(at: time)
        keepBottomRow()
        keepSpanDates()
        return commands
    }

    /// Drops a finished morph so a still state has none.
    mutating func settle(at time: Double) {
        animation.settle(at: time)
    }

    // MARK: - Keys

    /// A key press: what the host must do, and what the status line says (a key clears
    /// it, unless it only scrolled or closed a panel).
    mutating func handleKey(_ key: KeyPress, at time: Double) -> ([ViewerCommand], StatusChange) {
        let action = KeyMap.action(for: key)
        // In the indicators' chooser the digits turn each indicator on or off.
        if overlay == .indicators, case .character(let c) = key, let digit = Int(String(c)),
           let (said, commands) = toggleIndicator(digit, at: time) {
            return (commands, .renew(said))
        }
        if overlay != .none {
            // Up, Down, the Page keys, Home and End scroll the panel.
            if let panel, let scroll = panelScroll(for: action, page: max(1, panel.visible - 1), end: panel.maxScroll) {
                panelState.scroll(to: scroll, end: panel.maxScroll)
                return ([], .keep)
            }
            // Esc, Enter, q and the panel's own key close the panel and do nothing else;
            // any other key closes it and does what it does.
            let closesOnly = key == .escape || key == .enter || action == .quit || action == .help
                || (action == .chooseIndicators && overlay == .indicators)
                || (action == .describe && overlay != .help && overlay != .messages)
                || (action == .messages && overlay == .messages)
            panelState.open(.none)
            if closesOnly { return ([], .keep) }
        }
        if case .scroll = action {
            // Nothing to scroll without a panel.
            return ([], .renew(.noPanelToScroll(key: key.name)))
        }
        guard let action else { return ([], .renew(.unboundKey(key: key.name))) }
        let (commands, note) = perform(action, at: time)
        return (commands, note.map(StatusChange.renew) ?? .clear)
    }

    /// Where a key scrolls the open panel to (nil: the key does not scroll).
    func panelScroll(for action: ViewerAction?, page: Int, end: Int) -> Int? {
        switch action {
        case .scroll(let lines): panelScroll + lines
        case .step(let points) where abs(points) > 1: panelScroll + (points < 0 ? -page : page)
        case .firstPoint: 0
        case .lastPoint: end
        default: nil
        }
    }

    /// Does what `action` asks: what the host must do, and the message it has for the status line.
    mutating func perform(_ action: ViewerAction, at time: Double) -> ([ViewerCommand], StatusMessage?) {
        switch action {
        case .selectRange(let range): return ([], select(range, at: time))
        case .shorterRange: return ([], stepRange(by: -1, at: time))
        case .longerRange: return ([], stepRange(by: 1, at: time))
        case .step(let steps) where drawsCandles:
            stepCandles(steps)
            return (toneForCursor(), nil)
        case .firstPoint where drawsCandles:
            cursor = candleBars(containing: slice.first, period: candlePeriod).upperBound
            return (toneForCursor(), nil)
        case .step(let steps) where abs(steps) == 1:
            stepCursor(steps, at: time)
            return (toneForCursor(), nil)
        case .step(let steps):
            moveCursor(steps: steps)
            return (toneForCursor(), nil)
        case .firstPoint:
            cursor = slice.first
            return (toneForCursor(), nil)
        case .lastPoint:
            cursor = slice.last
            return (toneForCursor(), nil)
        case .dismiss:
            // Esc: the mark first (it is what a measurement ends with), then the cursor.
            if mark != nil {
                mark = nil
                return ([], .markCleared)
            }
            cursor = nil
        case .describe:
            if options.showsPanels {
                open(.text(title: "\(spanLabel) in words", lines: descriptionLines))
            }
        case .messages: if options.showsPanels { open(.messages) }
        case .scroll: break
        case .listen: return ([.playAudiograph(series: series, slice: slice)], nil)
        case .zoomIn: return ([], zoom(in: true, around: cursor, at: time))
        case .zoomOut: return ([], zoom(in: false, around: cursor, at: time))
        case .pan(let quarters): return ([], pan(byQuarters: quarters, at: time))
        case .toggle(let id):
            let (said, commands) = turn(id, !isOn(id), .key, at: time)
            return (commands, said)
        case .cycleAverages:
            let onScreen = projection(at: time)
            setAverages(nextAverages)
            // The axis holds the averages shown (or lets go of those no longer shown).
            retarget(from: onScreen, at: time)
            return ([], .averages(averageBars))
        case .chooseIndicators:
            if options.showsPanels { open(.indicators) } else { return ([], .indicatorChoices(indicatorChoiceWords)) }
        case .nextPrimary: return ([], makeNextPrimary(at: time))
        case .mark:
            let point = cursor ?? slice.last
            mark = series.times[point]
            return ([], .marked(moment: series.hasTimeOfDay ? DateText.moment(shownSeries.times[point], withTime: true)
                : DateText.dayMonthYear(shownSeries.times[point])))
        case .cycleStyle: return cycleStyle(at: time)
        case .cyclePeriod: return ([], cyclePeriod(at: time))
        case .cycleGraphics:
            options.graphics.cycle()
            return ([], .graphics(options.graphics))
        case .help: if options.showsPanels { open(.help) }
        case .quit: return ([.stopSound, .quit(status: 0)], nil)
        }
        return ([], nil)
    }

    /// Opens a panel at its top.
    mutating func open(_ panel: Overlay) { panelState.open(panel) }

    /// The tone of the cursor's point when tones are on.
    func toneForCursor() -> [ViewerCommand] {
        guard tones, let cursor else { return [] }
        return [.playTone(frequency: toneFrequency(of: cursor))]
    }

    /// Switches to `newRange`, morphing from whatever is on screen at `time`; says why not when it cannot.
    mutating func select(_ newRange: ChartRange, at time: Double) -> StatusMessage? {
        guard newRange != range || window != nil else { return nil }
        switch availability(of: newRange) {
        case .unavailable(let reason):
            return .rangeUnavailable(reason)
        case .available(let newSlice):
            return show(newSlice, range: newRange, window: nil, at: time)
        }
    }

    /// Moves to the next shorter (`by: -1`) or longer (`by: 1`) range, if there is one (from
    /// a free window: the range nearest to it, then on).
    mutating func stepRange(by step: Int, at time: Double) -> StatusMessage? {
        ChartRange(rawValue: range.rawValue + step).flatMap { select($0, at: time) }
    }

    /// Moves the cursor by `steps` points exactly (Shift, PgUp, PgDn). A hidden cursor
    /// first shows at the end it points away from (the newest point for a step left).
    mutating func moveCursor(steps: Int) {
        guard steps != 0 else { return }
        scrubHold = nil
        let start = cursor ?? (steps < 0 ? slice.last : slice.first)
        cursor = min(max(start + steps, slice.first), slice.last)
    }

    /// One press of Left or Right (`direction` -1 or +1) at `time`: one point, and while
    /// the key is held (repeats arriving quickly) a step that grows smoothly to one dot
    /// column, snapped to the nearest point. A hidden cursor first shows at the end it
    /// points away from.
    mutating func stepCursor(_ direction: Int, at time: Double) {
        guard let current = cursor else {
            cursor = direction < 0 ? slice.last : slice.first
            scrubHold = ScrubHold(direction: direction, start: time, last: time)
            return
        }
        let hold = scrubHold?.pressed(direction, at: time) ?? ScrubHold(direction: direction, start: time, last: time)
        scrubHold = hold
        let dotsPerPoint = abs(target.x.scale)
        let pointsPerColumn = dotsPerPoint > 0 ? 1 / dotsPerPoint : 1
        let points = ScrubHold.points(held: hold.last - hold.start, pointsPerColumn: pointsPerColumn)
        var next: Int
        if points >= pointsPerColumn && pointsPerColumn > 1 {
            // Full speed: one dot column, landing on the point nearest to it.
            next = Clamp.int(target.x.inverse(target.x(Double(current)) + Double(direction)).rounded(), ifNaN: current)
        } else {
            next = current + direction * max(1, Clamp.int(points.rounded()))
        }
        if next == current { next += direction }
        cursor = min(max(next, slice.first), slice.last)
    }

    // MARK: - Mouse

    mutating func handleMouse(_ mouse: MouseInput, at time: Double) -> StatusMessage? {
        let overChart = layout.chartContains(column: mouse.column, row: mouse.row)
        switch mouse.action {
        case .wheelUp where overChart, .wheelDown where overChart:
            // Over the chart the wheel zooms around the point under the pointer.
            let dotX = (Double(mouse.column - layout.chartX) + 0.5) * Double(options.charset.dotColumnsPerCell)
            return zoom(in: mouse.action == .wheelUp, around: nearestPoint(toDotColumn: dotX), at: time)
        case .wheelUp:
            return stepRange(by: -1, at: time)
        case .wheelDown:
            return stepRange(by: 1, at: time)
        case .press where mouse.row == layout.bottomRow && rangeBar.range(atColumn: mouse.column) != nil:
            return rangeBar.range(atColumn: mouse.column).flatMap { select($0, at: time) }
        case .press, .drag:
            guard layout.chartContains(column: mouse.column, row: mouse.row) || (mouse.action == .drag && cursor != nil)
            else { return nil }
            let cellsX = Double(options.charset.dotColumnsPerCell)
            let dotX = (Double(mouse.column - layout.chartX) + 0.5) * cellsX
            cursor = nearestPoint(toDotColumn: dotX)
            panelState.open(.none)
        case .release:
            break
        }
        return nil
    }

    // MARK: - Following and sound

    /// A look at the followed input: new rows replace the series; the status line says
    /// what the follower's rules say.
    mutating func follow(_ change: FollowChange, at time: Double) -> StatusChange {
        var said = StatusChange.keep
        if case .updated(let loaded, _) = change {
            candles.take(loaded)
            said = .showing(replaceSeries(loaded.series, at: time))
        }
        if case .appended(let rows) = change { said = .showing(appendRows(rows, at: time)) }
        var rules = statusLine.followStatus ?? FollowStatus(name: series.name)
        switch rules.effect(of: change) {
        case .keep: break
        case .show(let text): said = .show(.note(text))
        case .clear: said = .clear
        }
        statusLine.followStatus = rules
        return said
    }

    /// Replaces the series (a followed file grew or was reloaded), keeping the range,
    /// the cursor on the same moment, and a running morph going (from what is on
    /// screen to the new target, no jump). Says why a log axis was turned off, if it was.
    @discardableResult
    mutating func replaceSeries(_ newSeries: PriceSeries, at time: Double) -> StatusMessage? {
        guard newSeries.count >= 2 else { return nil }
        let before = SeriesBefore(self, at: time)
        let rebuilds = data.rebuilds, formatter = data.priceFormatter
        data = ChartSeries(newSeries, clock: options.clock)
        data.rebuilds = rebuilds + 1
        // The new labels are taken when the change settles; until then a note words prices as before.
        let labels = (formatter: data.priceFormatter, width: data.labelWidth)
        data.priceFormatter = formatter
        var note: StatusMessage?
        if logAxis, let why = whyNoLogAxis {
            // A price at or below zero arrived: a log axis cannot show it.
            overlays.logAxis = false
            note = why
        }
        overlays.plot(newSeries.prices, scaled: data.index, scale: data.priceScale)
        if !overlays.indicatorChoices.isEmpty { refreshIndicators() }
        settleSeries(after: before, labels: labels, at: time)
        return note
    }

    /// The rest of a change of series: the range or window, the labels, the morph and the
    /// cursor follow the points to where they are now (`series`, `shownSeries`, the
    /// indices and the averages are new).
    ///
    /// `grownFrom`: the series only grew, its points before this one unchanged (rows appended in order).
    mutating func settleSeries(after before: SeriesBefore, labels: (formatter: PriceFormatter, width: Int), at time: Double,
                               grownFrom: Int? = nil) {
        let newSeries = series
        let held = grownFrom == nil ? nil : (target: target, width: canvasDots.width)
        // The other files compared are seen on the primary's new calendar: at its new points
        // only, when it only grew.
        if comparing, let grownFrom {
            comparison.primaryGrew(to: newSeries, from: grownFrom)
        } else if comparing {
            let log = logAxis
            comparison.resample { ComparedSeries($0.series, on: newSeries, slot: $0.slot, file: $0.file, log: log) }
        }
        let labels = (formatter: labels.formatter, width: comparing ? max(labels.width, Self.percentLabelWidth) : labels.width)
        let oldNewest = before.newest
        // How far every old index moves: anchored on the old newest point (0 when rows
        // were only appended); when that moment is gone, the series are matched from the right.
        let anchor = newSeries.lowerBound(of: oldNewest)
        let offset = anchor < newSeries.count && newSeries.times[anchor] == oldNewest
            ? anchor - (before.count - 1) : newSeries.count - before.count
        let running = before.running
        let cursorTime = before.cursorTime
        data.priceFormatter = labels.formatter
        if labels.width != layout.labelWidth {
            layout = layout.withLabelWidth(labels.width)
        }
        // Rows appended: each range's first point is at or after the one it had.
        let shownBefore = grownFrom == nil ? nil : availability
        data.availability = ChartRange.allCases.map { newSeries.slice($0, from: shownBefore?[$0.rawValue - 1].slice?.first) }
        var (slice, range, window) = (slice, range, window)
        if let shown = window {
            // A window that ended on the newest point keeps ending there (as the ranges do),
            // as wide in points as it was; any other keeps its times.
            var times = shown
            if shown.upperBound >= oldNewest {
                let width = slice.count
                let last = newSeries.count - 1
                times = newSeries.times[max(0, last - width + 1)]...newSeries.times[last]
            }
            if let next = Self.windowSlice(newSeries, times) {
                slice = next.slice
                range = next.range
                window = next.window
            } else {
                window = nil
            }
        }
        if window != nil {
            // The window's slice is set above.
        } else if case .available(let s) = availability(of: range) {
            slice = s
        } else if let fallback = newSeries.defaultRange(), let s = availability(of: fallback).slice {
            range = fallback
            slice = s
        }
        view.show(slice, range: range, window: window, labelling: shownSeries, unchangedBelow: grownFrom ?? 0)
        retarget()
        if running == nil, let held { holdPointMap(of: held.target, madeFor: held.width) }
        if var running {
            running.from = running.from.shifted(byPoints: offset)
            running.to = running.to.shifted(byPoints: offset)
            morph = running.retargeted(to: target, at: time)
            morphFirst = min(max(0, morphFirst + offset), slice.first)
        } else {
            morph = nil
        }
        // The cursor stays on the same moment (a reload may shift every index), or hides.
        cursor = cursorTime.flatMap { t in
            let i = newSeries.lowerBound(of: t)
            return i < newSeries.count && newSeries.times[i] == t && slice.contains(i) ? i : nil
        }
    }

    /// Rows appended to a long range (a year of minute bars) move its ends by a small part
    /// of a dot column: the point map (x) the chart had is kept while under it the range's
    /// first and newest points still fall in the leftmost and the rightmost dot column, so
    /// a still chart changes only where points arrived or left (every point a fraction of
    /// a dot from where a fresh fit puts it), not by a shimmer of re-sampled columns over
    /// its whole width at every look. Once an end would leave its column the map is fitted
    /// afresh. Line charts of one file only (candles are drawn by the slot of each bar).
    mutating func holdPointMap(of before: ChartProjection, madeFor width: Int) {
        guard !comparing, !drawsCandles, width == canvasDots.width, width > 1,
              before.x.scale > 0, target.x.scale > 0, slice.first < slice.last else { return }
        let w = Double(width)
        let left = before.x(Double(slice.first)), right = before.x(Double(slice.last))
        guard left >= 0, left < 1, right >= w - 1, right < w else { return }
        target.x = before.x
    }

    /// The audiograph started (the cursor follows the sound), could not start, or ended.
    mutating func hear(_ sound: SoundEvent, at time: Double) -> StatusChange {
        switch sound {
        case .started(let duration, let note):
            animation.play(from: time, for: duration)
            return .show(.playing(note: note))
        case .notPlayed(let note):
            animation.stopPlayback()
            return .show(.note(note))
        case .ended:
            animation.stopPlayback()
            // The line that said it plays says so no longer (a later message stays).
            if case .playing = statusLine.message { return .clear }
            return .keep
        }
    }
}
