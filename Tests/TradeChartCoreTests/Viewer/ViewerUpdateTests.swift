import Testing
@testable import TradeChartCore

/// The update as the host sees it: the commands that come back from events.
@Suite("Viewer update")
struct ViewerUpdateTests {
    let series = TestSeries.daily(days: 1269)

    func viewer(_ range: ChartRange = .oneYear, memory: RememberedView = RememberedView()) -> ViewerState {
        ViewerState(series: series, range: range, options: ViewerOptions(), columns: 100, rows: 30, memory: memory)
    }

    @Test func aRangeSwitchAsksToRememberIt() {
        var v = viewer(memory: RememberedView(theme: "light"))
        #expect(v.memory.range == "1Y", "the opening range is what the viewer remembers")
        let commands = v.handle(.key(.character("4")), at: 0)
        #expect(commands == [.remember(RememberedView(range: "6M", theme: "light"))])
        #expect(v.handle(.key(.character("4")), at: 1).isEmpty, "the same range again asks nothing")
        #expect(v.handle(.key(.left), at: 2).isEmpty, "scrubbing is not remembered")
        #expect(v.handle(.key(.character("1")), at: 3).isEmpty, "an unavailable range changes nothing")
    }

    @Test func withTonesOnEveryCursorStepAsksForItsPricesToneAndOnlyThen() {
        var v = viewer(.oneMonth)
        #expect(v.handle(.key(.left), at: 0).isEmpty, "tones are off by default")
        let on = v.handle(.key(.character("s")), at: 1)
        #expect(on == [.playTone(frequency: v.toneFrequency(of: v.cursor!))], "s sounds the point shown at once")
        let span = v.index.minMax(v.slice.first...v.slice.last)
        let scale = PitchMap(minimum: span.min, maximum: span.max)
        for key: KeyPress in [.left, .pageUp, .home, .right, .end] {
            let commands = v.handle(.key(key), at: 2)
            #expect(commands == [.playTone(frequency: scale.frequency(of: series.prices[v.cursor!]))], "\(key.name)")
        }
        let click = v.layout.chartX + v.layout.chartWidth / 2
        let clicked = v.handle(.mouse(MouseInput(column: click, row: v.layout.chartY + 1, action: .press)), at: 3)
        #expect(clicked == [.playTone(frequency: scale.frequency(of: series.prices[v.cursor!]))], "a click on the chart too")
        #expect(v.handle(.key(.character("4")), at: 4).allSatisfy { if case .playTone = $0 { false } else { true } },
                "a range switch plays no tone")
        #expect(v.handle(.key(.character("s")), at: 5).isEmpty)
        #expect(v.handle(.key(.left), at: 6).isEmpty, "s again stops them")
        let started = ViewerState(series: series, range: .oneMonth, options: ViewerOptions(tones: true), columns: 100, rows: 30)
        var withSound = started
        #expect(withSound.handle(.key(.left), at: 0).count == 1, "--sound starts with tones on")
    }

    @Test func quittingStopsTheSoundAndExitsCleanly() {
        var v = viewer()
        #expect(v.handle(.key(.character("q")), at: 0) == [.stopSound, .quit(status: 0)])
        #expect(v.handle(.key(.character("Q")), at: 0) == [.stopSound, .quit(status: 0)])
    }

    @Test func aSignalQuitsWithItsStatus() {
        var v = viewer()
        #expect(v.handle(.interrupted(signal: 15), at: 0) == [.stopSound, .quit(status: 143)])
        #expect(v.handle(.interrupted(signal: 2), at: 0) == [.stopSound, .quit(status: 130)])
    }

    @Test func listeningAsksTheHostToPlayTheRangeAndTheCursorFollowsWhenItStarts() {
        var v = viewer(.oneMonth)
        #expect(v.handle(.key(.character("a")), at: 5) == [.playAudiograph(series: series, slice: v.slice)])
        let early = v.displayedCursor(at: 5.5)
        #expect(early == nil, "nothing follows until the sound started")
        _ = v.handle(.sound(.started(duration: 3, note: "Playing the audiograph with aplay")), at: 5)
        #expect(v.status == "Playing the audiograph with aplay")
        let (shown, moving) = (v.displayedCursor(at: 5.5), v.isAnimating(at: 6))
        #expect(shown != nil && moving)
        _ = v.handle(.sound(.ended), at: 6)
        let (after, stillMoving) = (v.displayedCursor(at: 6.5), v.isAnimating(at: 6.5))
        #expect(after == nil && !stillMoving, "a player that ends early stops the cursor")
        _ = v.handle(.sound(.notPlayed(note: "No audio player found; audiograph written to /tmp/x.wav")), at: 7)
        #expect(v.frame(at: 7).line(1).hasPrefix("No audio player found"))
    }

    @Test func followedRowsThatArriveDoNotStopTheCursorFollowingTheSound() {
        var v = ViewerState(series: series, range: .oneMonth, options: ViewerOptions(followed: "dax.csv"),
                            columns: 100, rows: 30)
        _ = v.handle(.sound(.started(duration: 3, note: "Playing")), at: 0)
        var grown = series
        grown.times.append(series.times.last! + 86_400)
        grown.prices.append(series.prices.last!)
        _ = v.handle(.follow(.updated(LoadedSeries(series: grown, report: LoadReport()), reloaded: false)), at: 1)
        let following = v.displayedCursor(at: 1.5)
        #expect(following != nil)
    }

    @Test func aNoteFromTheHostShowsOnTheStatusLineWithoutControlCharacters() {
        var v = viewer()
        _ = v.handle(.note("State file \u{1B}[31m/x is unreadable"), at: 0)
        #expect(v.frame(at: 0).line(1).hasPrefix("State file [31m/x is unreadable"))
    }

    @Test func theFollowersRulesDecideTheStatusLine() {
        var v = ViewerState(series: series, range: .oneMonth, options: ViewerOptions(followed: "quotes.csv"),
                            columns: 100, rows: 30)
        _ = v.handle(.follow(.waiting("quotes.csv: No such file or directory")), at: 0)
        #expect(v.status == "quotes.csv: No such file or directory")
        _ = v.handle(.follow(.updated(LoadedSeries(series: series, report: LoadReport()), reloaded: true)), at: 1)
        #expect(v.status == "quotes.csv was truncated or replaced: reloaded")
    }
}

