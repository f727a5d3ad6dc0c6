import Foundation
import Testing
import TradeChartCore
import TradeChartTestSupport

/// The tone of a cursor step, measured from its samples: its pitch, its length, and
/// an envelope that starts and ends in silence without a click.
@Suite("Tones")
struct ToneTests {
    static let rate = 22_050

    /// The largest step from one sample to the next that a sine of `frequency` at `peak`
    /// makes, with a little room for the envelope's own slope.
    static func smoothStep(_ frequency: Double, peak: Double) -> Double {
        peak * 2 * Double.pi * frequency / Double(rate) * 1.1 + peak * 0.01
    }

    @Test(arguments: [200.0, 440.0, 912.5, 1600.0])
    func thePitchMeasuredFromTheSamplesIsTheTonesFrequency(frequency: Double) throws {
        let samples = Tone(frequency: frequency).samples(sampleRate: Self.rate)
        let measured = try #require(measuredFrequency(samples[...], sampleRate: Self.rate))
        #expect(abs(measured - frequency) / frequency < 0.005, "measured \(measured) Hz")
    }

    @Test func eachPriceSoundsAtItsPitchOnTheAudiographsScale() throws {
        // The prices of a range, low to high, and the tone each step plays.
        let series = SampleSeries.daily([100, 120, 110, 150, 130, 180, 160, 200])
        var viewer = ViewerState(series: series, range: .fiveYears, options: ViewerOptions(tones: true),
                                 columns: 100, rows: 30)
        let scale = PitchMap(minimum: 100, maximum: 200)
        var measured: [Double] = []
        for step in 0..<series.count {
            let commands = viewer.handle(.key(step == 0 ? .home : .right), at: Double(step))
            guard case .playTone(let frequency)? = commands.last else {
                Issue.record("no tone for step \(step): \(commands)")
                return
            }
            let samples = Tone(frequency: frequency).samples(sampleRate: Self.rate)
            let pitch = try #require(measuredFrequency(samples[...], sampleRate: Self.rate))
            let price = series.prices[step]
            #expect(abs(pitch - scale.frequency(of: price)) / scale.frequency(of: price) < 0.005, "price \(price): \(pitch) for \(scale.frequency(of: price)), commanded \(frequency)")
            measured.append(pitch)
        }
        #expect(abs(measured[0] - Audiograph().lowFrequency) < 2, "the lowest price sounds the audiograph's lowest pitch")
        #expect(abs(measured[7] - Audiograph().highFrequency) < 8, "the highest its highest")
        #expect(rankCorrelation(measured, series.prices) > 0.999, "higher prices, higher pitches")
    }

    @Test func aToneLastsAboutEightyMillisecondsAndRisesAndFallsSoftly() {
        let tone = Tone(frequency: 440)
        let samples = Tone(frequency: 440).samples(sampleRate: Self.rate)
        #expect(abs(Double(samples.count) / Double(Self.rate) - 0.08) < 0.002)
        let peak = tone.amplitude * Double(Int16.max)
        // Silence at both ends: no jump from nothing to a loud sample.
        #expect(abs(Int(samples.first!)) <= 1 && abs(Int(samples.last!)) < Int(peak * 0.02))
        let jump = zip(samples, samples.dropFirst()).map { abs(Int($1) - Int($0)) }.max()!
        #expect(Double(jump) <= Self.smoothStep(440, peak: peak), "largest step \(jump)")
        // The level (peak of each 5 ms) rises through the attack, holds, and falls through the release.
        let window = Self.rate / 200
        let levels = stride(from: 0, to: samples.count - window + 1, by: window).map { start in
            samples[start..<start + window].map { abs(Int($0)) }.max()!
        }
        #expect(Double(levels[0]) < peak * 0.5, "a soft attack")
        #expect(Double(levels[levels.count / 2]) > peak * 0.95, "full level in the middle")
        #expect(Double(levels.last!) < peak * 0.3, "a soft release")
        let rise = levels.prefix(3), fall = levels.suffix(4)
        #expect(Array(rise) == rise.sorted(), "the attack only rises: \(Array(rise))")
        #expect(Array(fall) == fall.sorted(by: >), "the release only falls: \(Array(fall))")
    }

    @Test func aNewerToneCutsTheOldOneShortWithoutAClickAndNothingQueues() {
        var mixer = ToneMixer(sampleRate: Self.rate)
        let low = Tone(frequency: 300), high = Tone(frequency: 1200)
        mixer.start(low)
        // 9.25 waves into the first tone: at its crest, where stopping dead would click.
        let cut = Int(9.25 / 300 * Double(Self.rate))
        var samples = mixer.render(count: cut)
        mixer.start(high)
        samples += mixer.render(count: Self.rate)  // a second: as long as anything sounds
        let sounding = soundingStretches(samples, gap: 10)
        #expect(sounding.count == 1)
        // Nothing queued: it all ends when the newer tone ends, 80 ms after it began.
        let end = Double(sounding.last!.upperBound - cut) / Double(Self.rate)
        #expect(abs(end - 0.08) < 0.002, "sound ends \(end) s after the newer tone began")
        let peak = high.amplitude * Double(Int16.max)
        let jump = zip(samples, samples.dropFirst()).map { abs(Int($1) - Int($0)) }.max()!
        #expect(Double(jump) <= Self.smoothStep(1200, peak: peak) + Self.smoothStep(300, peak: peak),
                "largest step \(jump) where the tones meet")
        // Once the old tone has faded (within 10 ms), the newer one sounds alone, as it would by itself.
        let alone = high.samples(sampleRate: Self.rate)
        let settled = Self.rate / 100
        let differences = (settled..<alone.count).map { abs(Int(samples[cut + $0]) - Int(alone[$0])) }
        #expect(differences.max()! <= 1, "the old tone still sounds \(settled) samples after the newer began")
        #expect(mixer.isSilent)
    }

    @Test func theStreamHeaderAnnouncesSixteenBitMonoOfUnknownLength() {
        let header = WAVEncoder.streamHeader(sampleRate: 22_050)
        #expect(header.count == WAVEncoder.headerSize)
        #expect(Array(header[0..<4]) == Array("RIFF".utf8) && Array(header[36..<40]) == Array("data".utf8))
        #expect(Array(header[4..<8]) == [0xFF, 0xFF, 0xFF, 0xFF], "RIFF size: not known")
        #expect(Array(header[40..<44]) == [0xFF, 0xFF, 0xFF, 0xFF], "data size: not known, read to the end")
        #expect(Array(header[24..<28]) == [0x22, 0x56, 0, 0], "22050 samples a second")
        #expect(Array(WAVEncoder.encode(samples: [1, 2], sampleRate: 22_050)[0..<36]) == Array(header[0..<4])
                + [40, 0, 0, 0] + Array(header[8..<36]), "a whole file differs only in its sizes")
    }
}
