import Foundation
import Testing
import TradeChartCore
import TradeChartTestSupport

@Suite("Audiograph")
struct AudiographTests {
    typealias S = AccessibilityTestSupport

    func render(_ series: PriceSeries, _ slice: RangeSlice? = nil, _ audiograph: Audiograph = Audiograph()) throws -> ParsedWAV {
        try ParsedWAV(audiograph.wav(of: series, slice: slice ?? S.wholeSlice(series)))
    }

    /// Relative difference.
    func near(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance * b }

    @Test func headerIsPCMMono16BitAndLastsAboutThreeSeconds() throws {
        let wav = try render(S.daily([1, 2, 3]))
        #expect(wav.sampleRate == 22_050)
        #expect(wav.duration >= 2.5 && wav.duration <= 3.5)
    }

    @Test func encoderWritesLittleEndianSamples() {
        let bytes = WAVEncoder.encode(samples: [1, -2, 0x1234], sampleRate: 8000)
        #expect(bytes.count == 44 + 6)
        #expect(Array(bytes[44...]) == [0x01, 0x00, 0xFE, 0xFF, 0x34, 0x12])
        #expect(Array(bytes[4..<8]) == [42, 0, 0, 0])
        #expect(Array(bytes[24..<28]) == [0x40, 0x1F, 0, 0])
    }

    @Test func rampRisesFrom200To1600Hz() throws {
        let wav = try render(S.daily((0..<50).map { 100 + Double($0) }))
        let pitches = wav.pitches()
        #expect(pitches.count >= 25)
        #expect(near(pitches.first!, 200, 0.15), "\(pitches.first!)")
        #expect(near(pitches.last!, 1600, 0.08), "\(pitches.last!)")
        for (a, b) in zip(pitches, pitches.dropFirst()) {
            #expect(b > a, "pitch does not rise: \(pitches)")
        }
    }

    @Test func vShapeFallsThenRises() throws {
        let prices: [Double] = (0...20).map { 50 + abs(Double($0) - 10) * 3 }
        let pitches = try render(S.daily(prices)).pitches()
        let lowest = pitches.indices.min { pitches[$0] < pitches[$1] }!
        #expect(abs(lowest - pitches.count / 2) <= 1, "\(pitches)")
        for i in 1..<lowest - 1 { #expect(pitches[i] < pitches[i - 1], "\(pitches)") }
        for i in lowest + 2..<pitches.count { #expect(pitches[i] > pitches[i - 1], "\(pitches)") }
        #expect(near(pitches[lowest], 200, 0.2))
    }

    @Test func flatSeriesIsASteadyMiddleTone() throws {
        let pitches = try render(S.daily([7, 7, 7, 7])).pitches()
        let middle = (200.0 * 1600).squareRoot()
        for p in pitches.dropFirst().dropLast() { #expect(near(p, middle, 0.03), "\(p)") }
    }

    @Test func dax1YPitchFollowsThePrice() throws {
        let series = try S.daxSeries()
        let slice = try #require(series.slice(.oneYear).slice)
        let audiograph = Audiograph()
        let wav = try render(series, slice, audiograph)
        #expect(wav.duration >= 2.5 && wav.duration <= 3.5)
        let pitches = wav.pitches()
        // The price at each window's middle, interpolated as the test reads the timeline.
        let prices = pitches.indices.map { w -> Double in
            let position = (Double(w) + 0.5) * 0.1 / wav.duration * Double(slice.count - 1)
            let i = min(Int(position), slice.count - 2)
            let t = position - Double(i)
            return series.prices[slice.first + i] * (1 - t) + series.prices[slice.first + i + 1] * t
        }
        let correlation = rankCorrelation(pitches, prices)
        #expect(correlation > 0.9, "rank correlation \(correlation)")
        let highestPrice = prices.indices.max { prices[$0] < prices[$1] }!
        let topPitches = pitches.indices.sorted { pitches[$0] > pitches[$1] }.prefix(3)
        #expect(topPitches.contains(highestPrice), "\(pitches)")
        #expect(pitches.min()! >= 180 && pitches.max()! <= 1700)
    }

    @Test func noClicks() throws {
        let audiograph = Audiograph()
        let series = try S.daxSeries()
        let wav = try render(series, series.slice(.fiveYears).slice, audiograph)
        let peak = audiograph.amplitude * Double(Int16.max)
        // The steepest a sine at the top pitch can move between samples, plus rounding.
        let bound = 2 * peak * sin(Double.pi * 1600 / Double(wav.sampleRate)) * 1.02 + 2
        #expect(Double(wav.largestJump) <= bound, "jump \(wav.largestJump) > \(bound)")
        #expect(abs(Int(wav.samples.first!)) <= 1 && abs(Int(wav.samples.last!)) <= 1)
        #expect(wav.samples.map { abs(Int($0)) }.max()! <= Int(peak) + 1)
    }

    @Test func manyPointsStillLastThreeSeconds() throws {
        let prices = (0..<200_000).map { 1000 + sin(Double($0) / 20_000) * 50 }
        let wav = try render(S.daily(prices))
        #expect(abs(wav.duration - 3) < 0.01)
    }

    @Test func pointIndexFollowsPlaybackTime() {
        let slice = RangeSlice(range: .oneYear, first: 100, last: 350, coversAllData: false)
        let audiograph = Audiograph()
        #expect(audiograph.pointIndex(atPlaybackTime: 0, in: slice) == 100)
        #expect(audiograph.pointIndex(atPlaybackTime: 1.5, in: slice) == 225)
        #expect(audiograph.pointIndex(atPlaybackTime: 3, in: slice) == 350)
        #expect(audiograph.pointIndex(atPlaybackTime: 9, in: slice) == 350)
        #expect(audiograph.pointIndex(atPlaybackTime: -1, in: slice) == 100)
    }
}