/// SPEC section 4 while a file is followed: rows that arrive during a morph let it
/// go on from what is on the screen to the new target, never with a jump.
@Suite("Following during a morph")
struct FollowDuringMorphTests {
    let series = TestSeries.daily(days: 1269)

    func followed(_ range: ChartRange) -> ViewerState {
        ViewerState(series: series, range: range, options: ViewerOptions(followed: "dax.csv"), columns: 100, rows: 30)
    }

    /// `series` with `count` more trading days, each a little higher than the one before.
    func grown(by count: Int) -> PriceSeries {
        var s = series
        for k in 1...count {
            s.times.append(series.times.last! + Int64(k) * 86_400)
            s.prices.append(series.prices.last! * (1 + 0.02 * Double(k)))
        }
        return s
    }

    func rows(_ s: PriceSeries, reloaded: Bool = false) -> ViewerEvent {
        .follow(.updated(LoadedSeries(series: s, report: LoadReport()), reloaded: reloaded))
    }

    /// The chart area of a frame without its rightmost cell column (where a new point
    /// may touch the edge) as text.
    func chart(_ frame: Frame, _ v: ViewerState) -> [String] {
        (v.layout.chartY..<v.layout.timeLabelRow).map { String(frame.line($0).unicodeScalars.prefix(v.layout.chartWidth - 1)) }
    }

    @Test func rowsDuringAMorphContinueItFromWhatIsOnScreen() {
        var v = followed(.oneMonth)
        _ = v.handle(.key(.character("6")), at: 0)
        let onScreen = v.projection(at: 0.4)
        let before = v.frame(at: 0.4)
        _ = v.handle(rows(grown(by: 3)), at: 0.4)
        let goesOn = v.isAnimating(at: 0.41)
        #expect(goesOn, "the morph goes on")
        #expect(v.projection(at: 0.4) == onScreen, "no jump at the moment the rows arrive")
        #expect(chart(v.frame(at: 0.4), v) == chart(before, v))
        // On to the new target in small steps, landing on the new series' still 5Y frame.
        var previous = v.frame(at: 0.4)
        var t = 0.4
        while t < 1.3 {
            t += 1.0 / 60
            let next = v.frame(at: t)
            let changed = zip(previous.cells, next.cells).filter { $0 != $1 }.count
            #expect(changed < 100 * 26 / 3, "at \(t)")
            previous = next
        }
        let still = ViewerState(series: grown(by: 3), range: .fiveYears, options: ViewerOptions(followed: "dax.csv"),
                                columns: 100, rows: 30)
        expectSameFrame(v.frame(at: 1.3), still.frame(at: 1.3))
    }

    @Test func aReloadThatShiftsEveryIndexKeepsThePictureToo() {
        var v = followed(.oneMonth)
        _ = v.handle(.key(.character("5")), at: 0)
        let onScreen = v.projection(at: 0.5)
        // The file was rewritten without its oldest 100 rows and with two new ones.
        var reloaded = grown(by: 2)
        reloaded.times.removeFirst(100)
        reloaded.prices.removeFirst(100)
        _ = v.handle(rows(reloaded, reloaded: true), at: 0.5)
        let now = v.projection(at: 0.5)
        let i = series.count - 10
        #expect(abs(now.x(Double(i - 100)) - onScreen.x(Double(i))) < 1e-9, "each moment stays where it was")
        #expect(now.y == onScreen.y)
        let (moving, landed) = (v.isAnimating(at: 0.6), !v.isAnimating(at: 1.21))
        #expect(moving && landed)
        #expect(v.projection(at: 1.21) == v.target)
    }

    @Test func rowsWhileStillMoveTheChartAtOnce() {
        var v = followed(.oneMonth)
        _ = v.handle(rows(grown(by: 1)), at: 5)
        let moving = v.isAnimating(at: 5)
        #expect(!moving)
        #expect(v.slice.last == series.count, "the range keeps its right edge on the newest point")
    }
}
