import Glibc

/// A range as sound: a sine tone whose pitch follows the price (low prices low,
/// high prices high, on a `PitchMap`), left to right in `duration` seconds
/// whatever the number of points. The phase is accumulated so the tone never
/// clicks, and it fades in and out.
public struct Audiograph: Sendable, Equatable {
    /// Samples per second.
    public var sampleRate: Int
    /// Seconds from the first point to the last.
    public var duration: Double
    /// Hertz at the range's lowest price.
    package var lowFrequency: Double
    /// Hertz at the range's highest price.
    package var highFrequency: Double
    /// Seconds of fade in at the start and fade out at the end.
    package var fade: Double
    /// Peak level as a fraction of full scale.
    package var amplitude: Double

    public init(sampleRate: Int = 22_050, duration: Double = 3, lowFrequency: Double = 200,
                highFrequency: Double = 1600, fade: Double = 0.02, amplitude: Double = 0.5) {
        self.sampleRate = max(sampleRate, 1)
        self.duration = max(duration, 0.1)
        self.lowFrequency = lowFrequency
        self.highFrequency = highFrequency
        self.fade = max(fade, 0)
        self.amplitude = min(max(amplitude, 0), 1)
    }

    /// The number of samples the sound has.
    package var sampleCount: Int { max(Clamp.int((duration * Double(sampleRate)).rounded()), 2) }

    /// The 16-bit samples for the points of `slice`.
    public func samples(of series: PriceSeries, slice: RangeSlice) -> [Int16] {
        samples(of: series.prices, slice.first...slice.last)
    }

    /// The 16-bit samples for `prices[range]`. Each sample finds its position in the
    /// range and interpolates the price linearly between the neighbouring points.
    public func samples(of prices: [Double], _ range: ClosedRange<Int>) -> [Int16] {
        var low = prices[range.lowerBound]
        var high = low
        for i in range {
            low = min(low, prices[i])
            high = max(high, prices[i])
        }
        let pitch = PitchMap(minimum: low, maximum: high, lowFrequency: lowFrequency, highFrequency: highFrequency)
        let count = sampleCount
        let fadeSamples = max(Double(Clamp.int(fade * Double(sampleRate))), 1)
        let peak = amplitude * Double(Int16.max)
        let twoPi = 2 * Double.pi
        var phase = 0.0
        var out = [Int16](repeating: 0, count: count)
        for k in 0..<count {
            let position = Double(range.count - 1) * Double(k) / Double(count - 1)
            let left = min(Clamp.int(position), range.count - 1)
            let right = min(left + 1, range.count - 1)
            let t = position - Double(left)
            let price = prices[range.lowerBound + left] * (1 - t) + prices[range.lowerBound + right] * t
            let envelope = min(1, Double(k) / fadeSamples, Double(count - 1 - k) / fadeSamples)
            out[k] = Int16(clamping: Clamp.int((sin(phase) * peak * envelope).rounded()))
            phase += twoPi * pitch.frequency(of: price) / Double(sampleRate)
            if phase >= twoPi { phase -= twoPi }
        }
        return out
    }

    /// The complete WAV file for the points of `slice`.
    public func wav(of series: PriceSeries, slice: RangeSlice) -> [UInt8] {
        WAVEncoder.encode(samples: samples(of: series, slice: slice), sampleRate: sampleRate)
    }

    /// What the sound of `slice` is named after (its file's name): the range shown (`1M`),
    /// or the first and last day of a free window (`2019-04-17_to_2019-05-02`; intraday
    /// data adds the times, `2019-11-08_0930_to_2019-11-08_1559`).
    public static func label(of series: PriceSeries, slice: RangeSlice) -> String {
        guard slice.isWindow else { return slice.range.label }
        func moment(_ t: Int64) -> String {
            let day = LocalTime.date(t).description
            return series.hasTimeOfDay ? day + "_" + DateText.time(t).filter { $0 != ":" } : day
        }
        return moment(series.times[slice.first]) + "_to_" + moment(series.times[slice.last])
    }

    /// The series index sounding `seconds` after playback started (clamped to the
    /// slice), so a cursor can follow the sound.
    package func pointIndex(atPlaybackTime seconds: Double, in slice: RangeSlice) -> Int {
        guard seconds.isFinite else { return seconds > 0 ? slice.last : slice.first }
        let fraction = min(max(seconds / duration, 0), 1)
        return slice.first + Clamp.int((fraction * Double(slice.count - 1)).rounded())
    }
}
