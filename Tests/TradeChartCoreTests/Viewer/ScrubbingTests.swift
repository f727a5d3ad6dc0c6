import Foundation
import Testing
@testable import TradeChartCore

/// SPEC section 5: every point can be reached; a held key speeds up smoothly to a dot
/// column a step; Shift and the Page keys move ten points; Home and End; vi keys.
@Suite("Scrubbing")
struct ScrubbingTests {
    static func dax() throws -> PriceSeries {
        try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path).series
    }

    /// Five years of minute bars (6.5 hours a weekday), about 490,000 points.
    static let minutes: PriceSeries = {
        var times: [Int64] = []
        var prices: [Double] = []
        var day = CivilDate(year: 2015, month: 1, day: 5).dayNumber
        let end = CivilDate(year: 2020, month: 1, day: 3).dayNumber
        var price = 100.0
        while day <= end {
            if CivilDate(dayNumber: day).weekday < 5 {
                for minute in 0..<390 {
                    times.append(day * 86_400 + 9 * 3600 + 1800 + Int64(minute) * 60)
                    price += sin(Double(times.count) / 500) * 0.01
                    prices.append(price)
                }
            }
            day += 1
        }
        return PriceSeries(name: "MIN", times: times, prices: prices, hasTimeOfDay: true)
    }()

    @Test func everyDayOfTheDaxYearIsReachedWithSinglePresses() throws {
        var v = ViewerState(series: try Self.dax(), range: .oneYear, columns: 80, rows: 24)
        #expect(v.slice.count > Int(Double(v.canvasDots.width) * 1.5), "more days than dot columns")
        var visited: [Int] = []
        var time = 0.0
        for _ in 0...(v.slice.count + 2) {
            _ = v.handle(.key(.left), at: time)
            time += 0.4   // a person pressing, not holding
            if visited.last != v.cursor { visited.append(v.cursor!) }
        }
        #expect(visited == Array((v.slice.first...v.slice.last).reversed()), "each press one point, none skipped")
    }

    @Test func aHeldKeySpeedsUpSmoothlyToADotColumnAStep() {
        var v = ViewerState(series: Self.minutes, range: .fiveYears, columns: 80, rows: 24)
        let pointsPerColumn = 1 / v.target.x.scale
        #expect(pointsPerColumn > 1000)
        _ = v.handle(.key(.end), at: 0)
        var steps: [Int] = []
        var time = 1.0
        for _ in 0..<120 {   // four seconds of repeats, 30 a second
            let before = v.cursor!
            _ = v.handle(.key(.left), at: time)
            steps.append(before - v.cursor!)
            time += 1.0 / 30
        }
        #expect(steps.prefix(3).allSatisfy { $0 == 1 }, "it starts one point at a time: \(steps.prefix(5))")
        for (a, b) in zip(steps, steps.dropFirst()) where b > 1 {
            #expect(b >= a - 1 && Double(b) <= Double(a) * 1.35 + 1, "smooth: \(a) then \(b)")
        }
        // Then one dot column a step.
        let x = { (i: Int) in v.target.x(Double(i)) }
        let late = v.cursor!
        _ = v.handle(.key(.left), at: time)
        #expect(abs((x(late) - x(v.cursor!)) - 1) <= v.target.x.scale, "one dot column")
        #expect(Double(steps.last!) > pointsPerColumn * 0.9)
    }

    @Test func crossingFiveYearsOfMinutesTakesAMomentNotAnAge() {
        var v = ViewerState(series: Self.minutes, range: .fiveYears, columns: 80, rows: 24)
        _ = v.handle(.key(.end), at: 0)
        var time = 1.0
        var presses = 0
        while v.cursor != v.slice.first && presses < 100_000 {
            _ = v.handle(.key(.left), at: time)
            time += 1.0 / 30
            presses += 1
        }
        let seconds = Double(presses) / 30
        #expect(seconds > 2 && seconds < 15, "\(seconds) s to cross \(v.slice.count) points")
    }

    @Test func aPauseStartsOverAtOnePoint() {
        var v = ViewerState(series: Self.minutes, range: .fiveYears, columns: 80, rows: 24)
        _ = v.handle(.key(.end), at: 0)
        var time = 1.0
        for _ in 0..<60 { _ = v.handle(.key(.left), at: time); time += 1.0 / 30 }
        let before = v.cursor!
        _ = v.handle(.key(.left), at: time + 0.5)
        #expect(before - v.cursor! == 1)
        // The other direction starts over too.
        _ = v.handle(.key(.right), at: time + 0.52)
        #expect(v.cursor! == before)
    }

    @Test func shiftAndPageKeysMoveTenPointsExactly() throws {
        var v = ViewerState(series: Self.minutes, range: .fiveYears, columns: 80, rows: 24)
        let last = v.slice.last, first = v.slice.first
        _ = v.handle(.key(.shiftLeft), at: 0)
        #expect(v.cursor == last - 10, "from the newest point, ten points back")
        _ = v.handle(.key(.end), at: 1)
        _ = v.handle(.key(.shiftLeft), at: 2)
        #expect(v.cursor == last - 10)
        _ = v.handle(.key(.pageUp), at: 2.01)
        #expect(v.cursor == last - 20, "held or not, always ten")
        _ = v.handle(.key(.shiftRight), at: 2.02)
        _ = v.handle(.key(.pageDown), at: 2.03)
        #expect(v.cursor == last)
        _ = v.handle(.key(.home), at: 3)
        #expect(v.cursor == first)
        _ = v.handle(.key(.pageDown), at: 4)
        #expect(v.cursor == first + 10)
    }

    @Test func viKeysStepAndJumpLikeTheArrows() throws {
        var v = ViewerState(series: try Self.dax(), range: .oneMonth, columns: 80, rows: 24)
        _ = v.handle(.key(.character("G")), at: 0)
        #expect(v.cursor == v.slice.last)
        _ = v.handle(.key(.character("h")), at: 1)
        #expect(v.cursor == v.slice.last - 1)
        _ = v.handle(.key(.character("l")), at: 2)
        #expect(v.cursor == v.slice.last)
        _ = v.handle(.key(.character("g")), at: 3)
        #expect(v.cursor == v.slice.first)
        #expect(v.handle(.key(.character("Q")), at: 4) == [.stopSound, .quit(status: 0)])
    }
}
