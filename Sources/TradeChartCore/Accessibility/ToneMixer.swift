import Glibc

/// Plays tones one after another for a stream that a player reads: the newest tone
/// wins. A tone still sounding when the next one starts is not queued and not cut off
/// in the middle of a wave (a click): it fades out over `cutFade` seconds while the new
/// one rises. `render(count:)` gives the next samples; nothing is ever queued beyond
/// the tone sounding now.
public struct ToneMixer: Sendable {
    /// Samples per second.
    public let sampleRate: Int
    /// Seconds over which a tone cut short by a newer one fades out.
    package var cutFade: Double

    /// A tone being played: where it is, and where it was cut short.
    struct Voice: Sendable {
        var tone: Tone
        var phase = 0.0
        /// Samples rendered so far.
        var position = 0
        var length: Int
        var attack: Int
        var release: Int
        /// The position at which a newer tone cut it short, and the samples of its fade.
        var cut: (at: Int, fade: Int)?

        /// The level at `position`, 0...1: half a cosine up, flat, half a cosine down.
        func envelope() -> Double {
            var level = 1.0
            if position < attack { level = 0.5 - 0.5 * cos(Double.pi * Double(position) / Double(attack)) }
            let left = length - 1 - position
            if left < release { level = min(level, 0.5 - 0.5 * cos(Double.pi * Double(max(left, 0)) / Double(release))) }
            if let cut {
                let into = position - cut.at
                level *= into >= cut.fade ? 0 : 0.5 + 0.5 * cos(Double.pi * Double(into) / Double(cut.fade))
            }
            return level
        }

        var isDone: Bool { position >= length || cut.map { position - $0.at >= $0.fade } ?? false }
    }

    var voices: [Voice] = []

    public init(sampleRate: Int = 22_050, cutFade: Double = 0.006) {
        self.sampleRate = max(sampleRate, 1000)
        self.cutFade = max(cutFade, 0)
    }

    /// True when no tone sounds: the stream may go quiet (nothing to write).
    public var isSilent: Bool { voices.isEmpty }

    /// Starts `tone` now; a tone still sounding fades out quickly, one already fading goes.
    public mutating func start(_ tone: Tone) {
        let rate = Double(sampleRate)
        voices.removeAll { $0.cut != nil }
        for i in voices.indices {
            voices[i].cut = (voices[i].position, max(Clamp.int(cutFade * rate), 1))
        }
        let length = max(Clamp.int((tone.duration * rate).rounded()), 2)
        voices.append(Voice(tone: tone, length: length, attack: max(Clamp.int(tone.attack * rate), 1),
                            release: max(Clamp.int(tone.release * rate), 1)))
    }

    /// The next `count` samples (silence where no tone sounds).
    public mutating func render(count: Int) -> [Int16] {
        var out = [Double](repeating: 0, count: max(count, 0))
        let twoPi = 2 * Double.pi
        for v in voices.indices {
            let step = twoPi * voices[v].tone.frequency / Double(sampleRate)
            let peak = voices[v].tone.amplitude * Double(Int16.max)
            for k in out.indices {
                if voices[v].isDone { break }
                out[k] += sin(voices[v].phase) * peak * voices[v].envelope()
                voices[v].phase += step
                if voices[v].phase >= twoPi { voices[v].phase -= twoPi }
                voices[v].position += 1
            }
        }
        voices.removeAll { $0.isDone }
        return out.map { Int16(clamping: Clamp.int($0.rounded())) }
    }
}
